import type { Redis } from "@org/service-kit";

/**
 * Short-lived state (user and session tokens, challenges, completed logins): keys with a TTL and
 * an atomic take-once, so a challenge can be consumed by exactly one request.
 *
 * Challenges live here rather than in PostgreSQL: they are written and read once within
 * minutes, never queried otherwise, and Redis `GETDEL` (or a synchronous delete-and-return in
 * memory) is the atomic take a single-use challenge needs, without a table to vacuum and without a
 * database round trip per login. Every record also carries its own `expiresAt`, checked against
 * the injectable clock, so the TTL here only bounds memory.
 */
export interface EphemeralStore {
  set(key: string, value: string, ttlMs: number): Promise<void>;
  get(key: string): Promise<string | undefined>;
  /** Returns the value and deletes it, atomically: of two concurrent takes only one gets it. */
  take(key: string): Promise<string | undefined>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** One process only (no REDIS_URL). Expiry follows `now`, so tests can move the clock. */
export function memoryStore(now: () => number = Date.now): EphemeralStore {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = setInterval(() => {
    for (const key of entries.keys()) live(key);
  }, 60_000);
  sweep.unref();
  return {
    async set(key, value, ttlMs) {
      entries.set(key, { value, expiresAt: now() + ttlMs });
    },
    async get(key) {
      return live(key)?.value;
    },
    async take(key) {
      const entry = live(key);
      entries.delete(key);
      return entry?.value;
    },
    async delete(key) {
      entries.delete(key);
    },
    async close() {
      clearInterval(sweep);
      entries.clear();
    },
  };
}

/** Shared across instances; `GETDEL` (Redis 6.2+) makes take atomic. */
export function redisStore(redis: Redis, prefix = "authkit:"): EphemeralStore {
  return {
    async set(key, value, ttlMs) {
      await redis.set(prefix + key, value, "PX", Math.max(1, Math.ceil(ttlMs)));
    },
    async get(key) {
      return (await redis.get(prefix + key)) ?? undefined;
    },
    async take(key) {
      return (await redis.getdel(prefix + key)) ?? undefined;
    },
    async delete(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
