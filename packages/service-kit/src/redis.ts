import { Redis } from "ioredis";

export type { Redis };

/** A Redis connection for cross-instance state, or undefined when REDIS_URL is unset. */
export function connectRedis(url: string | undefined): Redis | undefined {
  if (!url) return undefined;
  return new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: false });
}
