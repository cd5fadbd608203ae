// What the server checks of a WebAuthn response itself, before the challenge is spent (so a
// refused response leaves the ceremony open for a corrected retry): the ceremony type, the origin
// and the RP ID hash (WebAuthn L3 §7.1 steps 8, 9, 13 and §7.2 steps 11, 12, 15), and for a packed
// self-attestation that its `alg` is the credential key's (§8.2), which @simplewebauthn does not
// check. The library checks all but the last again after the challenge.
import { createHash } from "node:crypto";
import { AppError } from "@org/service-kit";
import {
  decodeAttestationObject,
  decodeCredentialPublicKey,
  parseAuthenticatorData,
} from "@simplewebauthn/server/helpers";
import type { ClientData } from "./client-data.ts";

const failed = (message: string) => new AppError("verification_failed", message);
/** COSE key parameter 3: the algorithm the key is used with. */
const COSE_ALG = 3;

// The messages are @simplewebauthn's, which answered these before: clients see the same text.
function checkClientData(
  clientData: ClientData,
  { type, origins }: { type: "webauthn.create" | "webauthn.get"; origins: string[] },
): void {
  const kind = type === "webauthn.create" ? "registration" : "authentication";
  if (clientData.type !== type) {
    throw failed(`Unexpected ${kind} response type "${String(clientData.type)}", expected "${type}"`);
  }
  if (typeof clientData.origin !== "string" || !origins.includes(clientData.origin)) {
    throw failed(
      `Unexpected ${kind} response origin "${String(clientData.origin)}", expected one of: ${origins.join(", ")}`,
    );
  }
}

function checkRpIdHash(authData: Uint8Array, rpId: string): void {
  const expected = createHash("sha256").update(rpId).digest();
  if (authData.length < 37 || !expected.equals(Buffer.from(authData.subarray(0, 32)))) {
    throw failed("Unexpected RP ID hash");
  }
}

/** register/finish: type, origin, RP ID, and a packed self-attestation's algorithm. */
export function preflightRegistration(
  { clientData, attestationObject }: { clientData: ClientData; attestationObject: string },
  { origins, rpId }: { origins: string[]; rpId: string },
): void {
  checkClientData(clientData, { type: "webauthn.create", origins });
  let fmt: string;
  let attStmt: Map<string, unknown>;
  let authData: Uint8Array;
  try {
    const decoded = decodeAttestationObject(Buffer.from(attestationObject, "base64url"));
    fmt = decoded.get("fmt");
    attStmt = decoded.get("attStmt") as unknown as Map<string, unknown>;
    authData = decoded.get("authData");
  } catch {
    throw failed("The attestation object cannot be read.");
  }
  if (!(authData instanceof Uint8Array)) throw failed("The attestation object has no authenticator data.");
  checkRpIdHash(authData, rpId);
  if (fmt === "packed" && attStmt instanceof Map && !attStmt.has("x5c")) {
    let keyAlg: unknown;
    try {
      const parsed = parseAuthenticatorData(new Uint8Array(authData));
      if (!parsed.credentialPublicKey) throw new Error("no key");
      keyAlg = decodeCredentialPublicKey(new Uint8Array(parsed.credentialPublicKey)).get(COSE_ALG);
    } catch {
      throw failed("The attestation's credential public key cannot be read.");
    }
    const alg = attStmt.get("alg");
    if (alg !== keyAlg) {
      throw failed(
        `The packed self-attestation claims algorithm ${String(alg)}, but the credential key is for ${String(keyAlg)}.`,
      );
    }
  }
}

/** authenticate/finish: type, origin and RP ID. */
export function preflightAuthentication(
  { clientData, authenticatorData }: { clientData: ClientData; authenticatorData: string },
  { origins, rpId }: { origins: string[]; rpId: string },
): void {
  checkClientData(clientData, { type: "webauthn.get", origins });
  checkRpIdHash(Buffer.from(authenticatorData, "base64url"), rpId);
}
