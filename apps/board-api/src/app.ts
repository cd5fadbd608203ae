import { readFileSync } from "node:fs";
import { boardOpenApiDocument } from "@org/contracts";
import {
  boardErrors,
  clientIpKey,
  connectRedis,
  createHttpApp,
  finishHttpApp,
  healthRoutes,
  jsonBody,
  Metrics,
  metricsRoute,
  rateLimiter,
  requestLogOptions,
  windowCounter,
  type Mailer,
  type Redis,
  type ServiceDeps,
} from "@org/service-kit";
import type { Express } from "express";
import { createTenantClient, type TenantClient } from "./auth-server/tenant-client.ts";
import type { BoardEnv } from "./env.ts";
import { referenceRoutes } from "./docs/reference.ts";
import { apiAuth, bearerAuth } from "./http/auth.ts";
import { webConfig } from "./http/web.ts";
import { boardMailer } from "./mail.ts";
import { mcpRouter } from "./mcp/router.ts";
import { oauthMetadataRouter, oauthUrls } from "./oauth/metadata.ts";
import { oauthRouter } from "./oauth/router.ts";
import { createOperations } from "./operations/index.ts";
import { timeClaimNext } from "./operations/metrics.ts";
import { apiRouter } from "./routes/api.ts";
import { connectedAppsRouter } from "./routes/connected-apps.ts";
import { devMailRouter } from "./routes/dev-mail.ts";
import { webAppRouter } from "./routes/web-app.ts";
import { webAuthRouter } from "./routes/web-auth.ts";
import type { BoardEvents } from "./services/context.ts";
import { FileStore } from "./services/file-store.ts";
import { webhookPolicy } from "./services/webhook-delivery.ts";

export type BoardDeps = ServiceDeps<BoardEnv> & {
  /** Shared rate-limit counters; default: connectRedis(env.REDIS_URL). */
  redis?: Redis | undefined;
  /** Where services send live events (server.ts: socket.io); default: nowhere. */
  events?: BoardEvents | undefined;
  /** The auth server's tenant API; default: from env.authServer (none: the web app cannot sign in). */
  tenant?: TenantClient | undefined;
  /** Where mail goes; default: boardMailer(env) (none: no address is ever verified). */
  mailer?: Mailer | undefined;
};

