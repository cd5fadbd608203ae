// The authorization server's endpoints (names: shared contracts, "Board: OAuth for agents' hosts").
// The consent page's two JSON endpoints are web operations (routes/web-auth.ts, oauth/consent.ts),
// Account → Connected apps are account operations (routes/connected-apps.ts).
import type { Db } from "@org/db";
import { clientIpKey, rateLimiter, type Redis } from "@org/service-kit";
import express, { Router, type RequestHandler } from "express";
import { checkAuthorizationRequest, RedirectableError } from "./authorize.ts";
import { registerClient, type ClientResolverOptions } from "./clients.ts";
import { OAuthError, oauthHandler } from "./errors.ts";
import { exchangeCode, refreshTokens, revokeToken } from "./grants.ts";
import type { OAuthUrls } from "./metadata.ts";

export interface OAuthRouterOptions {
  db: Db;
  urls: OAuthUrls;
  /** The bounded JSON body parser (registration's, after its rate limit). */
  json: RequestHandler;
  redis: Redis | undefined;
  /** Registrations a minute per client IP. */
  registerPerMinute: number;
  clients: ClientResolverOptions;
}

export function oauthRouter({
  db,
  urls,
  json,
  redis,
  registerPerMinute,
  clients,
}: OAuthRouterOptions): Router {
  const router = Router();
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
      // query back to get_oauth_consent and decide_oauth_consent (oauth/consent.ts).
      const query = new URL(req.originalUrl, urls.issuer).search;
      res.redirect(302, `/app/oauth/authorize${query}`);
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
