import type { QrPurpose, QrStatus } from "@org/contracts";

/** What is stored; `expired` is derived from `expiresAt` (see effectiveStatus). */
export type StoredQrStatus = Exclude<QrStatus, "expired">;

/** A cross-device challenge. Times are ms since the epoch; secrets are kept as SHA-256 hex only. */
export interface QrChallenge {
  /** The public challengeId. */
  id: string;
  tenantId: string;
  purpose: QrPurpose;
  status: StoredQrStatus;
  /** Registration: the user the passkey is for. Login: who signed in, once completed. */
  userId: string | null;
  /** Registration: the name asked for the new passkey. */
  passkeyName: string | null;
  /** Registration: the relying party's name of the starter's user token (`rpName`), if it set one. */
  rpName: string | null;
  /** The tenant page showing the QR, when known (always one of the tenant's origins). */
  origin: string | null;
  /** The starter's network (IPv4 /24, IPv6 /64), compared with the phone's; null if unknown. */
  starterNetwork: string | null;
  starterSecretHash: string;
  mobileSecretHash: string;
  phoneTokenHash: string | null;
  message: string | null;
  /** The phone's WebAuthn challengeId; for a completed login, what verify-auth takes. */
  ceremonyId: string | null;
  passkeyId: string | null;
  createdAt: number;
  expiresAt: number;
  scannedAt: number | null;
  finishedAt: number | null;
}

/** Fields a transition may set (never the secrets of the starter and of the QR, nor the times it was made). */
export type QrChallengeUpdate = Partial<
  Pick<
    QrChallenge,
    "userId" | "phoneTokenHash" | "message" | "ceremonyId" | "passkeyId" | "scannedAt" | "finishedAt"
  >
> & { status: StoredQrStatus };

/** Challenges are kept this long after they expire, so late polls read `expired` (or how they ended). */
export const QR_RETENTION_MS = 10 * 60 * 1000;

/**
 * Where QR challenges live: PostgreSQL, or Redis when REDIS_URL is set. Either is shared by every
 * instance, so the phone and the desktop may reach different ones. Status changes are atomic
 * compare-and-set transitions: of two concurrent ones from the same status, one wins.
 */
export interface QrStore {
  create(challenge: QrChallenge): Promise<void>;
  get(id: string): Promise<QrChallenge | undefined>;
  byMobileSecret(hash: string): Promise<QrChallenge | undefined>;
  byPhoneToken(hash: string): Promise<QrChallenge | undefined>;
  /**
   * Applies `update` if the challenge is in status `from` (and, with `liveAt`, expires after it);
   * returns the updated challenge, or undefined when it was not.
   */
  transition(
    id: string,
    from: StoredQrStatus,
    update: QrChallengeUpdate,
    liveAt?: number,
  ): Promise<QrChallenge | undefined>;
}

/** The status a reader sees: a pending or scanned challenge past its expiry reads `expired`. */
export function effectiveStatus(challenge: QrChallenge, now: number): QrStatus {
  const open = challenge.status === "pending" || challenge.status === "scanned";
  return open && now >= challenge.expiresAt ? "expired" : challenge.status;
}
