// The authorization server's endpoints (names: shared contracts, "Board: OAuth for agents' hosts"),
// and the two JSON endpoints behind the web app's consent page (/app/oauth/authorize).
import type { Db } from "@org/db";
import {
  clientIpKey,
  ForbiddenError,
  NotFoundError,
  rateLimiter,
  ValidationError,
  type Redis,
} from "@org/service-kit";
import express, { Router, type RequestHandler } from "express";
import { actorOf } from "../http/auth.ts";
import { assertSameOrigin } from "../http/web.ts";
import { checkAuthorizationRequest, consentView, RedirectableError, redirectWith } from "./authorize.ts";
import { registerClient, type ClientResolverOptions } from "./clients.ts";
import { OAuthError, oauthHandler } from "./errors.ts";
import {
  approveAuthorization,
  exchangeCode,
  listGrants,
  refreshTokens,
  revokeGrant,
  revokeToken,
} from "./grants.ts";
import type { OAuthUrls } from "./metadata.ts";

export interface OAuthRouterOptions {
  db: Db;
  urls: OAuthUrls;
  /** The web app's session guard (consent endpoints). */
  session: RequestHandler;
  /** The bounded JSON body parser (bodies are parsed after authentication, or per route). */
  json: RequestHandler;
  /** /api/v1's guard (authentication and rate limit): Account → Connected apps. */
  api: RequestHandler[];
  origin: string;
  redis: Redis | undefined;
  /** Registrations a minute per client IP. */
  registerPerMinute: number;
  clients: ClientResolverOptions;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_GRANT_PROJECTS = 200;

/**
 * The consent's project limit: null (every project of the person, now and later) or some of the
 * projects they are a member of now. Anything else is refused, never silently widened.
 */
async function chosenProjects(db: Db, userId: string, value: unknown): Promise<string[] | null> {
  if (value === null || value === undefined) return null;
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    value.length > MAX_GRANT_PROJECTS ||
    !value.every((id): id is string => typeof id === "string" && UUID.test(id))
  ) {
    throw new ValidationError(
      `project_ids is null (every project) or a list of 1 to ${MAX_GRANT_PROJECTS} project ids.`,
    );
  }
  const ids = [...new Set(value.map((id) => id.toLowerCase()))];
  const mine = await db.projectMember.count({ where: { userId, projectId: { in: ids } } });
  if (mine !== ids.length) {
    throw new ValidationError("project_ids names a project you are not a member of: choose among yours.");
  }
  return ids;
}

/** The consent page's answer to an authorization request that can only fail back to the client. */
function redirectable(error: unknown): { redirect_to: string } {
  if (error instanceof RedirectableError) return { redirect_to: error.location };
  throw error;
}

