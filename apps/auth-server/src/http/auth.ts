import { AppError, bearerToken, hashSecret } from "@org/service-kit";
import type { Request, RequestHandler } from "express";
import type { AuthContext } from "../context.ts";
import { sessionCookie } from "./cookies.ts";
import { assertOwnOrigin } from "./cors.ts";
import { assertTenantPage, pageOriginOf, type PageOrigin } from "./page-origin.ts";
import { isAdminTenant } from "../services/admin-tenant.ts";
import { resolveSession } from "../services/sessions.ts";
import { enabledTenant, tenantByApiKey, type Tenant } from "../services/tenants.ts";
import { resolveSessionToken, resolveUserToken, type UserTokenScope } from "../services/tokens.ts";

/** The step-up freshness of a user token is its own (a fresh token from the site starts without). */
export const userTokenStepUpSubject = (token: string) => `ut:${hashSecret(token)}`;

/** The step-up freshness of this server's cookie session (its passkey sign-in counts: authentication.ts). */
export const cookieStepUpSubject = (token: string) => `us:${hashSecret(token)}`;

/** Who is calling, set by one of the middlewares below. */
export type RequestAuth =
  /** A tenant's server, by X-API-KEY. */
  | { kind: "tenant"; tenant: Tenant }
  /**
   * A browser acting for one user: a user token (registration; with scope manage also passkey
   * management), or the user's cookie session. `page`: the tenant page it comes from (see
   * page-origin.ts), when it comes from one.
   */
  | {
      kind: "user";
      tenant: Tenant;
      userId: string;
      via: "userToken" | "cookie";
      page?: PageOrigin;
      /** A token from an administrator's invite link: their first passkey only (admins.ts). */
      adminInviteId?: string;
      /** Whose step-up freshness (step-up.ts): `ut:<hash>` of the user token, `us:<hash>` of the cookie. */
      stepUpSubject: string;
      /** The site's name the user token asked passkey prompts to show (WebAuthn rp.name). */
      rpName?: string;
    }
  /** A browser on a tenant's page, by session token (authenticate component, password login). */
  | { kind: "session"; tenant: Tenant; expiresAt: number; page?: PageOrigin };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Who is calling; set by the middleware of the route. */
      auth?: RequestAuth;
    }
  }
}

/** The `Authorization: Bearer` value, if any. */
export function bearer(req: Request): string | undefined {
  return bearerToken(req.get("authorization"));
}

/** Runs `set` and stores what it returns in `req.auth`; a thrown AppError answers the request. */
function wrap(set: (req: Request) => Promise<RequestAuth>): RequestHandler {
  return (req, _res, next) => {
    set(req).then((auth) => {
      req.auth = auth;
      next();
    }, next);
  };
}

const adminsUseTheDashboard = () =>
  new AppError("forbidden", "Administrators add and remove their passkeys from the dashboard (Passkeys).");

const missing = (what: string) => new AppError("unauthenticated", `Missing or invalid ${what}.`);

/** `X-API-KEY`: a tenant's server (never a browser). */
export function requireApiKey(ctx: AuthContext): RequestHandler {
  return wrap(async (req) => {
    const apiKey = req.get("x-api-key");
    if (!apiKey) throw missing("API key");
    return { kind: "tenant", tenant: await tenantByApiKey({ db: ctx.db, apiKey }) };
  });
}

/**
 * `Authorization: Bearer <session token>`, from a page of the token's tenant (when from a page at
 * all: see assertTenantPage).
 */
export function requireSessionToken(ctx: AuthContext): RequestHandler {
  return wrap(async (req) => {
    const token = bearer(req);
    if (!token) throw missing("session token");
    const record = await resolveSessionToken({ ctx, token });
    const tenant = await enabledTenant({ db: ctx.db, id: record.tenantId });
    const page = pageOriginOf(ctx, req);
    assertTenantPage(tenant, page);
    return { kind: "session", tenant, expiresAt: record.expiresAt, ...(page ? { page } : {}) };
  });
}

