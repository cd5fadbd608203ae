import type { AuthKitClient } from "../../core/client.ts";
import { AuthKitError, toAuthKitError } from "../../core/errors.ts";
import { errorDetail } from "../../core/events.ts";
import type {
  AuthenticateFinishBody,
  AuthenticateStartAnswer,
  AuthenticateStartBody,
  AuthResponse,
  AuthSuccess,
  LoginAnswer,
  LoginResult,
} from "../../core/types.ts";
import { prfExtensionInput, readPrfOutput, withoutPrfResults } from "../../prf/index.ts";
import { failureOf, loginResult } from "../results.ts";
import {
  cancelCeremony,
  getCredential,
  supportsAutofill,
  supportsWebAuthn,
} from "../../webauthn/ceremony.ts";

export interface PasskeyAuthenticateOptions {
  /** base64url salt for the PRF extension; decoded before the ceremony and never sent to the server. */
  prfSalt?: string;
  /**
   * Evaluate PRF with the tenant's server-derived salt (the one registration used) and hand the
   * output to the tenant's server as well (verify-auth `prfResult`). Ignored when `prfSalt` is set.
   */
  prf?: boolean;
  onSuccess?: (result: AuthSuccess<LoginResult>) => void;
  onError?: (error: AuthKitError) => void;
}

export const unsupported = () =>
  new AuthKitError(
    "webauthn_not_supported",
    "This browser does not support passkeys (WebAuthn), or the page is not secure (HTTPS).",
  );

/** An autofill request is renewed before its challenge (5 minutes) runs out. */
export const AUTOFILL_RENEW_MS = 4 * 60 * 1000;

/**
 * Passkey login: authenticate/start → navigator.credentials.get() → authenticate/finish.
 * Emits PASSKEY_START, then PASSKEY_SUCCESS + AUTH_SUCCESS or PASSKEY_ERROR + AUTH_ERROR.
 */
export function authenticateWithPasskey(
  auth: AuthKitClient,
  options: PasskeyAuthenticateOptions = {},
): Promise<AuthResponse<LoginResult>> {
  auth.emit("authkit:passkey:start", { timestamp: Date.now() });
  return signIn(auth, options, false);
}

/**
 * Passkey autofill (WebAuthn conditional mediation): the browser offers the site's passkeys in the
 * autofill of an `<input autocomplete="username webauthn">` on this page, and this resolves once
 * the person picks one (the same result and events as `authenticate()`). It waits as long as the
 * page is open, renewing its challenge every 4 minutes. A modal passkey request on the page, or
 * `cancelAutofill()`, ends it with `user_cancelled` and no error event.
 */
export async function autofillPasskey(
  auth: AuthKitClient,
  options: PasskeyAuthenticateOptions = {},
): Promise<AuthResponse<LoginResult>> {
  if (!(await supportsAutofill())) {
    const error = new AuthKitError(
      "webauthn_not_supported",
      "This browser does not offer passkeys in autofill.",
    );
    options.onError?.(error);
    return failureOf(error);
  }
  for (;;) {
    let renewing = false;
    const renew = setTimeout(() => {
      renewing = true;
      cancelCeremony();
    }, AUTOFILL_RENEW_MS);
    const result = await signIn(auth, options, true, () => renewing).finally(() => clearTimeout(renew));
    if (!renewing) return result;
  }
}

/** Ends a pending `autofill()`. */
export const cancelAutofill = () => cancelCeremony();

async function signIn(
  auth: AuthKitClient,
  options: PasskeyAuthenticateOptions,
  autofill: boolean,
  renewing: () => boolean = () => false,
): Promise<AuthResponse<LoginResult>> {
  let rpId: string | undefined;
  try {
    if (!supportsWebAuthn() || !window.isSecureContext) throw unsupported();
    const serverSalt = options.prf === true && !options.prfSalt;
    const start = await auth.request<AuthenticateStartAnswer>({
      path: "/auth/v1/authenticate/start",
      body: (serverSalt ? { prf: true } : {}) satisfies AuthenticateStartBody,
    });
    rpId = start.options.rpId;
    const salt = options.prfSalt ?? (serverSalt ? start.prfSalt : undefined);
    const wantsPrf = Boolean(options.prfSalt) || serverSalt;
    const optionsJSON = {
      ...start.options,
      extensions: { ...start.options.extensions, ...(salt ? prfExtensionInput(salt) : {}) },
    } as typeof start.options;
    const promptedAt = Date.now();
    const credential = await getCredential(optionsJSON, autofill).catch((error: unknown) => {
      // An autofill request refused at once is not "no passkey here": it was replaced or ended.
      throw toAuthKitError(error, {
        rpId,
        ...(autofill ? {} : { signInMs: Date.now() - promptedAt, signInTimeoutMs: start.options.timeout }),
      });
    });
    const { prfOutput } = readPrfOutput(credential.clientExtensionResults);
    const login = await auth.request<LoginAnswer>({
      path: "/auth/v1/authenticate/finish",
      body: {
        challengeId: start.challengeId,
        credential: withoutPrfResults(credential),
        // Only the server-derived salt's output is meant for the tenant's server.
        ...(serverSalt && prfOutput ? { prfResult: prfOutput } : {}),
      } satisfies AuthenticateFinishBody,
    });
    const result: LoginResult = {
      ...loginResult(login),
      ...(wantsPrf
        ? { ...(prfOutput ? { prfOutput } : {}), capabilities: { prf: prfOutput !== undefined } }
        : {}),
    };
    auth.log("passkey login succeeded", { prf: wantsPrf ? prfOutput !== undefined : "not requested" });
    auth.emit("authkit:passkey:success", result);
    auth.emit("authkit:auth:success", result);
    const success: AuthSuccess<LoginResult> = { success: true, ...result };
    options.onSuccess?.(success);
    return success;
  } catch (thrown) {
    const error = toAuthKitError(thrown, { rpId });
    if (autofill && (error.code === "user_cancelled" || renewing())) {
      auth.log("passkey autofill ended:", error.message);
      return failureOf(error);
    }
    auth.log("passkey login failed:", error.code, error.message);
    auth.emit("authkit:passkey:error", errorDetail(error));
    auth.emit("authkit:auth:error", errorDetail(error));
    options.onError?.(error);
    return failureOf(error);
  }
}
