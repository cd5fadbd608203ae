import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";
import type { AuthKit } from "../../core/authkit.ts";
import { AuthKitError, toAuthKitError } from "../../core/errors.ts";
import { errorDetail, type SuccessDetail } from "../../core/events.ts";
import type { AuthenticateStartAnswer, AuthResponse, AuthSuccess, LoginAnswer } from "../../core/types.ts";
import { prfExtensionInput, readPrfOutput, withoutPrfResults } from "../../prf/index.ts";
import { failureOf } from "../results.ts";

export interface PasskeyAuthenticateOptions {
  /** base64url salt for the PRF extension; decoded before the ceremony and never sent to the server. */
  prfSalt?: string;
  /**
   * Evaluate PRF with the tenant's server-derived salt (the one registration used) and hand the
   * output to the tenant's server as well (verify-auth `prfResult`). Ignored when `prfSalt` is set.
   */
  prf?: boolean;
  onSuccess?: (result: AuthSuccess) => void;
  onError?: (error: AuthKitError) => void;
}

export const unsupported = () =>
  new AuthKitError(
    "webauthn_not_supported",
    "This browser does not support passkeys (WebAuthn), or the page is not secure (HTTPS).",
  );

/**
 * Passkey login: authenticate/start → navigator.credentials.get() → authenticate/finish.
 * Emits PASSKEY_START, then PASSKEY_SUCCESS + AUTH_SUCCESS or PASSKEY_ERROR + AUTH_ERROR.
 */
export async function authenticateWithPasskey(
  auth: AuthKit,
  options: PasskeyAuthenticateOptions = {},
): Promise<AuthResponse> {
  auth.emit("authkit:passkey:start", { timestamp: Date.now() });
  let rpId: string | undefined;
  try {
    if (!browserSupportsWebAuthn() || !window.isSecureContext) throw unsupported();
    const serverSalt = options.prf === true && !options.prfSalt;
    const start = await auth.request<AuthenticateStartAnswer>({
      path: "/auth/v1/authenticate/start",
      body: serverSalt ? { prf: true } : {},
    });
    rpId = start.options.rpId;
    const salt = options.prfSalt ?? (serverSalt ? start.prfSalt : undefined);
    const wantsPrf = Boolean(options.prfSalt) || serverSalt;
    const optionsJSON = {
      ...start.options,
      extensions: { ...start.options.extensions, ...(salt ? prfExtensionInput(salt) : {}) },
    } as typeof start.options;
    const credential = await startAuthentication({ optionsJSON });
    const { prfOutput } = readPrfOutput(credential.clientExtensionResults);
    const login = await auth.request<LoginAnswer>({
      path: "/auth/v1/authenticate/finish",
      body: {
        challengeId: start.challengeId,
        credential: withoutPrfResults(credential),
        // Only the server-derived salt's output is meant for the tenant's server.
        ...(serverSalt && prfOutput ? { prfResult: prfOutput } : {}),
      },
    });
    const detail: SuccessDetail = {
      user: login.user,
      challengeId: login.challengeId,
      ...(login.redirectUrl ? { redirectUrl: login.redirectUrl } : {}),
      ...(wantsPrf
        ? { ...(prfOutput ? { prfOutput } : {}), capabilities: { prf: prfOutput !== undefined } }
        : {}),
    };
    auth.log("passkey login succeeded", { prf: wantsPrf ? prfOutput !== undefined : "not requested" });
    auth.emit("authkit:passkey:success", detail);
    auth.emit("authkit:auth:success", detail);
    const result: AuthSuccess = { success: true, ...detail };
    options.onSuccess?.(result);
    return result;
  } catch (thrown) {
    const error = toAuthKitError(thrown, { rpId });
    auth.log("passkey login failed:", error.code, error.message);
    auth.emit("authkit:passkey:error", errorDetail(error));
    auth.emit("authkit:auth:error", errorDetail(error));
    options.onError?.(error);
    return failureOf(error);
  }
}
