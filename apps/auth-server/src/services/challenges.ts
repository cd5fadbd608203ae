import { randomBytes } from "node:crypto";
import { AppError } from "@org/service-kit";
import { putRecord, takeRecord, type AuthContext } from "../context.ts";

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export type ChallengePurpose = "register" | "authenticate";

export interface ChallengeRecord {
  tenantId: string;
  purpose: ChallengePurpose;
  /** The WebAuthn challenge (base64url) the authenticator signs. */
  challenge: string;
  /** Registration: the user being registered, and the passkey name asked for at start. */
  userId?: string;
  name?: string;
  /** Self-service sign-up: the user `userId` does not exist yet; finish creates it with these. */
  signup?: { externalId: string; username: string; displayName?: string };
  /**
   * Started by this server's embed framed by this tenant page (its parent binding, checked against
   * the tenant's origins): what proves the page when the response names none (Safari omits topOrigin).
   */
  embedParent?: string;
  expiresAt: number;
}

const key = (challengeId: string) => `ch:${challengeId}`;

export function newId(): string {
  return randomBytes(18).toString("base64url");
}

/** Stores a challenge for 5 minutes; returns the id the client sends back at finish. */
export async function saveChallenge(
  ctx: AuthContext,
  record: Omit<ChallengeRecord, "expiresAt">,
): Promise<string> {
  const challengeId = newId();
  await putRecord<ChallengeRecord>(ctx, key(challengeId), {
    ...record,
    expiresAt: ctx.now() + CHALLENGE_TTL_MS,
  });
  return challengeId;
}

/**
 * Consumes a challenge (atomically: a replay finds nothing) and checks it was issued to this
 * tenant for this purpose. Unknown, used, expired and mismatched challenges look the same.
 */
export async function consumeChallenge(
  ctx: AuthContext,
  { challengeId, tenantId, purpose }: { challengeId: string; tenantId: string; purpose: ChallengePurpose },
): Promise<ChallengeRecord> {
  const record = await takeRecord<ChallengeRecord>(ctx, key(challengeId));
  if (!record || record.tenantId !== tenantId || record.purpose !== purpose) {
    throw new AppError(
      "challenge_expired",
      "The challenge is unknown, expired or already used; start again.",
    );
  }
  return record;
}
