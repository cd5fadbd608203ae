import {
  AUTHKIT_ERROR_CODES,
  AuthKitError,
  codeOfServerError,
  parseRetryAfter,
  toAuthKitError,
} from "../src/core/errors.ts";
import { describeError, loadLocale, LOCALES, messagesFor, resolveLocale } from "../src/i18n/index.ts";

const domError = (name: string, message = "x") => Object.assign(new Error(message), { name });
/** What @simplewebauthn/browser throws: a WebAuthnError with a code and the DOMException as cause. */
const wrapped = (code: string, cause: Error) =>
  Object.assign(new Error(cause.message), { name: cause.name, code, cause });

describe("server error codes", () => {
  it.each([
    ["credential_not_found", 404, "credential_not_found"],
    ["challenge_expired", 410, "challenge_expired"],
    ["user_disabled", 403, "user_disabled"],
    ["rate_limited", 429, "rate_limited"],
    ["configuration_error", 403, "configuration_error"],
    ["unauthenticated", 401, "configuration_error"],
    ["token_expired", 401, "challenge_expired"],
    ["invalid_credentials", 401, "invalid_credentials"],
    ["tenant_disabled", 403, "configuration_error"],
    ["forbidden", 403, "configuration_error"],
    ["service_unavailable", 503, "server_unreachable"],
    ["verification_failed", 400, "server_error"],
    ["validation_failed", 400, "server_error"],
    ["not_found", 404, "server_error"],
    ["server_error", 500, "server_error"],
    [undefined, 429, "rate_limited"],
    [undefined, 502, "server_error"],
  ])("%s (%i) → %s", (serverCode, status, code) => {
    expect(codeOfServerError(serverCode, status)).toBe(code);
  });
});

describe("browser errors", () => {
  it("NotAllowedError (dismissed or timed out) is user_cancelled, bare or wrapped by SimpleWebAuthn", () => {
    expect(toAuthKitError(domError("NotAllowedError")).code).toBe("user_cancelled");
    expect(
      toAuthKitError(wrapped("ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY", domError("NotAllowedError"))).code,
    ).toBe("user_cancelled");
    expect(toAuthKitError(wrapped("ERROR_CEREMONY_ABORTED", domError("AbortError"))).code).toBe(
      "user_cancelled",
    );
  });

  it("a NotAllowedError within a second of the prompt is no passkey here, later a cancel", () => {
    expect(toAuthKitError(domError("NotAllowedError"), { signInMs: 5 })).toMatchObject({
      code: "credential_not_found",
      message: "No passkey for this site on this device.",
    });
    expect(toAuthKitError(domError("NotAllowedError"), { signInMs: 2500 }).code).toBe("user_cancelled");
    // A frame without allow="publickey-credentials-get": the site's setup.
    const policy = domError(
      "NotAllowedError",
      "The 'publickey-credentials-get' feature is not enabled in this document.",
    );
    expect(toAuthKitError(policy, { signInMs: 3 }).code).toBe("configuration_error");
  });

  it("a sign-in prompt that nothing answered until its timeout (no authenticator) is no passkey here", () => {
    const timedOut = { signInMs: 300_004, signInTimeoutMs: 300_000 };
    expect(toAuthKitError(domError("NotAllowedError"), timedOut).code).toBe("credential_not_found");
    // Closed by the person a minute in: a cancel.
    const closed = { signInMs: 60_000, signInTimeoutMs: 300_000 };
    expect(toAuthKitError(domError("NotAllowedError"), closed).code).toBe("user_cancelled");
    // Aborted by the page (the person chose their phone) at any time: a cancel.
    expect(toAuthKitError(domError("AbortError"), timedOut).code).toBe("user_cancelled");
  });

  it("a SecurityError (RP ID not valid for the page) is configuration_error naming the rp_id", () => {
    const error = toAuthKitError(domError("SecurityError"), { rpId: "acme.com" });
    expect(error.code).toBe("configuration_error");
    expect(error.message).toContain('"acme.com"');
    expect(toAuthKitError(wrapped("ERROR_INVALID_RP_ID", domError("SecurityError"))).code).toBe(
      "configuration_error",
    );
  });

  it("no WebAuthn is webauthn_not_supported", () => {
    expect(toAuthKitError(new Error("WebAuthn is not supported in this browser")).code).toBe(
      "webauthn_not_supported",
    );
    expect(toAuthKitError(domError("NotSupportedError")).code).toBe("webauthn_not_supported");
  });

  it("an authenticator that already holds the passkey is explained; anything else is unknown", () => {
    expect(toAuthKitError(domError("InvalidStateError")).message).toBe(
      "This authenticator already holds a passkey for this account.",
    );
    const other = toAuthKitError(new Error("odd"));
    expect(other).toBeInstanceOf(AuthKitError);
    expect(other).toMatchObject({ code: "unknown", message: "odd" });
    expect(toAuthKitError("text")).toMatchObject({ code: "unknown", message: "text" });
  });

  it("keeps an AuthKitError as it is and the original as cause", () => {
    const original = new AuthKitError("rate_limited", "Slow down.", { retryAfter: 3 });
    expect(toAuthKitError(original)).toBe(original);
    const cause = domError("NotAllowedError");
    expect(toAuthKitError(cause).cause).toBe(cause);
  });
});

