import { timingSafeEqual } from "node:crypto";
import { ForbiddenError, UnauthenticatedError } from "@org/service-kit";
import type { Request, RequestHandler, Response } from "express";
import type { AuthContext } from "../context.ts";
import { resolveAdminSession, type AdminSession } from "../services/admin-sessions.ts";
import { isLocalhostUrl } from "@org/service-kit";

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

/** HttpOnly, SameSite=Strict (no cross-site request carries it), Secure unless on localhost. */
function strictCookie(ctx: AuthContext, path: string) {
  return { httpOnly: true, sameSite: "strict" as const, secure: !isLocalhostUrl(ctx.env.PUBLIC_URL), path };
}

export function setAdminCookie(ctx: AuthContext, res: Response, session: { token: string; expiresAt: Date }) {
  res.cookie(ADMIN_COOKIE, session.token, { ...strictCookie(ctx, "/admin"), expires: session.expiresAt });
}

export function clearAdminCookie(ctx: AuthContext, res: Response) {
  res.clearCookie(ADMIN_COOKIE, strictCookie(ctx, "/admin"));
}

export function setInviteClaimCookie(
  ctx: AuthContext,
  res: Response,
  claim: { token: string; expiresAt: Date },
) {
  res.cookie(INVITE_CLAIM_COOKIE, claim.token, {
    ...strictCookie(ctx, "/admin/invite"),
    expires: claim.expiresAt,
  });
}

export function cookieOf(req: Request, name: string): string | undefined {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" && value ? value : undefined;
}

/** The live session of the request's cookie, or null. */
export async function adminSessionOf(ctx: AuthContext, req: Request): Promise<AdminSession | null> {
  const token = cookieOf(req, ADMIN_COOKIE);
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
export function assertCsrf(session: AdminSession, req: Request): void {
  const expected = Buffer.from(session.csrfToken);
  const sent = Buffer.from(req.get("x-csrf-token") ?? "");
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
    throw new ForbiddenError("Missing or invalid CSRF token: send X-CSRF-Token (GET /admin/api/csrf).");
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Every state change carries the session's CSRF token (after requireAdminSession). */
export const requireCsrf: RequestHandler = (req, _res, next) => {
  if (!SAFE_METHODS.has(req.method)) assertCsrf(adminOf(req), req);
  next();
};
