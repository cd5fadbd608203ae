import { Redis } from "ioredis";
import type { Logger } from "./logger.ts";

export type { Redis };

/** The Redis connections of one process (one logger), reported together. */
interface OutageState {
  down: Set<Redis>;
}
const outages = new WeakMap<Logger, OutageState>();

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
  if (!state) outages.set(logger, (state = { down: new Set() }));
  const { down } = state;
  client.on("error", (error: Error) => {
    if (down.has(client)) return;
    down.add(client);
    if (down.size === 1) logger.error({ err: error }, "redis unreachable; reconnecting");
  });
  client.on("ready", () => {
    if (!down.delete(client)) return;
    if (down.size === 0) logger.info("redis reachable again");
  });
  return client;
}

/** A Redis connection for cross-instance state, or undefined when REDIS_URL is unset. */
export function connectRedis(url: string | undefined, logger?: Logger): Redis | undefined {
  if (!url) return undefined;
  return watchRedis(new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: false }), logger);
}

/** Closes a connection: politely (QUIT) when it is up, at once when Redis is unreachable. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status !== "ready") {
    client.disconnect();
    return;
  }
  await client.quit().catch(() => client.disconnect());
}
