import type { Request } from "express";
import type { Redis } from "../redis.ts";
import { clientIpKey } from "./client-ip.ts";
import { rateLimiter, type RateLimiter } from "./rate-limit.ts";

const UNCOUNTED = new Set(["/healthz", "/readyz", "/metrics"]);

export interface AnonymousLimitOptions {
  /** Requests a minute from one client IP (IPv6: one /64) that carry no valid credential. */
  limit: number;
  /** Names the counter (in Redis, where both services may share one server). */
  prefix: string;
  redis?: Redis | undefined;
  /** Whether the request turned out to be authenticated (checked once it is answered). */
  isAuthenticated(req: Request): boolean;
}

/**
 * The per-IP ceiling on unauthenticated traffic: bogus or missing tokens, public pages, embeds.
 * Every request is counted when it arrives, before anything looks at its credentials, and given
 * back once answered if it was authenticated. So an address that keeps failing is refused
 * (`rate_limited`) before its next token costs a database lookup, while signed-in traffic does
 * not use up the allowance. `/healthz`, `/readyz` and `/metrics` are not counted (load balancers,
 * orchestrators and Prometheus poll them; /metrics has its own token).
 */
export function anonymousLimiter({
  limit,
  prefix,
  redis,
  isAuthenticated,
}: AnonymousLimitOptions): RateLimiter {
  return rateLimiter({
    limit,
    windowMs: 60_000,
    prefix: `${prefix}-anonymous`,
    redis,
    key: (req) => clientIpKey(req.ip),
    refundWhen: (req) => isAuthenticated(req),
    skip: (req) => UNCOUNTED.has(req.path),
  });
}
