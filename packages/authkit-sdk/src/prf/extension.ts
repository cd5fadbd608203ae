import { fromBase64Url, toBase64Url } from "./base64url.ts";

/** The PRF client extension input for a salt given as base64url (decoded to bytes, as WebAuthn requires). */
export function prfExtensionInput(prfSalt: string): { prf: { eval: { first: Uint8Array<ArrayBuffer> } } } {
  return { prf: { eval: { first: fromBase64Url(prfSalt) } } };
}

interface PrfExtensionOutput {
  enabled?: boolean;
  results?: { first?: ArrayBuffer | ArrayBufferView };
}

/** What the authenticator returned for PRF: the output as base64url (an ArrayBuffer would serialise to `{}`). */
export function readPrfOutput(clientExtensionResults: unknown): {
  prfOutput?: string;
  enabled: boolean;
} {
  const prf = (clientExtensionResults as { prf?: PrfExtensionOutput } | undefined)?.prf;
  const first = prf?.results?.first;
  const prfOutput =
    first && (first instanceof ArrayBuffer || ArrayBuffer.isView(first)) ? toBase64Url(first) : undefined;
  return { ...(prfOutput ? { prfOutput } : {}), enabled: prf?.enabled === true || prfOutput !== undefined };
}

/**
 * The client extension results as sent to the server: PRF results removed (the output never goes
 * to the server inside the credential; it is a secret of the page).
 */
export function withoutPrfResults<T extends { clientExtensionResults: unknown }>(credential: T): T {
  const results = { ...(credential.clientExtensionResults as Record<string, unknown>) };
  const prf = results.prf as PrfExtensionOutput | undefined;
  if (prf) results.prf = prf.enabled === undefined ? {} : { enabled: prf.enabled };
  return { ...credential, clientExtensionResults: results };
}
