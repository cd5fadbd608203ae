import { rateLimiter, type Redis } from "@org/service-kit";
import type { Request, RequestHandler } from "express";
import type { AuthContext } from "../context.ts";

const MINUTE = 60_000;

export interface RateLimits {
  /** Every /api/v1 and /auth/v1 request, per client IP. */
  perIp: RequestHandler;
  /** /api/v1, per tenant (after the API key is checked). */
  perTenant: RequestHandler;
  /** Password login attempts, per account (tenant + username). */
  perAccount: RequestHandler;
}

export function rateLimits(ctx: AuthContext, redis: Redis | undefined): RateLimits {
  const { env } = ctx;
  return {
    perIp: rateLimiter({
      limit: env.RATE_LIMIT_IP_PER_MINUTE,
      windowMs: MINUTE,
      prefix: "auth-ip",
      key: (req) => req.ip ?? "unknown",
      redis,
    }),
    perTenant: rateLimiter({
      limit: env.RATE_LIMIT_TENANT_PER_MINUTE,
      windowMs: MINUTE,
      prefix: "auth-tenant",
      key: (req) => req.auth?.tenant.id ?? "none",
      redis,
    }),
    perAccount: rateLimiter({
      limit: env.RATE_LIMIT_LOGIN_PER_MINUTE,
      windowMs: MINUTE,
      prefix: "auth-account",
      key: (req: Request) => {
        const username = (req.body as { username?: unknown } | undefined)?.username;
        return `${req.auth?.tenant.id ?? "none"}:${typeof username === "string" ? username.toLowerCase() : ""}`;
      },
      redis,
    }),
  };
}
