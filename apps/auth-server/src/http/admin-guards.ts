// Who may call an admin operation, from its `security` alone: the dashboard's session cookie (401
// without) and, on every state change, the session's CSRF token (403 without). The sign-in and the
// invite link's user token need no credential (the passkey login and the invite code are theirs).
import type { AuthOperation } from "@org/contracts";
import type { RequestHandler } from "express";
import type { AuthContext } from "../context.ts";
import { adminSessionOf, requireAdminSession, requireCsrf } from "./admin-session.ts";

export function adminGuard(ctx: AuthContext): (op: AuthOperation, name: string) => RequestHandler[] {
  const session = [requireAdminSession(ctx), requireCsrf];
  const sessionIfLive = [optionalAdminSession(ctx), requireCsrf];
  return (op, name) => {
    if (!op.security.includes("adminSession")) return [];
    // Signing out answers 204 without a live session too: it clears a stale cookie.
    return name === "adminLogout" ? sessionIfLive : session;
  };
}

/** The live session of the cookie in `req.adminSession`, if there is one. */
function optionalAdminSession(ctx: AuthContext): RequestHandler {
  return (req, _res, next) => {
    adminSessionOf(ctx, req).then((session) => {
      if (session) req.adminSession = session;
      next();
    }, next);
  };
}
