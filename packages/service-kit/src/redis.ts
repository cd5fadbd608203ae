import { Redis, type RedisOptions } from "ioredis";
import type { Logger } from "./logger.ts";

export type { Redis };

/**
 * Every connection's bounds, so that nothing waits long on a Redis that is gone: connecting (name
 * lookup included) gives up after 2 s and is retried in the background (ioredis' default backoff,
 * at most every 2 s); a command fails after one failed reconnection or 1.5 s, whichever is first,
 * and the request that needed it answers 503 (see http/unavailable-errors.ts). ioredis' defaults
 * (10 s to connect, 20 retries per command) held requests for up to 16 s.
 */
export const REDIS_OPTIONS = {
  connectTimeout: 2_000,
  commandTimeout: 1_500,
  maxRetriesPerRequest: 1,
} satisfies RedisOptions;

/** The Redis connections of one process (one logger), reported together. */
interface OutageState {
  down: Set<Redis>;
  /** Rate limits are being counted in memory: said once, until the connections are back. */
  limitsInMemory: boolean;
}
const outages = new WeakMap<Logger, OutageState>();
/** Which process-wide state a watched connection reports to. */
const watched = new WeakMap<Redis, { logger: Logger; state: OutageState }>();

/** Connections that failed (error, closed) since they were last ready; see redisKnownDown. */
const availability = new WeakMap<Redis, { failed: boolean }>();

/**
 * Whether `client` is known to be unreachable: its connection was lost or failed, and it has not
 * been ready since. A fresh connection still making its first attempt is not (yet) known down, so a
 * caller that waits a little for it sees the answer rather than a failure.
 */
export function redisKnownDown(client: Redis): boolean {
  let state = availability.get(client);
  if (!state) {
    const tracked: { failed: boolean } = { failed: false };
    availability.set(client, (state = tracked));
    // Listeners only: ioredis still needs an error listener of its own (watchRedis).
    client.on("error", () => (tracked.failed = true));
    client.on("close", () => (tracked.failed = true));
    client.on("ready", () => (tracked.failed = false));
  }
  return state.failed || ["reconnecting", "close", "end"].includes(client.status);
}

/**
 * A rate limiter counts in this process's memory because `client` did not answer in time (see
 * http/rate-limit.ts): logged once per outage, at warn level, since limits are now per instance.
 */
export function reportRateLimitFallback(client: Redis): void {
  const owner = watched.get(client);
  if (!owner || owner.state.limitsInMemory) return;
  owner.state.limitsInMemory = true;
  owner.logger.warn(
    { redisStatus: client.status },
    "redis not answering; rate limits counted per instance until it is back",
  );
}

/**
 * Reports a client's connection problems through `logger`, once per outage of the process's Redis
 * connections (ioredis emits an error at every reconnection attempt; without a listener it prints
 * "Unhandled error event" outside the JSON logs), and their recovery. ioredis reconnects by
 * itself; meanwhile commands fail and the services answer 503 (see http/unavailable-errors.ts).
 */
export function watchRedis(client: Redis, logger: Logger | undefined): Redis {
  if (!logger) {
    // Tests without a logger: the failing commands tell what happened.
    client.on("error", () => undefined);
    return client;
  }
  let state = outages.get(logger);
  if (!state) outages.set(logger, (state = { down: new Set(), limitsInMemory: false }));
  const outage = state;
  const { down } = state;
  watched.set(client, { logger, state });
  client.on("error", (error: Error) => {
    if (down.has(client)) return;
    down.add(client);
    if (down.size === 1) logger.error({ err: error }, "redis unreachable; reconnecting");
  });
  client.on("ready", () => {
    const wasDown = down.delete(client);
    if (down.size > 0) return;
    // Rate limits are shared again (a timeout without a lost connection ends at the next one).
    outage.limitsInMemory = false;
    if (wasDown) logger.info("redis reachable again");
  });
  return client;
}

/** A Redis connection for cross-instance state, or undefined when REDIS_URL is unset. */
export function connectRedis(url: string | undefined, logger?: Logger): Redis | undefined {
  if (!url) return undefined;
  return watchRedis(new Redis(url, REDIS_OPTIONS), logger);
}

/** Closes a connection: politely (QUIT) when it is up, at once when Redis is unreachable. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status !== "ready") {
    client.disconnect();
    return;
  }
  await client.quit().catch(() => client.disconnect());
}