export function oauthRouter({
  db,
  urls,
  session,
  json,
  api,
  origin,
  redis,
  registerPerMinute,
  clients,
}: OAuthRouterOptions): Router {
  const router = Router();
  // Account → Connected apps: with the web session or an API token, never with an OAuth token
  // (an app cannot see or end other apps' access, nor its own person's control over it).
  const noOAuth: RequestHandler = (req, _res, next) => {
    if (actorOf(req).oauth) throw new ForbiddenError("OAuth access tokens cannot manage connected apps.");
    next();
  };
  router.get("/api/v1/me/grants", ...api, noOAuth, async (req, res) => {
    res.json(await listGrants(db, actorOf(req).id));
  });
  router.delete("/api/v1/me/grants/:grant_id", ...api, noOAuth, async (req, res) => {
    const id = String(req.params.grant_id);
    if (!/^[0-9a-f-]{36}$/i.test(id) || !(await revokeGrant(db, id, actorOf(req).id))) {
      throw new NotFoundError("No such connected app (or it was revoked already).");
    }
    res.status(204).end();
  });
  const form = express.urlencoded({ extended: false, limit: "16kb" });
  const cors: RequestHandler = (_req, res, next) => {
    // Browser-based hosts call the token, registration and revocation endpoints from their pages.
    res.set("Access-Control-Allow-Origin", "*");
    res.set("Access-Control-Allow-Headers", "Content-Type, Authorization, MCP-Protocol-Version");
    res.set("Access-Control-Allow-Methods", "POST, OPTIONS");
    next();
  };
  router.options(["/oauth/token", "/oauth/register", "/oauth/revoke"], cors, (_req, res) => {
    res.status(204).end();
  });

  router.get(
    "/oauth/authorize",
    oauthHandler(async (req, res) => {
      try {
        await checkAuthorizationRequest(db, urls, req.query, clients);
      } catch (error) {
        if (error instanceof RedirectableError) return res.redirect(302, error.location);
        throw error;
      }
      // The person signs in (if need be) and decides on the web app's page, which sends the same
      // query back to the endpoints below.
      const query = new URL(req.originalUrl, urls.issuer).search;
      res.redirect(302, `/app/oauth/authorize${query}`);
    }),
  );

  router.get(
    "/app/auth/oauth/authorize",
    session,
    oauthHandler(async (req, res) => {
      try {
        const request = await checkAuthorizationRequest(db, urls, req.query, clients);
        res.set("Cache-Control", "no-store").json(consentView(request));
      } catch (error) {
        res.set("Cache-Control", "no-store").json(redirectable(error));
      }
    }),
  );

  router.post(
    "/app/auth/oauth/authorize",
    session,
    json,
    oauthHandler(async (req, res) => {
      assertSameOrigin(req, origin);
      const actor = actorOf(req);
      if (actor.oauth) throw new ForbiddenError("Only the web app's session approves apps.");
      const body = (req.body ?? {}) as { query?: unknown; approve?: unknown; project_ids?: unknown };
      if (typeof body.query !== "object" || body.query === null || typeof body.approve !== "boolean") {
        throw new ValidationError("Send {query, approve, project_ids}.");
      }
      let request;
      try {
        request = await checkAuthorizationRequest(db, urls, body.query as Record<string, unknown>, clients);
      } catch (error) {
        res.json(redirectable(error));
        return;
      }
      if (!body.approve) {
        const location = redirectWith(
          request.redirectUri,
          {
            error: "access_denied",
            error_description: "The person denied the request.",
            state: request.state,
          },
          urls.issuer,
        );
        res.json({ redirect_to: location });
        return;
      }
      const projectIds = await chosenProjects(db, actor.id, body.project_ids);
      const { code } = await approveAuthorization({
        db,
        actor,
        client: request.client,
        scopes: request.scopes,
        projectIds,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        resource: request.resource,
      });
      res.json({
        redirect_to: redirectWith(request.redirectUri, { code, state: request.state }, urls.issuer),
      });
    }),
  );

  router.post(
    "/oauth/token",
    cors,
    form,
    oauthHandler(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (req.headers.authorization) {
        throw new OAuthError(
          "invalid_client",
          "Clients here are public (token_endpoint_auth_method none): send client_id, no credentials.",
          401,
        );
      }
      const grantType = body.grant_type;
      const answer =
        grantType === "authorization_code"
          ? await exchangeCode(db, body)
          : grantType === "refresh_token"
            ? await refreshTokens(db, body)
            : undefined;
      if (!answer) {
        throw new OAuthError("unsupported_grant_type", "grant_type is authorization_code or refresh_token.");
      }
      res.set("Cache-Control", "no-store").set("Pragma", "no-cache").json(answer);
    }),
  );

  const registerLimiter = rateLimiter({
    limit: registerPerMinute,
    windowMs: 60_000,
    key: (req) => clientIpKey(req.ip),
    prefix: "board-api-oauth-register",
    redis,
  });
  router.post(
    "/oauth/register",
    cors,
    registerLimiter,
    json,
    oauthHandler(async (req, res) => {
      res
        .status(201)
        .set("Cache-Control", "no-store")
        .json(await registerClient({ db, body: req.body }));
    }),
  );

  router.post(
    "/oauth/revoke",
    cors,
    form,
    oauthHandler(async (req, res) => {
      await revokeToken(db, (req.body ?? {}) as Record<string, unknown>);
      res.status(200).end();
    }),
  );
  return router;
}
