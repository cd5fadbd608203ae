import type { Request, RequestHandler, Response } from "express";
import { MemoryStore, rateLimit, type Store } from "express-rate-limit";
import { RedisStore, type RedisReply } from "rate-limit-redis";
import { RateLimitedError } from "../errors.ts";
import type { Redis } from "../redis.ts";

export interface RateLimitOptions {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  /** Who is counted: a token's hash, an IP, an account… */
  key(req: Request): string;
  /** Names the counter in Redis, so two limiters never share counts. */
  prefix: string;
  /** Shared counters across instances when set; in-process memory otherwise. */
  redis?: Redis | undefined;
  /** Count only requests that end in an error (status >= 400), e.g. failed logins. */
  onlyFailures?: boolean;
  /**
   * Given back once the request is answered when this holds (e.g. it turned out to be
   * authenticated). Every request is counted first, so one over the limit is refused before
   * anything else runs.
   */
  refundWhen?(req: Request, res: Response): boolean;
  /** Requests not counted at all (a health check). */
  skip?(req: Request): boolean;
}

export type RateLimiter = RequestHandler & {
  /**
   * Counts `hits` more requests against `req`'s key, after the middleware counted the request
   * itself: work that one HTTP request carries several of (the tool calls of an MCP batch). Over
   * the limit: throws `rate_limited` (Retry-After) and the caller runs none of it.
   */
  charge(req: Request, res: Response, hits: number): Promise<void>;
};

/** Counters of one limiter: in Redis (shared by every instance) or in this process. */
function counterStore(prefix: string, redis: Redis | undefined): Store {
  return redis
    ? new RedisStore({
        prefix: `rl:${prefix}:`,
        sendCommand: (command: string, ...args: string[]) =>
          redis.call(command, ...args) as Promise<RedisReply>,
      })
    : new MemoryStore();
}

/** A fixed-window counter for what is not an Express request (a socket.io handshake). */
export interface WindowCounter {
  /** Counts one more for `key`; false once the window's limit is passed. */
  consume(key: string): Promise<boolean>;
  /** Counts one more for `key`; throws `rate_limited` (with Retry-After) once the limit is passed. */
  charge(key: string, message?: string): Promise<void>;
}

export function windowCounter({
  limit,
  windowMs,
  prefix,
  redis,
}: Pick<RateLimitOptions, "limit" | "windowMs" | "prefix" | "redis">): WindowCounter {
  const store = counterStore(prefix, redis);
  void store.init?.({ windowMs } as Parameters<NonNullable<Store["init"]>>[0]);
  return {
    async consume(key) {
      return (await store.increment(key)).totalHits <= limit;
    },
    async charge(key, message) {
      const { totalHits, resetTime } = await store.increment(key);
      if (totalHits > limit) throw new RateLimitedError(secondsUntil(resetTime), message);
    },
  };
}

const secondsUntil = (resetTime: Date | undefined) =>
  resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : 60;

/**
 * express-rate-limit with standard `RateLimit-*` headers (draft-7: RateLimit-Limit/Remaining/Reset
 * as separate headers via draft-6) and, when exceeded, a `rate_limited` error carrying
 * Retry-After, rendered by the service's own error envelope.
 */
export function rateLimiter({
  limit,
  windowMs,
  key,
  prefix,
  redis,
  onlyFailures = false,
  refundWhen,
  skip,
}: RateLimitOptions): RateLimiter {
  const store = counterStore(prefix, redis);
  const middleware = rateLimit({
    windowMs,
    limit,
    skipSuccessfulRequests: onlyFailures || refundWhen !== undefined,
    ...(refundWhen ? { requestWasSuccessful: refundWhen } : {}),
    ...(skip ? { skip } : {}),
    standardHeaders: "draft-6",
    legacyHeaders: false,
    keyGenerator: key,
    // Keys are our own (token hashes, normalised IPs), so the library's IPv6 check does not apply.
    validate: { keyGeneratorIpFallback: false },
    store,
    handler(req, _res, next) {
      const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      next(new RateLimitedError(secondsUntil(resetTime)));
    },
  });
  async function charge(req: Request, res: Response, hits: number): Promise<void> {
    let counted: { totalHits: number; resetTime: Date | undefined } | undefined;
    for (let hit = 0; hit < hits; hit += 1) counted = await store.increment(key(req));
    if (!counted) return;
    res.setHeader("RateLimit-Remaining", String(Math.max(0, limit - counted.totalHits)));
    if (counted.totalHits > limit) throw new RateLimitedError(secondsUntil(counted.resetTime));
  }
  return Object.assign(middleware, { charge });
}
