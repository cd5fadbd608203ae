import { baseEnvSchema, loadEnv } from "@org/service-kit";
import { z } from "zod";

const positiveInt = z.coerce.number().int().positive();

export const authEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4100),
  /** Name of the same-origin session cookie set at login. */
  SESSION_COOKIE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default("authkit_session"),
  /** Lifetime of a cookie session, seconds (default 12 hours). */
  SESSION_TTL_SECONDS: positiveInt.default(12 * 60 * 60),
  /** Requests per minute from one IP on /api/v1 and /auth/v1. */
  RATE_LIMIT_IP_PER_MINUTE: positiveInt.default(600),
  /** Requests per minute with one tenant API key on /api/v1. */
  RATE_LIMIT_TENANT_PER_MINUTE: positiveInt.default(1200),
  /** Password login attempts per minute for one account (tenant + username). */
  RATE_LIMIT_LOGIN_PER_MINUTE: positiveInt.default(10),
});

export type AuthEnv = ReturnType<typeof loadAuthEnv>;

/** The auth server's environment, parsed once at start. */
export function loadAuthEnv(source: NodeJS.ProcessEnv = process.env) {
  return loadEnv(authEnvSchema, source);
}
