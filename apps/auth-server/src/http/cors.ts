import cors from "cors";
import type { RequestHandler } from "express";
import type { AuthContext } from "../context.ts";

const CACHE_MS = 5_000;

/**
 * CORS for the browser-facing API: an origin is allowed when it is an origin of an enabled tenant.
 * Answers are cached per origin for a few seconds (tenants change rarely, from the CLI).
 * Only `Authorization` and `Content-Type` may be sent: `X-API-KEY` is for servers, never browsers.
 */
export function tenantCors(ctx: AuthContext): RequestHandler {
  const cache = new Map<string, { allowed: boolean; until: number }>();
  const isAllowed = async (origin: string) => {
    const hit = cache.get(origin);
    if (hit && hit.until > Date.now()) return hit.allowed;
    const count = await ctx.db.tenant.count({ where: { disabled: false, origins: { has: origin } } });
    if (cache.size > 10_000) cache.clear();
    cache.set(origin, { allowed: count > 0, until: Date.now() + CACHE_MS });
    return count > 0;
  };
  return cors({
    origin(origin, callback) {
      if (!origin) return callback(null, false);
      isAllowed(origin).then(
        (allowed) => callback(null, allowed),
        (error: unknown) => callback(error as Error),
      );
    },
    methods: ["GET", "POST", "DELETE"],
    allowedHeaders: ["Authorization", "Content-Type"],
    exposedHeaders: ["Retry-After", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"],
    credentials: true,
    maxAge: 600,
  });
}
