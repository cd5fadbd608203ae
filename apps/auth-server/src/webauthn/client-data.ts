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
 * A response made in a cross-origin iframe names the embedding page in `topOrigin`: it must be
 * one of the tenant's own origins. @simplewebauthn checks this for authentication only (given
 * `expectedTopOrigin`), so registration goes through here too. Browsers that omit `topOrigin`
 * (Safari) cannot be checked and are accepted, as the library does.
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
