import { authOpenApiDocument } from "@org/contracts";
import {
  apiDocsRoutes,
  authErrors,
  createHttpApp,
  finishHttpApp,
  healthRoutes,
  Metrics,
  metricsRoute,
  requestLogOptions,
  type Redis,
  type ServiceDeps,
} from "@org/service-kit";
import cookieParser from "cookie-parser";
import type { Express } from "express";
import type { AuthContext } from "./context.ts";
import type { AuthEnv } from "./env.ts";
import { browserCors } from "./http/cors.ts";
import { authMetrics } from "./http/metrics.ts";
import { rateLimits } from "./http/rate-limits.ts";
import { adminApiRouter } from "./routes/admin/index.ts";
import { adminPagesRouter } from "./routes/admin-pages.ts";
import { publicApiRouter } from "./routes/public-api.ts";
import { sdkFiles, webAssets } from "./pages/assets.ts";
import { demoRouter } from "./routes/demo.ts";
import { embedsRouter } from "./routes/embeds.ts";
import { qrPhoneRouter } from "./routes/qr-phone.ts";
import type { QrLiveStatus } from "./realtime/qr.ts";
import { noQrEvents } from "./services/qr/events.ts";
import { postgresQrStore } from "./services/qr/postgres-store.ts";
import { redisQrStore } from "./services/qr/redis-store.ts";
import { dummyPasswordHash } from "./services/password.ts";
import { memoryStore, redisStore, type EphemeralStore } from "./store.ts";

export type AuthDeps = ServiceDeps<AuthEnv> & {
  /** Shared state and rate-limit counters across instances (REDIS_URL). */
  redis?: Redis | undefined;
  /** Short-lived state; defaults to Redis when given, else process memory. */
  store?: EphemeralStore;
  /** Clock in ms; tests move it to expire tokens, challenges and logins. */
  now?: () => number;
  /** Pushes QR status changes to socket.io watchers (attached to the server by server.ts). */
  qrLive?: QrLiveStatus;
};

/** The auth server as an Express app; server.ts only listens, tests use this directly. */
export function createApp({
  env,
  db,
  logger,
  redis,
  store,
  now = Date.now,
  qrLive,
  metrics = new Metrics({ service: "auth-server" }),
}: AuthDeps): Express {
  const counted = authMetrics(metrics);
  const ctx: AuthContext = {
    env,
    db,
    logger,
    now,
    store: store ?? (redis ? redisStore(redis) : memoryStore(now)),
    qr: {
      store: redis ? redisQrStore(redis) : postgresQrStore(db),
      events: counted.qrEvents(qrLive ?? noQrEvents),
    },
  };
  qrLive?.bind(ctx);
  void dummyPasswordHash(); // computed once, up front, so the first unknown-user login is not faster
  const limits = rateLimits(ctx, redis);

  const app = createHttpApp({
    logger,
    // Bodies are parsed by the routes, after authentication (http/guards.ts, routes/public-api.ts).
    parseJsonUpFront: false,
    trustProxy: env.TRUST_PROXY,
    requestLog: requestLogOptions(env),
    // Tenants' servers (API key), pages with a valid token, signed-in users and administrators
    // are not counted; everything else is, per IP (see http/auth.ts, http/admin-session.ts).
    anonymousLimit: {
      limit: env.RATE_LIMIT_ANONYMOUS_PER_MINUTE,
      prefix: "auth",
      redis,
      isAuthenticated: (req) => req.auth !== undefined || req.adminSession !== undefined,
    },
    metrics,
  });
  app.use(healthRoutes({ db, redis, logger, limitPerMinute: env.HEALTH_RATE_LIMIT_PER_MINUTE }));
  app.use(metricsRoute(metrics, { token: env.METRICS_TOKEN, production: env.NODE_ENV === "production" }));
  counted.mount(app);
  app.use("/sdk", sdkFiles());
  app.use("/assets", webAssets());
  app.use(embedsRouter(ctx));
  app.use(qrPhoneRouter());
  if (env.NODE_ENV !== "production") app.use(demoRouter(ctx));
  // Built on the first request, not with the app: most processes (and every test) never ask.
  let openApi: ReturnType<typeof authOpenApiDocument> | undefined;
  app.get("/openapi.json", (_req, res) => {
    res.json((openApi ??= authOpenApiDocument()));
  });
  // The document rendered for people, as board-api renders its own (service-kit's apiDocsRoutes).
  app.use(apiDocsRoutes({ title: "Auth server API reference" }));

  app.use(["/api/v1", "/auth/v1"], browserCors(ctx), limits.perIp);
  app.use("/auth/v1", cookieParser());
  app.use(publicApiRouter(ctx, limits));

  // The admin dashboard: sign-in at /, pages and session under /admin, its JSON API at /admin/api.
  app.use(["/admin"], cookieParser(), limits.perIp);
  app.get("/", limits.perIp);
  app.use(adminApiRouter(ctx));
  app.use(adminPagesRouter(ctx));
  return finishHttpApp(app, authErrors);
}
