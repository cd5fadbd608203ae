import { createHash } from "node:crypto";

/** The tenant's deterministic PRF salt: base64url SHA-256(tenant_id + ':' + rp_id). */
export function prfSaltFor(tenant: { id: string; rpId: string }): string {
  return createHash("sha256").update(`${tenant.id}:${tenant.rpId}`, "utf8").digest("base64url");
}
