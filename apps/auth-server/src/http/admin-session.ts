import { assertCsrfToken, isStateChanging, SessionCookie, UnauthenticatedError } from "@org/service-kit";
import type { Request, RequestHandler, Response } from "express";
import type { AuthContext } from "../context.ts";
import { resolveAdminSession, type AdminSession } from "../services/admin-sessions.ts";
import type { Actor } from "../services/audit.ts";

/** The dashboard session cookie; sent to /admin paths only. */
export const ADMIN_COOKIE = "authkit_admin";
/** Lets the browser that spent an invite retry its passkey ceremony (see admins.ts). */
export const INVITE_CLAIM_COOKIE = "authkit_admin_invite";
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The administrator's dashboard session; set by requireAdminSession. */
      adminSession?: AdminSession;
    }
  }
}

/** HttpOnly, SameSite=Strict (no cross-site request carries them), Secure unless on localhost. */
const adminCookie = (ctx: AuthContext) =>
  new SessionCookie({
    name: ADMIN_COOKIE,
    publicUrl: ctx.env.PUBLIC_URL,
    sameSite: "strict",
    path: "/admin",
  });
const inviteClaimCookie = (ctx: AuthContext) =>
  new SessionCookie({
    name: INVITE_CLAIM_COOKIE,
    publicUrl: ctx.env.PUBLIC_URL,
    sameSite: "strict",
    path: "/admin/invite",
  });

export function setAdminCookie(ctx: AuthContext, res: Response, session: { token: string; expiresAt: Date }) {
  adminCookie(ctx).set(res, session.token, session.expiresAt);
}

export function clearAdminCookie(ctx: AuthContext, res: Response) {
  adminCookie(ctx).clear(res);
}

export function setInviteClaimCookie(
  ctx: AuthContext,
  res: Response,
  claim: { token: string; expiresAt: Date },
) {
  inviteClaimCookie(ctx).set(res, claim.token, claim.expiresAt);
}

export const inviteClaimOf = (ctx: AuthContext, req: Request) => inviteClaimCookie(ctx).read(req);

/** The live session of the request's cookie, or null. */
export async function adminSessionOf(ctx: AuthContext, req: Request): Promise<AdminSession | null> {
  const token = adminCookie(ctx).read(req);
  return token ? resolveAdminSession({ ctx, token }) : null;
}

/** The dashboard API: a live session (401 without), in `req.adminSession`. */
export function requireAdminSession(ctx: AuthContext): RequestHandler {
  return (req, _res, next) => {
    adminSessionOf(ctx, req).then((session) => {
      if (!session) return next(new UnauthenticatedError("Sign in to the admin dashboard first."));
      req.adminSession = session;
      next();
    }, next);
  };
}

/** The session a route's middleware guarantees. */
export function adminOf(req: Request): AdminSession {
  if (!req.adminSession) throw new UnauthenticatedError("Sign in to the admin dashboard first.");
  return req.adminSession;
}

/** The session's CSRF token must be in `X-CSRF-Token` (403 otherwise). */
function assertCsrf(session: AdminSession, req: Request): void {
  assertCsrfToken(req, session.csrfToken, "send X-CSRF-Token (GET /admin/api/csrf)");
}

/** Every state change of a session carries its CSRF token (after the session is loaded). */
export const requireCsrf: RequestHandler = (req, _res, next) => {
  if (req.adminSession && isStateChanging(req)) assertCsrf(req.adminSession, req);
  next();
};

/** Who acted, for the audit log: the session's administrator and the client's IP. */
export const actorOf = (req: Request): Actor => ({ adminId: adminOf(req).admin.id, ip: req.ip });
