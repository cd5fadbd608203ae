import { isStorableText, queryInteger, StorableText, StorableUrl, z } from "../src/index.ts";

describe("StorableText", () => {
  it("refuses NUL and unpaired surrogates, keeps every other character", () => {
    for (const text of ["", "plain", "été", "😀", "\u0007\u202e", "tab\tand\nnewline"]) {
      expect(isStorableText(text)).toBe(true);
      expect(StorableText.safeParse(text).success).toBe(true);
    }
    for (const text of ["\u0000", "a\u0000b", "\ud800", "x\udfff", "\ude00\ud83d"]) {
      expect(isStorableText(text)).toBe(false);
      expect(StorableText.safeParse(text).success).toBe(false);
    }
    expect(StorableText.trim().min(1).safeParse("  \u0000 ").success).toBe(false);
    expect(StorableUrl.safeParse("https://example.com/a\u0000").success).toBe(false);
    expect(StorableUrl.safeParse("https://example.com/a").success).toBe(true);
  });
});

describe("queryInteger", () => {
  const limit = queryInteger(z.number().int().min(1).max(200)).default(50);

  it("reads plain base-10 digits and passes numbers through", () => {
    expect(limit.parse("7")).toBe(7);
    expect(limit.parse("007")).toBe(7);
    expect(limit.parse(12)).toBe(12);
    expect(limit.parse(undefined)).toBe(50);
  });

  it("refuses every other spelling of a number", () => {
    for (const text of ["1e2", "0x10", "+7", " 5", "5 ", "5.0", "", "Infinity", "NaN", "0b11", "1_000"]) {
      expect(limit.safeParse(text).success).toBe(false);
    }
    expect(limit.safeParse("201").success).toBe(false);
  });
});
