import type { Db, Prisma } from "@org/db";
import { QR_RETENTION_MS, type QrChallenge, type QrChallengeUpdate, type QrStore } from "./store.ts";

type Row = Prisma.AuthQrChallengeGetPayload<object>;

const ms = (date: Date | null) => (date ? date.getTime() : null);
const date = (value: number | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

function fromRow(row: Row): QrChallenge {
  return {
    ...row,
    createdAt: row.createdAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    scannedAt: ms(row.scannedAt),
    finishedAt: ms(row.finishedAt),
  };
}

/** QR challenges in `auth_qr_challenges`; each create also deletes rows long expired. */
export function postgresQrStore(db: Db): QrStore {
  const found = (row: Row | null) => (row ? fromRow(row) : undefined);
  return {
    async create(challenge) {
      await db.authQrChallenge.deleteMany({
        where: { expiresAt: { lt: new Date(challenge.createdAt - QR_RETENTION_MS) } },
      });
      await db.authQrChallenge.create({
        data: {
          ...challenge,
          createdAt: new Date(challenge.createdAt),
          expiresAt: new Date(challenge.expiresAt),
          scannedAt: date(challenge.scannedAt),
          finishedAt: date(challenge.finishedAt),
        },
      });
    },
    async get(id) {
      return found(await db.authQrChallenge.findUnique({ where: { id } }));
    },
    async byMobileSecret(hash) {
      return found(await db.authQrChallenge.findUnique({ where: { mobileSecretHash: hash } }));
    },
    async byPhoneToken(hash) {
      return found(await db.authQrChallenge.findUnique({ where: { phoneTokenHash: hash } }));
    },
    async transition(id, from, update: QrChallengeUpdate, liveAt) {
      const { scannedAt, finishedAt, ...rest } = update;
      const { count } = await db.authQrChallenge.updateMany({
        where: { id, status: from, ...(liveAt === undefined ? {} : { expiresAt: { gt: new Date(liveAt) } }) },
        data: { ...rest, scannedAt: date(scannedAt), finishedAt: date(finishedAt) },
      });
      return count ? this.get(id) : undefined;
    },
  };
}
