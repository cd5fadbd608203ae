import type { Request, RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
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
}

/**
 * express-rate-limit with standard `RateLimit-*` headers (draft-7: RateLimit-Limit/Remaining/Reset
 * as separate headers via draft-6) and, when exceeded, a `rate_limited` error carrying
 * Retry-After, rendered by the service's own error envelope.
 */
export function rateLimiter({ limit, windowMs, key, prefix, redis }: RateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: "draft-6",
    legacyHeaders: false,
    keyGenerator: key,
    // Keys are our own (token hashes, normalised IPs), so the library's IPv6 check does not apply.
    validate: { keyGeneratorIpFallback: false },
    ...(redis
      ? {
          store: new RedisStore({
            prefix: `rl:${prefix}:`,
            sendCommand: (command: string, ...args: string[]) =>
              redis.call(command, ...args) as Promise<RedisReply>,
          }),
        }
      : {}),
    handler(req, _res, next) {
      const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const retryAfter = resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : 60;
      next(new RateLimitedError(retryAfter));
    },
  });
}
