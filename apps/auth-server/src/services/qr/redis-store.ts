import type { Redis } from "@org/service-kit";
import { QR_RETENTION_MS, type QrChallenge, type QrStore } from "./store.ts";

// Compare-and-set on the challenge's hash: the update applies only if the status is still
// ARGV[1] and, when ARGV[2] is not empty, the challenge expires after it.
const TRANSITION = `
if redis.call('HGET', KEYS[1], 'status') ~= ARGV[1] then return 0 end
if ARGV[2] ~= '' and tonumber(redis.call('HGET', KEYS[1], 'expiresAt')) <= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 3))
return 1`;

const NUMBERS = new Set(["createdAt", "expiresAt", "scannedAt", "finishedAt"]);

/** A challenge as hash fields; null fields are left out. */
function toFields(values: Partial<QrChallenge>): string[] {
  return Object.entries(values).flatMap(([key, value]) =>
    value === null || value === undefined ? [] : [key, String(value)],
  );
}

function fromHash(hash: Record<string, string>): QrChallenge | undefined {
  if (!hash.id) return undefined;
  const value = (key: keyof QrChallenge) => hash[key] ?? null;
  const challenge = Object.fromEntries(
    (
      [
        "id",
        "tenantId",
        "purpose",
        "status",
        "userId",
        "passkeyName",
        "rpName",
        "origin",
        "starterNetwork",
        "starterSecretHash",
        "mobileSecretHash",
        "phoneTokenHash",
        "message",
        "ceremonyId",
        "passkeyId",
        "createdAt",
        "expiresAt",
        "scannedAt",
        "finishedAt",
      ] as const
    ).map((key) => {
      const raw = value(key);
      return [key, raw !== null && NUMBERS.has(key) ? Number(raw) : raw];
    }),
  );
  return challenge as unknown as QrChallenge;
}

/**
 * QR challenges in Redis (REDIS_URL): a hash per challenge and two index keys (QR secret and
 * phone token → id), all expiring QR_RETENTION_MS after the challenge does.
 */
export function redisQrStore(redis: Redis, prefix = "authkit:qr:"): QrStore {
  const challengeKey = (id: string) => `${prefix}${id}`;
  const mobileKey = (hash: string) => `${prefix}m:${hash}`;
  const phoneKey = (hash: string) => `${prefix}p:${hash}`;
  const get = async (id: string) => fromHash(await redis.hgetall(challengeKey(id)));
  const via = async (key: string) => {
    const id = await redis.get(key);
    return id ? get(id) : undefined;
  };
  return {
    async create(challenge) {
      const until = String(challenge.expiresAt + QR_RETENTION_MS);
      await redis
        .multi()
        .hset(challengeKey(challenge.id), ...toFields(challenge))
        .pexpireat(challengeKey(challenge.id), until)
        .set(mobileKey(challenge.mobileSecretHash), challenge.id, "PXAT", until)
        .exec();
    },
    get,
    byMobileSecret: (hash) => via(mobileKey(hash)),
    byPhoneToken: (hash) => via(phoneKey(hash)),
    async transition(id, from, update, liveAt) {
      const fields = toFields(update);
      const applied = await redis.eval(
        TRANSITION,
        1,
        challengeKey(id),
        from,
        liveAt === undefined ? "" : String(liveAt),
        ...fields,
      );
      if (applied !== 1) return undefined;
      const challenge = await get(id);
      if (challenge && update.phoneTokenHash) {
        await redis.set(
          phoneKey(update.phoneTokenHash),
          id,
          "PXAT",
          String(challenge.expiresAt + QR_RETENTION_MS),
        );
      }
      return challenge;
    },
  };
}
