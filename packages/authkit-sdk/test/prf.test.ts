import { createHash, randomBytes } from "node:crypto";
import {
  fromBase64Url,
  prfExtensionInput,
  prfHash,
  readPrfOutput,
  toBase64Url,
  withoutPrfResults,
} from "../src/prf/index.ts";

describe("base64url", () => {
  it("encodes bytes like Node's base64url, and decodes them back, for every length", () => {
    for (let length = 0; length < 70; length += 1) {
      const bytes = randomBytes(length);
      const text = toBase64Url(bytes);
      expect(text).toBe(bytes.toString("base64url"));
      expect(Buffer.from(fromBase64Url(text))).toEqual(bytes);
    }
  });

  it("accepts an ArrayBuffer or a view, and padded input", () => {
    const bytes = new Uint8Array([251, 255, 191]);
    expect(toBase64Url(bytes.buffer)).toBe("-_-_");
    expect(toBase64Url(new DataView(bytes.buffer, 1))).toBe("_78");
    expect(Array.from(fromBase64Url("_78="))).toEqual([255, 191]);
  });

  it("refuses what is not base64url", () => {
    expect(() => fromBase64Url("a+b/")).toThrow(TypeError);
    expect(() => fromBase64Url("abcde")).toThrow(TypeError);
  });
});

describe("prfHash", () => {
  it("is base64url SHA-256 of challengeId ':' prfOutput", async () => {
    const expected = createHash("sha256").update("ch_123:b3V0cHV0").digest("base64url");
    await expect(prfHash("ch_123", "b3V0cHV0")).resolves.toBe(expected);
  });
});

describe("the PRF extension", () => {
  it("decodes the salt to bytes before the ceremony", () => {
    const input = prfExtensionInput("c2FsdA");
    expect(input.prf.eval.first).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(input.prf.eval.first).toString()).toBe("salt");
  });

  it("encodes the output to base64url (an ArrayBuffer would serialise to {})", () => {
    const output = new Uint8Array(32).fill(7).buffer;
    expect(JSON.stringify({ output })).toBe('{"output":{}}');
    expect(readPrfOutput({ prf: { results: { first: output } } })).toEqual({
      prfOutput: Buffer.alloc(32, 7).toString("base64url"),
      enabled: true,
    });
    expect(readPrfOutput({ prf: { enabled: true } })).toEqual({ enabled: true });
    expect(readPrfOutput({})).toEqual({ enabled: false });
  });

  it("keeps the output out of the credential sent to the server", () => {
    const credential = {
      id: "x",
      clientExtensionResults: {
        prf: { enabled: true, results: { first: new ArrayBuffer(32) } },
        credProps: { rk: true },
      },
    };
    expect(withoutPrfResults(credential).clientExtensionResults).toEqual({
      prf: { enabled: true },
      credProps: { rk: true },
    });
  });
});
