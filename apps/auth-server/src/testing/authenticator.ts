// A software WebAuthn authenticator (ES256 / P-256, attestation "none") for tests and benchmarks.
// It builds exactly what a browser would send: clientDataJSON, authenticatorData, a CBOR
// attestationObject, DER signatures. Overrides produce the faulty responses tests need.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  RegisterStartResponse,
  AuthenticateStartResponse,
} from "@org/contracts";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

export interface StoredCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  /** COSE public key, as the server stores it. */
  publicKey: Uint8Array;
  counter: number;
}

export interface ClientOverrides {
  /** clientDataJSON origin (default: the authenticator's origin). */
  origin?: string;
  /** RP ID hashed into authenticatorData (default: the options' RP ID). */
  rpId?: string;
  crossOrigin?: boolean;
  topOrigin?: string;
  /** Report user verification (default true). */
  userVerified?: boolean;
  /** Backup eligibility (BE) to report, whatever the authenticator is (forges a changed flag). */
  backupEligible?: boolean;
}

export interface RegistrationOverrides extends ClientOverrides {
  credentialIdBytes?: number;
  /**
   * Packed self-attestation (signed with the credential's own key) instead of "none"; `alg` is the
   * COSE algorithm the statement claims (default -7, the key's own ES256), and its hash signs.
   */
  packed?: { alg?: number };
}

const HASH_OF_ALG: Record<number, string> = { [-7]: "sha256", [-35]: "sha384", [-36]: "sha512" };

export interface AuthenticatorOptions {
  /** The page origin the "browser" runs on. */
  origin: string;
  /** AAGUID reported at registration (default all zero). */
  aaguid?: string;
  /** Backup eligible and backed up (a synced passkey), default false. */
  synced?: boolean;
  /** Counter increment per assertion; 0 models authenticators without a counter (default 1). */
  counterStep?: number;
}

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();

export class SoftwareAuthenticator {
  readonly credentials = new Map<string, StoredCredential>();

  constructor(readonly options: AuthenticatorOptions) {}

  private clientData(type: string, challenge: string, overrides: ClientOverrides): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge,
        origin: overrides.origin ?? this.options.origin,
        crossOrigin: overrides.crossOrigin ?? false,
        ...(overrides.topOrigin ? { topOrigin: overrides.topOrigin } : {}),
      }),
    );
  }

  private flags(overrides: ClientOverrides, attested: boolean): number {
    let flags = FLAG_UP;
    if (overrides.userVerified ?? true) flags |= FLAG_UV;
    const eligible = overrides.backupEligible ?? this.options.synced ?? false;
    if (eligible) flags |= FLAG_BE;
    if (eligible && this.options.synced) flags |= FLAG_BS;
    if (attested) flags |= FLAG_AT;
    return flags;
  }

  /** navigator.credentials.create() with the server's creation options. */
  register(
    options: RegisterStartResponse["options"],
    overrides: RegistrationOverrides = {},
  ): RegistrationResponseJSON {
    const rpId = overrides.rpId ?? options.rp.id ?? new URL(this.options.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x as string, "base64url")],
        [-3, Buffer.from(jwk.y as string, "base64url")],
      ]),
    );
    const credentialId = randomBytes(overrides.credentialIdBytes ?? 32);
    const aaguid = Buffer.from(
      (this.options.aaguid ?? "00000000-0000-0000-0000-000000000000").replace(/-/g, ""),
      "hex",
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(overrides, true)]),
      Buffer.alloc(4), // counter 0
      aaguid,
      idLength,
      credentialId,
      Buffer.from(cose),
    ]);
    const clientData = this.clientData("webauthn.create", options.challenge, overrides);
    const attStmt = new Map<string, number | Uint8Array>();
    if (overrides.packed) {
      const alg = overrides.packed.alg ?? -7;
      const hash = HASH_OF_ALG[alg];
      if (!hash) throw new Error(`The software authenticator cannot sign with COSE alg ${alg}.`);
      attStmt.set("alg", alg);
      attStmt.set("sig", sign(hash, Buffer.concat([authData, sha256(clientData)]), privateKey));
    }
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, number | Uint8Array>>([
        ["fmt", overrides.packed ? "packed" : "none"],
        ["attStmt", attStmt],
        ["authData", authData],
      ]),
    );
    const id = credentialId.toString("base64url");
    this.credentials.set(id, {
      id,
      rpId,
      userHandle: options.user.id,
      privateKey,
      publicKey: cose,
      counter: 0,
    });
    return {
      id,
      rawId: id,
      type: "public-key",
      response: {
        clientDataJSON: clientData.toString("base64url"),
        attestationObject: Buffer.from(attestationObject).toString("base64url"),
        transports: ["internal", "hybrid"],
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() with a discoverable credential (the first one, or `credentialId`). */
  authenticate(
    options: AuthenticateStartResponse["options"],
    overrides: ClientOverrides & {
      credentialId?: string;
      counter?: number;
      /** The user handle to send; null leaves it out (default: the credential's). */
      userHandle?: string | null;
    } = {},
  ): AuthenticationResponseJSON {
    const credential = overrides.credentialId
      ? this.credentials.get(overrides.credentialId)
      : this.credentials.values().next().value;
    if (!credential) throw new Error("The software authenticator holds no such credential.");
    credential.counter = overrides.counter ?? credential.counter + (this.options.counterStep ?? 1);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([
      sha256(overrides.rpId ?? options.rpId ?? credential.rpId),
      Buffer.from([this.flags(overrides, false)]),
      counter,
    ]);
    const clientData = this.clientData("webauthn.get", options.challenge, overrides);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: "public-key",
      response: {
        clientDataJSON: clientData.toString("base64url"),
        authenticatorData: authData.toString("base64url"),
        signature: signature.toString("base64url"),
        ...(overrides.userHandle === null
          ? {}
          : { userHandle: overrides.userHandle ?? credential.userHandle }),
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }
}