/** The board API as an Express app; server.ts only listens, tests use this directly. */
export function createApp({
  db,
  logger,
  env,
  redis = connectRedis(env.REDIS_URL, logger),
  metrics = new Metrics({ service: "board-api" }),
  events,
  tenant = env.authServer && createTenantClient(env.authServer),
  mailer = boardMailer(env),
}: BoardDeps): Express {
  const app = createHttpApp({
    logger,
    // Bodies are parsed by the routes, after authentication: a bogus token costs no parsing.
    parseJsonUpFront: false,
    trustProxy: env.TRUST_PROXY,
    requestLog: requestLogOptions(env),
    // Requests that authenticate (a token or the web session) are not counted; the rest — public
    // pages, sign-in, and above all bogus tokens, each a database lookup — are, per IP.
    anonymousLimit: {
      limit: env.RATE_LIMIT_ANONYMOUS_PER_MINUTE,
      prefix: "board-api",
      redis,
      isAuthenticated: (req) => req.actor !== undefined,
    },
    metrics,
  });
  app.use(healthRoutes({ db, redis, logger, limitPerMinute: env.HEALTH_RATE_LIMIT_PER_MINUTE }));
  app.use(metricsRoute(metrics, { token: env.METRICS_TOKEN, production: env.NODE_ENV === "production" }));
  // Built on the first request, not with the app: most processes (and every test) never ask.
  let openApi: ReturnType<typeof boardOpenApiDocument> | undefined;
  app.get("/openapi.json", (_req, res) => {
    res.json((openApi ??= boardOpenApiDocument({ serverUrl: env.PUBLIC_URL })));
  });
  app.use(referenceRoutes());

  const files = new FileStore(env.ATTACHMENTS_DIR);
  const operations = timeClaimNext(
    createOperations({
      db,
      files,
      events,
      mailer,
      publicUrl: env.PUBLIC_URL,
      webhookPolicy: webhookPolicy(env),
      cardSearchTimeoutMs: env.CARD_SEARCH_TIMEOUT_MS,
      attachmentQuota: {
        projectBytes: env.ATTACHMENT_QUOTA_PROJECT_BYTES,
        userBytes: env.ATTACHMENT_QUOTA_USER_BYTES,
      },
      strangerInvites: windowCounter({
        limit: env.INVITES_TO_STRANGERS_PER_HOUR,
        windowMs: 3_600_000,
        prefix: "board-api-stranger-invites",
        redis,
      }),
    }),
    metrics,
  );
  const limiter = rateLimiter({
    limit: env.RATE_LIMIT_PER_MINUTE,
    windowMs: 60_000,
    key: (req) => req.tokenHash ?? "anonymous",
    prefix: "board-api",
    redis,
  });
  const web = webConfig(env);
  // Bounded in size and shape while parsing (see service-kit's json-body.ts).
  const json = jsonBody({ limit: "1mb", maxKeys: env.JSON_MAX_KEYS, maxDepth: env.JSON_MAX_DEPTH });
  // Authentication first, so the limit counts per token (its hash), never per IP. The web app's
  // session cookie authenticates /api/v1 too (not /mcp, which is for tokens only). /mcp goes
  // first: its two routes cost an /api/v1 request nothing, while the API's hundred would be
  // matched against every MCP call.
  const oauth = oauthUrls(env.PUBLIC_URL);
  app.use(oauthMetadataRouter(oauth));
  app.use(
    mcpRouter({
      operations,
      guard: [bearerAuth(db, { path: "/mcp", urls: oauth }), limiter],
      json,
      limiter,
      publicOrigin: new URL(env.PUBLIC_URL).origin,
      allowedOrigins: env.MCP_ALLOWED_ORIGINS,
    }),
  );
  const apiGuard = [apiAuth(db, web, { path: "/api/v1", urls: oauth }), limiter, json];
  app.use(apiRouter({ operations, files, guard: apiGuard }));
  app.use(connectedAppsRouter({ db, guard: apiGuard }));
  const signInLimiter = rateLimiter({
    limit: env.RATE_LIMIT_SIGN_IN_PER_MINUTE,
    windowMs: 60_000,
    key: (req) => clientIpKey(req.ip),
    prefix: "board-api-sign-in",
    redis,
  });
  // How a client_id is resolved: the authorization endpoints' and the consent page's.
  const clients = {
    fetch: {
      allowPrivateAddresses: env.OAUTH_CLIENT_METADATA_ALLOW_PRIVATE,
      ca: env.OAUTH_CLIENT_METADATA_CA_FILE && readFileSync(env.OAUTH_CLIENT_METADATA_CA_FILE, "utf8"),
    },
  };
  app.use(
    oauthRouter({
      db,
      urls: oauth,
      json,
      redis,
      registerPerMinute: env.RATE_LIMIT_OAUTH_REGISTER_PER_MINUTE,
      clients,
    }),
  );
  app.use(
    webAuthRouter({
      db,
      tenant,
      web,
      limiter: signInLimiter,
      // Small bodies only: a larger Content-Length is refused unread (sign-up needs no credential).
      json: jsonBody({
        limit: env.WEB_AUTH_BODY_LIMIT_BYTES,
        maxKeys: env.JSON_MAX_KEYS,
        maxDepth: env.JSON_MAX_DEPTH,
      }),
      mailer,
      publicUrl: env.PUBLIC_URL,
      oauth: { urls: oauth, clients },
    }),
  );
  app.use(devMailRouter({ mailer, db, web }));
  app.use(webAppRouter({ origin: web.origin, authServerUrl: tenant?.publicUrl }));
  return finishHttpApp(app, boardErrors);
}
