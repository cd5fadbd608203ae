// Who may call an operation, decided in one place: its `security` in the registry (@org/contracts),
// and `scope` for a user token that must be manage-scoped. Each way in of the public operations
// maps to the middleware of http/auth.ts, the operation's own rate limits (http/rate-limits.ts)
// around it; the dashboard's adminSession to http/admin-session.ts.
import type { AuthOperation, AuthPublicOperationName } from "@org/contracts";
import type { RequestHandler } from "express";
import type { AuthContext } from "../context.ts";
import { adminSessionOf, requireAdminSession, requireCsrf } from "./admin-session.ts";
import {
  requireApiKey,
  requireManager,
  requirePhoneToken,
  requireRegistrant,
  requireSessionToken,
} from "./auth.ts";
import { authJsonBody } from "./json-body.ts";
import type { RateLimits } from "./rate-limits.ts";

/** The guard of each public operation, for mountOperations: rate limits and authentication. */
export function guardFor(
  ctx: AuthContext,
  limits: RateLimits,
): (op: AuthOperation, name: AuthPublicOperationName) => RequestHandler[] {
  const json = authJsonBody(ctx.env);
  const session = requireSessionToken(ctx);
  const registrant = requireRegistrant(ctx);
  const manager = requireManager(ctx);
  // A login needs a session token, a registration the user token (or cookie) of its user: the
  // body's purpose says which, so it is read (bounded) first.
  const sessionOrUser: RequestHandler = (req, res, next) => {
    const purpose = (req.body as { purpose?: unknown } | undefined)?.purpose;
    (purpose === "register" ? registrant : session)(req, res, next);
  };

  /** Keyed by the operation's security, its ways in in the registry's order. */
  const credentials: Record<string, RequestHandler[]> = {
    // Tenants' servers are counted per tenant too, once the key says which.
    apiKey: [requireApiKey(ctx), limits.perTenant],
    sessionToken: [session],
    "sessionToken userToken cookie": [json, sessionOrUser],
    phoneToken: [requirePhoneToken(ctx)],
    // Without a credential as well: the handler reads the optional one (logout's cookie, the QR
    // starter's secret).
    none: [],
    "cookie none": [],
    "qrSecret none": [],
  };

  return (op, name) => {
    const key = op.security.join(" ");
    const credential =
      key === "userToken cookie" ? [op.scope === "manage" ? manager : registrant] : credentials[key];
    if (!credential) throw new Error(`no guard for the security "${key}" of ${name}`);
    const { before = [], afterBody = [] } = limits.operations[name] ?? {};
    // A body read here is not read again (jsonBody is idempotent).
    return [...before, ...credential, ...(afterBody.length > 0 ? [json, ...afterBody] : [])];
  };
}

/**
 * The guard of each admin operation: the dashboard's session cookie (401 without) and, on every
 * state change, the session's CSRF token (403 without). The sign-in and the invite link's user
 * token need no credential (the passkey login and the invite code are theirs).
 */
export function adminGuardFor(ctx: AuthContext): (op: AuthOperation, name: string) => RequestHandler[] {
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
