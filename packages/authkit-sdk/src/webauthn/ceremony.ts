// The two WebAuthn ceremonies, between the server's JSON options and the JSON credential it
// verifies (base64url for every binary field, the shapes @simplewebauthn/server reads). Our own
// rather than @simplewebauthn/browser's: it shares the SDK's base64url and error classification
// (`toAuthKitError` reads the browser's DOMException names), and it is a fraction of the size
// (issue 32: `core` and `authkit.js` budgets).
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialDescriptorJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { fromBase64Url, toBase64Url } from "../prf/base64url.ts";

/** The WebAuthn API is present (it may still be refused outside a secure context). */
export const supportsWebAuthn = (): boolean => typeof globalThis.PublicKeyCredential === "function";

/** Whether a user-verifying platform authenticator (Touch ID, Windows Hello, …) is available. */
export const platformAuthenticatorAvailable = (): Promise<boolean> =>
  supportsWebAuthn()
    ? PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable().catch(() => false)
    : Promise.resolve(false);

/** Whether the browser offers passkeys in an input's autofill (conditional mediation). */
export const supportsAutofill = async (): Promise<boolean> =>
  supportsWebAuthn() && typeof PublicKeyCredential.isConditionalMediationAvailable === "function"
    ? PublicKeyCredential.isConditionalMediationAvailable().catch(() => false)
    : false;

/** One ceremony at a time on a page: a new one, or `cancelCeremony()`, ends the one pending. */
let pending: AbortController | undefined;

/** Our own cancellation: `toAuthKitError` reads its code as "cancelled" (not "no passkey here"). */
const cancelled = () =>
  Object.assign(new Error("The passkey request was cancelled."), {
    name: "AbortError",
    code: "ERROR_CEREMONY_ABORTED",
  });

/** Ends the pending ceremony (a prompt still open closes), if any. */
export function cancelCeremony(): void {
  pending?.abort(cancelled());
  pending = undefined;
}

async function run<T extends Credential>(
  call: (signal: AbortSignal) => Promise<Credential | null>,
): Promise<T> {
  pending?.abort(cancelled());
  const controller = (pending = new AbortController());
  try {
    const credential = await call(controller.signal);
    if (!credential) throw new Error("The passkey request was not completed.");
    return credential as T;
  } catch (error) {
    // Browsers differ in what they reject an aborted call with; ours says why.
    throw controller.signal.aborted ? controller.signal.reason : error;
  } finally {
    if (pending === controller) pending = undefined;
  }
}

const descriptors = (list: PublicKeyCredentialDescriptorJSON[] | undefined) =>
  list?.map(
    (descriptor) => ({ ...descriptor, id: fromBase64Url(descriptor.id) }) as PublicKeyCredentialDescriptor,
  );

const attachment = (value: string | null) =>
  value === "platform" || value === "cross-platform" ? value : undefined;

/** `navigator.credentials.get()`; `autofill` waits for the person to pick a passkey in an input's autofill. */
export async function getCredential(
  options: PublicKeyCredentialRequestOptionsJSON,
  autofill = false,
): Promise<AuthenticationResponseJSON> {
  const allowCredentials =
    autofill || !options.allowCredentials?.length ? [] : descriptors(options.allowCredentials);
  const credential = await run<PublicKeyCredential>((signal) =>
    navigator.credentials.get({
      ...(autofill ? { mediation: "conditional" as CredentialMediationRequirement } : {}),
      signal,
      publicKey: {
        ...options,
        challenge: fromBase64Url(options.challenge),
        allowCredentials,
      } as PublicKeyCredentialRequestOptions,
    }),
  );
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    id: credential.id,
    rawId: toBase64Url(credential.rawId),
    response: {
      authenticatorData: toBase64Url(response.authenticatorData),
      clientDataJSON: toBase64Url(response.clientDataJSON),
      signature: toBase64Url(response.signature),
      ...(response.userHandle ? { userHandle: toBase64Url(response.userHandle) } : {}),
    },
    type: "public-key",
    clientExtensionResults: credential.getClientExtensionResults(),
    authenticatorAttachment: attachment(credential.authenticatorAttachment),
  };
}

/** `navigator.credentials.create()`. */
export async function createCredential(
  options: PublicKeyCredentialCreationOptionsJSON,
): Promise<RegistrationResponseJSON> {
  const credential = await run<PublicKeyCredential>((signal) =>
    navigator.credentials.create({
      signal,
      publicKey: {
        ...options,
        challenge: fromBase64Url(options.challenge),
        user: { ...options.user, id: fromBase64Url(options.user.id) },
        excludeCredentials: descriptors(options.excludeCredentials),
      } as PublicKeyCredentialCreationOptions,
    }),
  );
  const response = credential.response as AuthenticatorAttestationResponse;
  // Optional getters (some browser extensions implement them badly): the server reads them if present.
  const optional = <T>(read: () => T): T | undefined => {
    try {
      return read() ?? undefined;
    } catch {
      return undefined;
    }
  };
  const publicKey = optional(() => response.getPublicKey());
  const authenticatorData = optional(() => response.getAuthenticatorData());
  return {
    id: credential.id,
    rawId: toBase64Url(credential.rawId),
    response: {
      attestationObject: toBase64Url(response.attestationObject),
      clientDataJSON: toBase64Url(response.clientDataJSON),
      transports: optional(() =>
        response.getTransports(),
      ) as RegistrationResponseJSON["response"]["transports"],
      publicKeyAlgorithm: optional(() => response.getPublicKeyAlgorithm()),
      ...(publicKey ? { publicKey: toBase64Url(publicKey) } : {}),
      ...(authenticatorData ? { authenticatorData: toBase64Url(authenticatorData) } : {}),
    },
    type: "public-key",
    clientExtensionResults: credential.getClientExtensionResults(),
    authenticatorAttachment: attachment(credential.authenticatorAttachment),
  };
}
