import { AppError } from "@org/service-kit";
import cors from "cors";
import type { Request, RequestHandler } from "express";
import type { AuthContext } from "../context.ts";
import { isTenantOrigin } from "../services/tenants.ts";

const CACHE_MS = 5_000;

/**
 * Routes a browser reaches with the session cookie: only from the auth server's own pages. The
 * passkey routes also take a manage-scoped user token (Bearer) from the tenant's pages: such
 * requests (and their preflights, which announce the Authorization header) are token requests.
 */
const COOKIE_ROUTES = ["/auth/v1/passkeys", "/auth/v1/step-up", "/auth/v1/logout"];
const TOKEN_TOO = ["/auth/v1/passkeys", "/auth/v1/step-up"];

const carriesToken = (req: Request) =>
  req.get("authorization") !== undefined ||
  /(^|,)\s*authorization\s*(,|$)/i.test(req.get("access-control-request-headers") ?? "");

const ownOrigin = (ctx: AuthContext) => new URL(ctx.env.PUBLIC_URL).origin;

/**
 * Credentialed CORS for the origins `isAllowed` accepts. Any other origin gets no CORS headers,
 * and its preflight a plain 403 with no body: a refusal, not an error of the API (the SDK, which
 * then sees a network error, tells it from a server that is down and names the page's origin).
 * Only `Authorization` and `Content-Type` may be sent: `X-API-KEY` is for servers, never browsers.
 */
function credentialedCors(isAllowed: (origin: string) => Promise<boolean>): RequestHandler {
  const options = {
    origin: true,
    methods: ["GET", "POST", "PATCH", "DELETE"],
    allowedHeaders: ["Authorization", "Content-Type"],
    exposedHeaders: ["Retry-After", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"],
    credentials: true,
  };
  const allow = cors({ ...options, maxAge: 600 });
  // An origin that could not be checked (the database is away) may read the error it causes: the
  // page learns "service unavailable, retry after", not a CORS refusal it would take for a wrong
  // origin. Its preflight is not cached (no max-age), so the real check follows once the server
  // recovers; every route still authenticates the request itself.
  const allowUnchecked = cors(options);
  return (req, res, next) => {
    res.vary("Origin");
    const origin = req.get("origin");
    (origin ? isAllowed(origin) : Promise.resolve(false)).then(
      (allowed) => {
        if (allowed) allow(req, res, next);
        else if (req.method === "OPTIONS") res.status(403).end();
        else next();
      },
      (error: unknown) => allowUnchecked(req, res, () => next(error)),
    );
  };
}

/** An origin of an enabled tenant; answers are cached per origin for a few seconds (tenants change rarely). */
function tenantOrigins(ctx: AuthContext): (origin: string) => Promise<boolean> {
  const cache = new Map<string, { allowed: boolean; until: number }>();
  return async (origin) => {
    const hit = cache.get(origin);
    if (hit && hit.until > Date.now()) return hit.allowed;
    const allowed = await isTenantOrigin({ db: ctx.db, origin });
    if (cache.size > 10_000) cache.clear();
    cache.set(origin, { allowed, until: Date.now() + CACHE_MS });
    return allowed;
  };
}

/**
 * CORS of `/api/v1` and `/auth/v1`. Token-authenticated routes answer the origins of enabled
 * tenants (their pages call them with a session or user token). Cookie-authenticated routes answer
 * the auth server's own origin only: with same-site tenants the cookie would travel from another
 * tenant's page, which must never read a user's passkeys.
 */
export function browserCors(ctx: AuthContext): RequestHandler {
  const own = ownOrigin(ctx);
  const forCookieRoutes = credentialedCors(async (origin) => origin === own);
  const forTokenRoutes = credentialedCors(tenantOrigins(ctx));
  return (req, res, next) => {
    const path = req.baseUrl + req.path;
    const under = (routes: string[]) =>
      routes.some((route) => path === route || path.startsWith(`${route}/`));
    const cookieRoute = under(COOKIE_ROUTES) && !(under(TOKEN_TOO) && carriesToken(req));
    (cookieRoute ? forCookieRoutes : forTokenRoutes)(req, res, next);
  };
}

/**
 * The session cookie counts only on requests from the auth server's own pages (or from no page at
 * all: no Origin header). Another origin's request carrying it is refused, never served as the
 * user: that is what keeps tenant pages from using it (and cross-site forgery) on state changes.
 */
export function assertOwnOrigin(ctx: AuthContext, req: Request): void {
  const origin = req.get("origin");
  if (origin !== undefined && origin !== ownOrigin(ctx)) {
    throw new AppError("forbidden", "The session cookie is accepted only from this server's own pages.");
  }
}
