import { bearerToken } from "../src/index.ts";

describe("bearerToken", () => {
  it("reads the token of a Bearer header, the scheme in any case", () => {
    expect(bearerToken("Bearer bt_abc")).toBe("bt_abc");
    expect(bearerToken("bearer  bt_abc ")).toBe("bt_abc");
    expect(bearerToken("BEARER\tbt_abc")).toBe("bt_abc");
  });

  it("refuses no header, another scheme, no token or two words", () => {
    for (const header of [undefined, "", "Basic abc", "Bearer", "Bearer ", "Bearer a b", "Bearerabc"]) {
      expect(bearerToken(header)).toBeUndefined();
    }
  });
});