describe("AuthKitError", () => {
  it("is an Error with name, code and the optional retryAfter, serverCode and status", () => {
    const error = new AuthKitError("rate_limited", "Too many.", {
      retryAfter: 30,
      serverCode: "rate_limited",
      status: 429,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: "AuthKitError",
      code: "rate_limited",
      retryAfter: 30,
      serverCode: "rate_limited",
      status: 429,
    });
    expect(new AuthKitError("unknown", "x")).not.toHaveProperty("retryAfter");
  });
});

describe("parseRetryAfter", () => {
  it("reads delta-seconds and HTTP dates, and nothing else", () => {
    expect(parseRetryAfter("42")).toBe(42);
    expect(
      parseRetryAfter("Wed, 21 Oct 2015 07:28:30 GMT", Date.parse("Wed, 21 Oct 2015 07:28:00 GMT")),
    ).toBe(30);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter("-5")).toBeUndefined();
  });
});

describe("languages", () => {
  it("speaks English until a language is loaded", () => {
    expect(messagesFor("de").signInLabel).toBe(LOCALES.en.signInLabel);
  });
});

describe("describeError", () => {
  beforeAll(async () => {
    await Promise.all(["de", "fr", "es"].map((locale) => loadLocale(locale)));
  });

  const error = (code: AuthKitError["code"], options: { serverCode?: string; retryAfter?: number } = {}) =>
    new AuthKitError(code, "TypeError: fetch failed at https://internal:8080", options);

  it("never shows the developer's message, in any language", () => {
    for (const locale of ["en", "de", "fr", "es"]) {
      for (const code of AUTHKIT_ERROR_CODES) {
        const text = describeError(error(code), { locale });
        expect(text).not.toContain("fetch failed");
        expect(text.length).toBeGreaterThan(10);
      }
    }
  });

  it("words each case for a person, and takes the site's own sentences", () => {
    expect(describeError(error("configuration_error"))).toBe("Sign-in isn't set up correctly on this site.");
    expect(
      describeError(error("challenge_expired", { serverCode: "token_expired" }), { locale: "de-AT" }),
    ).toBe("Diese Seite war zu lange geöffnet. Laden Sie sie neu, um fortzufahren.");
    expect(describeError(error("invalid_credentials"), { locale: "fr" })).toBe(
      "Nom d’utilisateur ou mot de passe incorrect.",
    );
    expect(describeError(error("rate_limited", { retryAfter: 12 }), { locale: "es" })).toBe(
      "Demasiados intentos. Vuelve a intentarlo en 12 segundos.",
    );
    expect(describeError(error("credential_not_found"), { locale: "xx" })).toBe(
      "There's no passkey for this site on this device. Use your phone, or create a passkey first.",
    );
    expect(
      describeError(error("user_cancelled"), { locale: "en", messages: { errorCancelledSignIn: "Nope." } }),
    ).toBe("Nope.");
  });

  it("ships every sentence in every language", () => {
    const keys = Object.keys(LOCALES.en).sort();
    expect(Object.keys(LOCALES).sort()).toEqual(["de", "en", "es", "fr"]);
    for (const [locale, messages] of Object.entries(LOCALES)) {
      expect([locale, Object.keys(messages).sort()]).toEqual([locale, keys]);
      for (const [key, text] of Object.entries(messages)) {
        // Placeholders survive translation.
        expect([key, text.match(/\{\w+\}/g) ?? []]).toEqual([
          key,
          LOCALES.en[key as keyof typeof LOCALES.en].match(/\{\w+\}/g) ?? [],
        ]);
      }
    }
    expect(resolveLocale("ES_mx")).toBe("es");
    expect(messagesFor("de").signInLabel).toBe("Mit Passkey anmelden");
  });
});
