import type { AuthPublicOperationName } from "@org/contracts";
import { clientIpKey, hashSecret, rateLimiter, type Redis } from "@org/service-kit";
import type { Request, RequestHandler } from "express";
import type { AuthContext } from "../context.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits of one operation of its own (http/guards.ts puts them around its authentication). */
export interface OperationLimit {
  /** Counted before the credential is checked: a flood of calls costs no lookups. */
  before?: RequestHandler[];
  /** Counted once the caller is known and the body read (a limit keyed by what the body says). */
  afterBody?: RequestHandler[];
}

export interface RateLimits {
  /** Every /api/v1 and /auth/v1 request, per client IP. */
  perIp: RequestHandler;
  /** Every call with an API key, per tenant (after the key is checked). */
  perTenant: RequestHandler;
  /** The public operations with limits of their own, by name. */
  operations: Partial<Record<AuthPublicOperationName, OperationLimit>>;
}

/**
 * The account and IP pair of a password login, hashed: the username is the client's text (any
 * length, any characters) and needs no place in Redis key names.
 */
function accountAndIp(req: Request): string {
  const username = (req.body as { username?: unknown } | undefined)?.username;
  const account = `${req.auth?.tenant.id ?? "none"}:${typeof username === "string" ? username.toLowerCase() : ""}`;
  return hashSecret(`${account}|${clientIpKey(req.ip)}`);
}

export function rateLimits(ctx: AuthContext, redis: Redis | undefined): RateLimits {
  const { env } = ctx;
  // Guessing is limited per account *and* IP, so a guesser elsewhere can never lock the owner
  // out; there is deliberately no per-account ceiling across IPs, which anyone could trip.
  // Only failures count. The hourly window is the backoff: a pair that keeps failing after its
  // per-minute allowance waits for the hour to end.
  const guesses = (limit: number, windowMs: number, prefix: string) =>
    rateLimiter({ limit, windowMs, prefix, key: accountAndIp, redis, onlyFailures: true });
  return {
    perIp: rateLimiter({
      limit: env.RATE_LIMIT_IP_PER_MINUTE,
      windowMs: MINUTE,
      prefix: "auth-ip",
      key: (req) => clientIpKey(req.ip),
      redis,
    }),
    perTenant: rateLimiter({
      limit: env.RATE_LIMIT_TENANT_PER_MINUTE,
      windowMs: MINUTE,
      prefix: "auth-tenant",
      key: (req) => req.auth?.tenant.id ?? "none",
      redis,
    }),
    operations: {
      // Failed password logins, per account (tenant + username: the body's) and client IP: a
      // minute, then an hour.
      passwordLogin: {
        afterBody: [
          guesses(env.RATE_LIMIT_LOGIN_PER_MINUTE, MINUTE, "auth-login-minute"),
          guesses(env.RATE_LIMIT_LOGIN_PER_HOUR, HOUR, "auth-login-hour"),
        ],
      },
      // QR challenges started, per client IP.
      startQr: {
        before: [
          rateLimiter({
            limit: env.RATE_LIMIT_QR_START_PER_MINUTE,
            windowMs: MINUTE,
            prefix: "auth-qr-start",
            key: (req) => clientIpKey(req.ip),
            redis,
          }),
        ],
      },
      // QR status polls, per client IP and challenge.
      getQrStatus: {
        before: [
          rateLimiter({
            limit: env.RATE_LIMIT_QR_STATUS_PER_MINUTE,
            windowMs: MINUTE,
            prefix: "auth-qr-status",
            key: (req) => `${clientIpKey(req.ip)}:${String(req.params.challenge_id)}`,
            redis,
          }),
        ],
      },
    },
  };
}
