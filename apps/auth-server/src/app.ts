import { authOpenApiDocument } from "@org/contracts";
import {
  authErrors,
  createHttpApp,
  finishHttpApp,
  healthHandler,
  type Redis,
  type ServiceDeps,
} from "@org/service-kit";
import cookieParser from "cookie-parser";
import type { Express } from "express";
import type { AuthContext } from "./context.ts";
import type { AuthEnv } from "./env.ts";
import { tenantCors } from "./http/cors.ts";
import { rateLimits } from "./http/rate-limits.ts";
import { tenantApiRouter } from "./routes/api-tenant.ts";
import { authenticationRouter } from "./routes/authentication.ts";
import { passkeysRouter } from "./routes/passkeys.ts";
import { registrationRouter } from "./routes/registration.ts";
import { sdkFiles } from "./sdk-route.ts";
import { dummyPasswordHash } from "./services/password.ts";
import { memoryStore, redisStore, type EphemeralStore } from "./store.ts";

export type AuthDeps = ServiceDeps<AuthEnv> & {
  /** Shared state and rate-limit counters across instances (REDIS_URL). */
  redis?: Redis | undefined;
  /** Short-lived state; defaults to Redis when given, else process memory. */
  store?: EphemeralStore;
  /** Clock in ms; tests move it to expire tokens, challenges and logins. */
  now?: () => number;
};

/** The auth server as an Express app; server.ts only listens, tests use this directly. */
export function createApp({ env, db, logger, redis, store, now = Date.now }: AuthDeps): Express {
  const ctx: AuthContext = {
    env,
    db,
    logger,
    now,
    store: store ?? (redis ? redisStore(redis) : memoryStore(now)),
  };
  void dummyPasswordHash(); // computed once, up front, so the first unknown-user login is not faster
  const limits = rateLimits(ctx, redis);

  const app = createHttpApp({ logger, jsonLimit: "256kb" });
  app.get("/healthz", healthHandler(db));
  app.use("/sdk", sdkFiles());
  const openApi = authOpenApiDocument();
  app.get("/openapi.json", (_req, res) => {
    res.json(openApi);
  });

  app.use(["/api/v1", "/auth/v1"], tenantCors(ctx), limits.perIp);
  app.use("/auth/v1", cookieParser());
  app.use("/api/v1", tenantApiRouter(ctx, limits));
  app.use("/auth/v1/register", registrationRouter(ctx));
  app.use("/auth/v1", authenticationRouter(ctx, limits), passkeysRouter(ctx));
  return finishHttpApp(app, authErrors);
}
