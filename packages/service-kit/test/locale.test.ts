import type { Request } from "express";
import { acceptedLocale, matchLocale, negotiateLocale } from "../src/index.ts";

const SUPPORTED = ["en", "de", "fr", "es"] as const;
const request = (query: Record<string, unknown>, acceptLanguage?: string) =>
  ({ query, headers: acceptLanguage ? { "accept-language": acceptLanguage } : {} }) as unknown as Request;

describe("page languages", () => {
  it("matches a tag by its primary subtag only", () => {
    expect(matchLocale("de-AT", SUPPORTED)).toBe("de");
    expect(matchLocale("FR_ca", SUPPORTED)).toBe("fr");
    expect(matchLocale("pt-BR", SUPPORTED)).toBeUndefined();
    expect(matchLocale(undefined, SUPPORTED)).toBeUndefined();
  });

  it("takes the best supported language of Accept-Language, by quality then order", () => {
    expect(acceptedLocale("de-DE,de;q=0.9,en;q=0.8", SUPPORTED)).toBe("de");
    expect(acceptedLocale("pt-BR, es;q=0.4, fr;q=0.6", SUPPORTED)).toBe("fr");
    expect(acceptedLocale("ja, *;q=0.1", SUPPORTED)).toBeUndefined();
    expect(acceptedLocale("de;q=0, en", SUPPORTED)).toBe("en");
    expect(acceptedLocale(undefined, SUPPORTED)).toBeUndefined();
  });

  it("prefers the link's lang, then Accept-Language, then the first supported", () => {
    expect(negotiateLocale(request({ lang: "es" }, "de-DE"), SUPPORTED)).toBe("es");
    expect(negotiateLocale(request({}, "de-DE,de;q=0.9"), SUPPORTED)).toBe("de");
    expect(negotiateLocale(request({ lang: "xx" }, "fr-FR"), SUPPORTED)).toBe("fr");
    expect(negotiateLocale(request({ lang: ["de"] }, "ja"), SUPPORTED)).toBe("en");
    expect(negotiateLocale(request({}), SUPPORTED)).toBe("en");
  });
});
