// The SDK's own WebAuthn ceremony code (src/webauthn/ceremony.ts) against a scripted
// navigator.credentials: what it hands the browser and what JSON it hands the server. Real
// ceremonies (a virtual authenticator in Chromium) run in the auth server's browser tests.
import { toAuthKitError } from "../src/core/errors.ts";
import { toBase64Url } from "../src/prf/base64url.ts";
import { cancelCeremony, createCredential, getCredential } from "../src/webauthn/ceremony.ts";

const bytes = (...values: number[]) => new Uint8Array(values).buffer;
let calls: { kind: string; options: CredentialRequestOptions & CredentialCreationOptions }[] = [];
let answer: (signal: AbortSignal) => Promise<unknown>;

beforeEach(() => {
  calls = [];
  Object.assign(globalThis, {
    PublicKeyCredential: function PublicKeyCredential() {},
    navigator: {
      credentials: {
        get: (options: never) => (
          calls.push({ kind: "get", options }),
          answer((options as CredentialRequestOptions).signal!)
        ),
        create: (options: never) => (
          calls.push({ kind: "create", options }),
          answer((options as CredentialCreationOptions).signal!)
        ),
      },
    },
  });
});

const assertion = {
  id: "AQID",
  rawId: bytes(1, 2, 3),
  authenticatorAttachment: "platform",
  getClientExtensionResults: () => ({ prf: { results: { first: bytes(9) } } }),
  response: {
    authenticatorData: bytes(4),
    clientDataJSON: bytes(5),
    signature: bytes(6),
    userHandle: bytes(7, 8),
  },
};

it("signs in: base64url options become bytes for the browser, the credential becomes base64url JSON", async () => {
  answer = async () => assertion;
  const json = await getCredential({
    challenge: "AAEC",
    rpId: "example.com",
    allowCredentials: [{ id: "-_8", type: "public-key", transports: ["internal"] }],
    extensions: { prf: { eval: { first: new Uint8Array([1]) } } } as never,
  });
  const publicKey = calls[0]!.options.publicKey as PublicKeyCredentialRequestOptions;
  expect(Array.from(new Uint8Array(publicKey.challenge as ArrayBuffer))).toEqual([0, 1, 2]);
  expect(Array.from(publicKey.allowCredentials![0]!.id as Uint8Array)).toEqual([251, 255]);
  expect(publicKey.rpId).toBe("example.com");
  expect(calls[0]!.options.mediation).toBeUndefined();
  expect(json).toEqual({
    id: "AQID",
    rawId: "AQID",
    type: "public-key",
    authenticatorAttachment: "platform",
    clientExtensionResults: { prf: { results: { first: bytes(9) } } },
    response: { authenticatorData: "BA", clientDataJSON: "BQ", signature: "Bg", userHandle: "Bwg" },
  });
});

it("autofill asks for conditional mediation with no allow list", async () => {
  answer = async () => ({ ...assertion, response: { ...assertion.response, userHandle: null } });
  const json = await getCredential(
    { challenge: "AAEC", allowCredentials: [{ id: "AQ", type: "public-key" }] },
    true,
  );
  expect(calls[0]!.options.mediation).toBe("conditional");
  expect((calls[0]!.options.publicKey as PublicKeyCredentialRequestOptions).allowCredentials).toEqual([]);
  expect(json.response.userHandle).toBeUndefined();
});

it("registers: user id and excluded ids become bytes; the optional getters are read when they work", async () => {
  answer = async () => ({
    id: "AQ",
    rawId: bytes(1),
    authenticatorAttachment: "weird",
    getClientExtensionResults: () => ({}),
    response: {
      attestationObject: bytes(2),
      clientDataJSON: bytes(3),
      getTransports: () => ["internal", "hybrid"],
      getPublicKeyAlgorithm: () => -7,
      getPublicKey: () => {
        throw new Error("a broken extension");
      },
      getAuthenticatorData: () => bytes(4),
    },
  });
  const json = await createCredential({
    challenge: "AAEC",
    rp: { name: "Example", id: "example.com" },
    user: { id: toBase64Url(bytes(42)), name: "ada", displayName: "Ada" },
    pubKeyCredParams: [{ type: "public-key", alg: -7 }],
    excludeCredentials: [{ id: "AQ", type: "public-key" }],
  });
  const publicKey = calls[0]!.options.publicKey as PublicKeyCredentialCreationOptions;
  expect(Array.from(publicKey.user.id as Uint8Array)).toEqual([42]);
  expect(Array.from(publicKey.excludeCredentials![0]!.id as Uint8Array)).toEqual([1]);
  expect(json).toEqual({
    id: "AQ",
    rawId: "AQ",
    type: "public-key",
    clientExtensionResults: {},
    response: {
      attestationObject: "Ag",
      clientDataJSON: "Aw",
      transports: ["internal", "hybrid"],
      publicKeyAlgorithm: -7,
      authenticatorData: "BA",
    },
  });
  expect("authenticatorAttachment" in json && json.authenticatorAttachment).toBeFalsy();
});

it("cancelCeremony ends the pending prompt; the error reads as cancelled, not as a missing passkey", async () => {
  answer = (signal) =>
    new Promise((_, reject) =>
      signal.addEventListener("abort", () =>
        reject(Object.assign(new Error("aborted"), { name: "AbortError" })),
      ),
    );
  const pending = getCredential({ challenge: "AA" });
  cancelCeremony();
  const error = toAuthKitError(await pending.catch((thrown: unknown) => thrown), { signInMs: 10 });
  expect(error.code).toBe("user_cancelled");
  expect(error.message).toBe("The passkey request was cancelled.");
});

it("a new ceremony ends the one before it", async () => {
  answer = (signal) =>
    new Promise((resolve, reject) => {
      signal.addEventListener("abort", () => reject(new Error("aborted")));
      setTimeout(() => resolve(assertion), 20);
    });
  const first = getCredential({ challenge: "AA" });
  const second = getCredential({ challenge: "AA" });
  await expect(first).rejects.toMatchObject({ name: "AbortError", code: "ERROR_CEREMONY_ABORTED" });
  await expect(second).resolves.toMatchObject({ id: "AQID" });
});
