import type { Request, RequestHandler, Response } from "express";
import { rateLimit, type IncrementResponse, type Store } from "express-rate-limit";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RLWrapperTimeouts,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { RateLimitedError } from "../errors.ts";
import { redisKnownDown, reportRateLimitFallback, type Redis } from "../redis.ts";

/**
 * The longest a request waits for Redis to count it. Past this (or at once while the connection is
 * down) it is counted in this process's memory instead: a Redis outage must not hold up, or fail,
 * routes that never need Redis (pages, static assets, embeds).
 */
export const REDIS_LIMIT_TIMEOUT_MS = 100;

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

/** Fixed-window counters of one limiter, as rate-limiter-flexible counts them. */
interface Counters {
  /** Counts `hits` more for `key`; the total in the current window and when it ends. */
  increment(key: string, hits?: number): Promise<IncrementResponse>;
  decrement(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/**
 * This process's memory, standing in for Redis while it cannot answer: the same limit, per instance.
 * Says so (once per outage, see reportRateLimitFallback) whenever it is used.
 */
class FallbackMemory extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly onUse: () => void,
  ) {
    super(options);
  }
  override consume(...args: Parameters<RateLimiterMemory["consume"]>) {
    this.onUse();
    return super.consume(...args);
  }
  override reward(...args: Parameters<RateLimiterMemory["reward"]>) {
    this.onUse();
    return super.reward(...args);
  }
}

/**
 * Counters in Redis (shared by every instance) when given a connection, in this process otherwise.
 * With Redis, rate-limiter-flexible's insurance strategy: a call that fails or takes over
 * REDIS_LIMIT_TIMEOUT_MS (`RLWrapperTimeouts`) is counted in memory instead (fail open to a
 * per-instance limit), and while the connection is known to be down every call goes there at once
 * (its `rejectIfRedisNotReady` would also send a fresh connection's first calls there, before its
 * first attempt ends). Nothing is loaded into Redis up front (the Lua script goes with the first
 * call), so a service starts while Redis is down.
 */
function counters(prefix: string, windowMs: number, redis: Redis | undefined): Counters {
  // Fixed windows of whole seconds (rate-limiter-flexible's unit; every window here is minutes).
  const duration = Math.max(1, Math.ceil(windowMs / 1000));
  const points = Number.MAX_SAFE_INTEGER; // The limit is express-rate-limit's to enforce: only count.
  const memory: RateLimiterAbstract = redis
    ? new FallbackMemory({ points, duration }, () => reportRateLimitFallback(redis))
    : new RateLimiterMemory({ points, duration });
  const shared =
    redis &&
    new RLWrapperTimeouts({
      limiter: new RateLimiterRedis({ storeClient: redis, keyPrefix: `rl:${prefix}`, points, duration }),
      insuranceLimiter: memory,
      timeoutMs: REDIS_LIMIT_TIMEOUT_MS,
    });
  const limiter = () => (shared && !redisKnownDown(redis) ? shared : memory);
  return {
    async increment(key, hits = 1) {
      const counted = await limiter().consume(key, hits);
      return {
        totalHits: counted.consumedPoints,
        resetTime: new Date(Date.now() + counted.msBeforeNext),
      };
    },
    async decrement(key) {
      await limiter().reward(key, 1);
    },
    async reset(key) {
      await limiter().delete(key);
    },
  };
}

/** express-rate-limit's view of the counters. */
function counterStore(counted: Counters, prefix: string): Store {
  return {
    localKeys: false,
    // Tells express-rate-limit's double-count check one limiter's keys from another's: without it
    // every store looked the same ("Object"), and two per-IP limits on one request printed
    // ERR_ERL_DOUBLE_COUNT on stderr, outside the JSON logs (issue 27 pt 5).
    prefix: `rl:${prefix}:`,
    increment: (key) => counted.increment(key),
    decrement: (key) => counted.decrement(key),
    resetKey: (key) => counted.reset(key),
  };
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
  const counted = counters(prefix, windowMs, redis);
  return {
    async consume(key) {
      return (await counted.increment(key)).totalHits <= limit;
    },
    async charge(key, message) {
      const { totalHits, resetTime } = await counted.increment(key);
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
  const counted = counters(prefix, windowMs, redis);
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
    store: counterStore(counted, prefix),
    handler(req, _res, next) {
      const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      next(new RateLimitedError(secondsUntil(resetTime)));
    },
  });
  async function charge(req: Request, res: Response, hits: number): Promise<void> {
    if (hits <= 0) return;
    const { totalHits, resetTime } = await counted.increment(key(req), hits);
    res.setHeader("RateLimit-Remaining", String(Math.max(0, limit - totalHits)));
    if (totalHits > limit) throw new RateLimitedError(secondsUntil(resetTime));
  }
  return Object.assign(middleware, { charge });
}
