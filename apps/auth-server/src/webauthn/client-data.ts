import { AppError } from "@org/service-kit";

export interface ClientData {
  type?: unknown;
  challenge?: unknown;
  origin?: unknown;
  crossOrigin?: unknown;
  topOrigin?: unknown;
}

const failed = (message: string) => new AppError("verification_failed", message);

export function parseClientData(clientDataJSON: string): ClientData {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8"));
    if (parsed && typeof parsed === "object") return parsed as ClientData;
  } catch {
    // fall through
  }
  throw failed("clientDataJSON is not valid JSON.");
}

/**
 * A response made in a cross-origin iframe (`crossOrigin: true`) names the embedding page in
 * `topOrigin`: it must be one of the tenant's own origins. @simplewebauthn checks this for
 * authentication only (given `expectedTopOrigin`), so registration goes through here too.
 * Checked before the challenge is spent; a frame's response without `topOrigin` is judged by
 * checkFrameBinding once the challenge is known.
 */
export function checkTopOrigin(clientData: ClientData, tenantOrigins: string[]): void {
  const { crossOrigin, topOrigin } = clientData;
  if (topOrigin === undefined) return;
  if (crossOrigin !== true) throw failed("topOrigin present in a response that is not cross-origin.");
  if (typeof topOrigin !== "string" || !tenantOrigins.includes(topOrigin)) {
    throw failed(
      `Cross-origin response from a page of ${String(topOrigin)}, which is not an origin of this tenant.`,
    );
  }
}

/**
 * A cross-origin response must be tied to a tenant page. With `topOrigin` (Chrome, Firefox) it is,
 * and it must be the page the ceremony was started from when that is known. Without it (Safari
 * omits it) the response could come from any page that framed this server's embed with a token it
 * got hold of (the admin sign-in token is public): accepted only when the ceremony was started by
 * this server's embed whose parent binding proved one of the tenant's origins (`embedParent`).
 */
export function checkFrameBinding(clientData: ClientData, embedParent: string | undefined): void {
  const { crossOrigin, topOrigin } = clientData;
  if (crossOrigin !== true) return;
  if (topOrigin === undefined) {
    if (embedParent) return;
    throw failed(
      "A response from a frame that does not name its page (topOrigin) is accepted only from this server's embed on one of the tenant's pages.",
    );
  }
  if (embedParent && topOrigin !== embedParent) {
    throw failed(
      `Cross-origin response from ${String(topOrigin)}, not the page that started it (${embedParent}).`,
    );
  }
}