/**
 * A user: `Authorization: Bearer <user token>` (for management, one of scope `manage`) from a page
 * of its tenant, or else the same-origin session cookie.
 */
function requireUser(ctx: AuthContext, scope: UserTokenScope): RequestHandler {
  return wrap(async (req) => {
    const token = bearer(req);
    if (!token) return cookieAuth(ctx, req, "user token or session");
    const record = await resolveUserToken({ ctx, token });
    const tenant = await enabledTenant({ db: ctx.db, id: record.tenantId });
    const page = pageOriginOf(ctx, req);
    assertTenantPage(tenant, page);
    if (await isAdminTenant(ctx.db, tenant.id)) {
      // Administrators' passkeys: the first through their invite link, the others from their own
      // dashboard session (/admin/api/me/passkeys), never with a token anyone else could hold.
      if (!record.adminInviteId || scope !== "register") throw adminsUseTheDashboard();
      return {
        kind: "user",
        tenant,
        userId: record.userId,
        via: "userToken",
        adminInviteId: record.adminInviteId,
        stepUpSubject: userTokenStepUpSubject(token),
      };
    }
    if (scope === "manage" && record.scope !== "manage") {
      throw new AppError(
        "forbidden",
        'This user token may only register passkeys: ask POST /api/v1/user-token for "scope": "manage".',
      );
    }
    return {
      kind: "user",
      tenant,
      userId: record.userId,
      via: "userToken",
      stepUpSubject: userTokenStepUpSubject(token),
      ...(page ? { page } : {}),
      ...(record.rpName ? { rpName: record.rpName } : {}),
    };
  });
}

/** Registration: a user token of either scope, or the same-origin session cookie. */
export const requireRegistrant = (ctx: AuthContext) => requireUser(ctx, "register");

/** Passkey management: a manage-scoped user token (the tenant's pages), or the session cookie (this server's). */
export const requireManager = (ctx: AuthContext) => requireUser(ctx, "manage");

async function cookieAuth(ctx: AuthContext, req: Request, what: string): Promise<RequestAuth> {
  const token = sessionCookie(ctx, req);
  if (token) assertOwnOrigin(ctx, req);
  const session = token ? await resolveSession({ ctx, token }) : null;
  // The admin tenant's sign-in leaves no cookie session (the dashboard has its own); one left by
  // an older version is worth nothing.
  if (!token || !session || (await isAdminTenant(ctx.db, session.tenantId))) throw missing(what);
  return {
    kind: "user",
    tenant: session.tenant,
    userId: session.userId,
    via: "cookie",
    stepUpSubject: cookieStepUpSubject(token),
  };
}

/**
 * `Authorization: Bearer <phone token>` (what qr/mobile/claim gave the phone), checked before its
 * body is read (the service looks it up again).
 */
export function requirePhoneToken(ctx: AuthContext): RequestHandler {
  return async (req, res, next) => {
    const token = bearer(req);
    const challenge = token ? await ctx.qr.store.byPhoneToken(hashSecret(token)) : undefined;
    if (!challenge) {
      throw new AppError("unauthenticated", "Missing or invalid phone token; scan the QR code again.");
    }
    // What the phone's finish counts as (auth_logins_total or auth_registrations_total, see
    // http/metrics.ts); the same finish sent again after it worked is not counted twice.
    if (challenge.status !== "completed") res.locals.qrPurpose = challenge.purpose;
    next();
  };
}

/** `req.auth` narrowed to the kind a route's middleware guarantees. */
export function authOf<K extends RequestAuth["kind"]>(
  req: Request,
  kind: K,
): Extract<RequestAuth, { kind: K }> {
  const auth = req.auth;
  if (auth?.kind !== kind) throw new AppError("unauthenticated", "Missing or invalid credentials.");
  return auth as Extract<RequestAuth, { kind: K }>;
}
