import type { Db } from "@org/db";
import {
  assertCsrf,
  bearerToken,
  ForbiddenError,
  isStateChanging,
  hashSecret,
  UnauthenticatedError,
  type SessionCookie,
  type SessionLifetime,
} from "@org/service-kit";
import type { Request, RequestHandler, Response } from "express";
import { canWrite, type OAuthAccess } from "../oauth/access.ts";
import type { OAuthResourcePath, OAuthUrls } from "../oauth/metadata.ts";
import type { Actor } from "../services/context.ts";
import { authenticate } from "../services/users.ts";
import { resolveWebSession, type WebSession } from "../services/web-sessions.ts";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The token's user (`bearerAuth`) or the web session's (`webSessionAuth`). */
      actor?: Actor;
      /** SHA-256 of the request's token or session cookie: the rate limit key (the secret itself is never kept). */
      tokenHash?: string;
      /** The web app's session, when the cookie authenticated the request. */
      webSession?: WebSession;
    }
  }
}

/** Which protected resource a guard serves, and where its OAuth metadata is (RFC 9728). */
export interface ResourceGuard {
  path: OAuthResourcePath;
  urls: OAuthUrls;
}

/**
 * RFC 6750's challenge: a 401 says which scheme to use, where the resource's metadata is (RFC 9728,
 * so that an MCP host can find the authorization server), and whether the token sent was bad.
 */
export function bearerChallenge(resource: ResourceGuard, error?: string): string {
  const metadata = `resource_metadata="${resource.urls.resourceMetadata(resource.path)}"`;
  return `Bearer realm="board-api", ${metadata}${error ? `, ${error}` : ""}`;
}

/**
 * `Authorization: Bearer <API token>` on every API route; anything else is unauthenticated, with a
 * `WWW-Authenticate: Bearer` challenge (MCP clients read it).
 */
export function bearerAuth(db: Db, resource: ResourceGuard): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) {
      res.set("WWW-Authenticate", bearerChallenge(resource));
      throw new UnauthenticatedError("Send Authorization: Bearer <API token>.");
    }
    const tokenHash = hashSecret(token);
    try {
      req.actor = await authenticate({ db, token, tokenHash });
    } catch (error) {
      if (error instanceof UnauthenticatedError) {
        res.set("WWW-Authenticate", bearerChallenge(resource, 'error="invalid_token"'));
      }
      throw error;
    }
    const oauth = req.actor.oauth;
    if (oauth) checkOAuthAccess(req, res, resource, oauth);
    req.tokenHash = tokenHash;
    next();
  };
}

/**
 * What an OAuth access token may do here: only the resource it was issued for (RFC 8707: a token
 * for /mcp is no key to /api/v1), and on /api/v1 no change without `board:write`.
 */
function checkOAuthAccess(req: Request, res: Response, resource: ResourceGuard, oauth: OAuthAccess): void {
  if (oauth.resource !== resource.urls.resource(resource.path)) {
    req.actor = undefined;
    res.set("WWW-Authenticate", bearerChallenge(resource, 'error="invalid_token"'));
    throw new UnauthenticatedError(
      `This access token was issued for ${oauth.resource}, not ${resource.urls.resource(resource.path)}.`,
    );
  }
  if (resource.path === "/api/v1" && isStateChanging(req) && !canWrite(oauth)) {
    res.set("WWW-Authenticate", bearerChallenge(resource, 'error="insufficient_scope", scope="board:write"'));
    throw new ForbiddenError(
      "This access token is read-only (board:read): changes need the board:write scope.",
    );
  }
}

/** The web app's cookie session: how it is named and how long it lives. */
export interface WebSessionConfig {
  cookie: SessionCookie;
  lifetime: SessionLifetime;
}

/**
 * The web app's session cookie; every change made with it must carry its X-CSRF-Token (403
 * otherwise). The actor is marked as the web app's (mentions, notifications and activity).
 */
export function webSessionAuth(db: Db, web: WebSessionConfig): RequestHandler {
  return async (req, _res, next) => {
    const secret = web.cookie.read(req.headers.cookie);
    if (!secret) throw new UnauthenticatedError("Sign in first.");
    const session = await resolveWebSession({ db, token: secret, lifetime: web.lifetime });
    if (!session) throw new UnauthenticatedError("Your session ended: sign in again.");
    assertCsrf(req, secret);
    req.actor = session.actor;
    req.webSession = session;
    req.tokenHash = `session:${hashSecret(secret)}`;
    next();
  };
}

/**
 * `/api/v1`: a bearer token, or else (no Authorization header at all) the web app's session
 * cookie. A request that sends both is judged by its token alone.
 */
export function apiAuth(db: Db, web: WebSessionConfig, resource: ResourceGuard): RequestHandler {
  const bearer = bearerAuth(db, resource);
  const session = webSessionAuth(db, web);
  return (req, res, next) =>
    req.headers.authorization === undefined && web.cookie.read(req.headers.cookie)
      ? session(req, res, next)
      : bearer(req, res, next);
}

export function actorOf(req: Request): Actor {
  if (!req.actor) throw new UnauthenticatedError();
  return req.actor;
}
