import type { AuthKitClient } from "../../core/client.ts";
import { AuthKitError, toAuthKitError } from "../../core/errors.ts";
import { errorDetail } from "../../core/events.ts";
import type {
  AuthResponse,
  AuthSuccess,
  PrfMode,
  RegisterFinishAnswer,
  RegisterFinishBody,
  RegisterStartAnswer,
  RegisterStartBody,
  RegistrationResult,
} from "../../core/types.ts";
import { effectiveAttachment } from "../../detection/attachment.ts";
import { prfExtensionInput, prfHash, readPrfOutput, withoutPrfResults } from "../../prf/index.ts";
import { createCredential, supportsWebAuthn } from "../../webauthn/ceremony.ts";
import { failureOf } from "../results.ts";
import { unsupported } from "./authenticate.ts";

export interface PasskeyRegisterOptions {
  /** Display name of the new passkey; empty lets the server name it after the authenticator. */
  name: string;
  /**
   * Ask for a kind of authenticator: `platform` (this device), `cross-platform` (a security key or
   * a phone), or undefined (any). The tenant's policy, and else a value in the server's options,
   * takes precedence.
   */
  authenticatorAttachment?: AuthenticatorAttachment | undefined;
  /** Called as the browser's prompt opens, with the kind of authenticator it was asked for. */
  onPrompt?: (attachment: AuthenticatorAttachment | undefined) => void;
  /** Evaluate PRF at creation and hand the output over: in the result, to `prfCallback`, or both. */
  prf?: PrfMode | undefined;
  /** URL that receives `POST {challengeId, prfOutput, capabilities}` with cookies; required for callback and both. */
  prfCallback?: string | undefined;
  onSuccess?: (result: AuthSuccess<RegistrationResult>) => void;
  onError?: (error: AuthKitError) => void;
}

type SignalUnknownCredential = (options: { rpId: string; credentialId: string }) => Promise<void>;

/**
 * The server refused a credential the authenticator already created: tell the browser (WebAuthn
 * Signal API, where supported) so the device does not keep offering a passkey the server never stored.
 * Not called when no answer came back: then the server may have stored it.
 */
async function forgetCredential(rpId: string, credentialId: string): Promise<void> {
  const signal = (
    globalThis.PublicKeyCredential as unknown as { signalUnknownCredential?: SignalUnknownCredential }
  )?.signalUnknownCredential;
  if (typeof signal !== "function") return;
  await signal.call(globalThis.PublicKeyCredential, { rpId, credentialId }).catch(() => undefined);
}

/** An absolute URL for a page-relative one (`/api/prf` on the tenant's site). */
const onPage = (url: string) =>
  new URL(url, typeof location === "undefined" ? undefined : location.href).href;

/**
 * Passkey registration: register/start → navigator.credentials.create() → register/finish.
 * Needs a user token (cross origin) or the auth server's session cookie (same origin).
 * Emits PASSKEY_ADDED or PASSKEY_ERROR.
 */
export async function registerPasskey(
  auth: AuthKitClient,
  options: PasskeyRegisterOptions,
): Promise<AuthResponse<RegistrationResult>> {
  let rpId: string | undefined;
  try {
    if ((options.prf === "callback" || options.prf === "both") && !options.prfCallback) {
      throw new AuthKitError("configuration_error", `prf "${options.prf}" needs a prfCallback URL.`);
    }
    if (!supportsWebAuthn() || !window.isSecureContext) throw unsupported();
    const name = options.name?.trim();
    const start = await auth.request<RegisterStartAnswer>({
      path: "/auth/v1/register/start",
      body: {
        ...(name ? { name } : {}),
        ...(options.prf ? { prf: true } : {}),
        ...(options.authenticatorAttachment
          ? { authenticatorAttachment: options.authenticatorAttachment }
          : {}),
      } satisfies RegisterStartBody,
    });
    rpId = start.options.rp.id ?? location.hostname;
    const attachment = effectiveAttachment(
      start.options.authenticatorSelection?.authenticatorAttachment as AuthenticatorAttachment | undefined,
      options.authenticatorAttachment,
      start.attachmentPolicy,
    );
    const { authenticatorAttachment: _serverValue, ...selection } =
      start.options.authenticatorSelection ?? {};
    const optionsJSON = {
      ...start.options,
      authenticatorSelection: {
        ...selection,
        ...(attachment ? { authenticatorAttachment: attachment } : {}),
      },
      extensions: {
        ...start.options.extensions,
        ...(options.prf && start.prfSalt ? prfExtensionInput(start.prfSalt) : {}),
      },
    } as typeof start.options;
    options.onPrompt?.(attachment);
    const credential = await createCredential(optionsJSON);
    const { prfOutput, enabled } = readPrfOutput(credential.clientExtensionResults);

    let finished: RegisterFinishAnswer;
    try {
      finished = await auth.request<RegisterFinishAnswer>({
        path: "/auth/v1/register/finish",
        body: {
          challengeId: start.challengeId,
          credential: withoutPrfResults(credential),
          ...(name ? { name } : {}),
          ...(options.prf && prfOutput ? { prfHash: await prfHash(start.challengeId, prfOutput) } : {}),
        } satisfies RegisterFinishBody,
      });
    } catch (error) {
      // Only an answer says the passkey was not stored. Without one (timeout, network) the server
      // may have stored it and lost the reply, so the device keeps it.
      if (toAuthKitError(error).code !== "server_unreachable") await forgetCredential(rpId, credential.id);
      throw error;
    }

    const capabilities = { prf: enabled };
    if (options.prf === "callback" || options.prf === "both") {
      await auth.request<unknown>({
        path: onPage(options.prfCallback as string),
        body: { challengeId: start.challengeId, prfOutput, capabilities },
        token: null,
      });
    }
    auth.log("passkey registered", { prfEnabled: enabled });
    auth.emit("authkit:passkey:added", { passkeyId: finished.passkeyId, prfEnabled: enabled });
    const result: AuthSuccess<RegistrationResult> = {
      success: true,
      user: finished.user,
      passkeyId: finished.passkeyId,
      ...(options.prf ? { capabilities } : {}),
      ...((options.prf === "event" || options.prf === "both") && prfOutput ? { prfOutput } : {}),
    };
    options.onSuccess?.(result);
    return result;
  } catch (thrown) {
    const error = toAuthKitError(thrown, { rpId });
    auth.log("passkey registration failed:", error.code, error.message);
    auth.emit("authkit:passkey:error", errorDetail(error));
    options.onError?.(error);
    return failureOf(error);
  }
}
