import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Secrets (API tokens, tenant keys, session and user tokens): 32 random bytes, base64url, with a
 * readable prefix; only their SHA-256 is stored. A digest lookup is an indexed equality match,
 * and the final comparison is constant-time.
 */
export function generateSecret(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString("base64url")}`;
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
