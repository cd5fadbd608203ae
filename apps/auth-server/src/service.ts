// The auth server as a running service: the one place that wires the app, socket.io (the QR
// login's live status), the tenant webhook worker, the delivery sweeper and their shutdown.
// server.ts starts it on the process's resources; tests and e2e on theirs (port 0, a test database).
import type { Server } from "node:http";
import type { Db } from "@org/db";
import {
  attachRealtime,
  connectRedis,
  createLogger,
  listenOptionsOf,
  serve,
  socketLimits,
  sweepDeliveries,
  webhookPolicy,
  type Logger,
  type Metrics,
  type Realtime,
  type Redis,
} from "@org/service-kit";
import type { Express } from "express";
import { createApp } from "./app.ts";
import type { AuthEnv } from "./env.ts";
import { QrLiveStatus } from "./realtime/qr.ts";
import { adminTenant } from "./services/admin-tenant.ts";
import { ensureBootstrapTenant } from "./services/bootstrap-tenant.ts";
import { TENANT_WEBHOOK_STORE, TenantWebhookWorker } from "./services/tenant-webhooks.ts";

export { loadAuthEnv, type AuthEnv } from "./env.ts";

export interface StartAuthServerOptions {
  /**
   * The environment; or, made from the URL the server listens on (a test on port 0: its
   * PUBLIC_URL). Only with a given environment are the dashboard's and the declared bootstrap
   * tenant made before the server listens.
   */
  env: AuthEnv | ((url: string) => AuthEnv | Promise<AuthEnv>);
  db: Db;
  /** Default: silent. */
  logger?: Logger | undefined;
  /** Default: connectRedis(env.REDIS_URL), closed with the service. */
  redis?: Redis | undefined;
  metrics?: Metrics | undefined;
  /** Said on the start-up line (which database). */
  startupNote?: string | undefined;
  /** The app's clock in ms (tests move it forward). */
  now?: () => number;
  /** Where to listen: env's PORT and HOST; with `env` a function, a free port on 127.0.0.1. */
  port?: number;
  host?: string;
  /** The tenant webhook worker and the once-a-minute delivery sweeper (default on). */
  background?: boolean;
}

export interface AuthServer {
  app: Express;
  server: Server;
  /** Where it answers (`http://localhost:<port>` on every interface, else its own address). */
  url: string;
  env: AuthEnv;
  /** Stops gracefully: in-flight requests finish, then sockets, worker and sweeper stop. */
  close(): Promise<{ timedOut: boolean }>;
}

export async function startAuthServer(options: StartAuthServerOptions): Promise<AuthServer> {
  const { db, metrics, now } = options;
  const logger = options.logger ?? createLogger({ service: "auth-server", level: "silent" });
  const known = typeof options.env === "function" ? undefined : options.env;
  if (known) {
    // The dashboard's built-in tenant, and the declared one, exist before the first request.
    await adminTenant({ db, publicUrl: known.PUBLIC_URL });
    const config = known.bootstrapTenant;
    if (config) await ensureBootstrapTenant({ db, logger, config });
  }
  const qrLive = new QrLiveStatus();
  let env: AuthEnv | undefined;
  let app: Express | undefined;
  let redis: Redis | undefined;
  let realtime: Realtime | undefined;
  /** Sends the tenants' webhook deliveries (every instance runs one; they never send one twice). */
  let webhookWorker: TenantWebhookWorker | undefined;
  /** Once a minute: forgets deliveries older than WEBHOOK_DELIVERY_RETENTION_DAYS. */
  let sweeper: NodeJS.Timeout | undefined;
  const served = await serve({
    ...listenOptionsOf(known, options),
    logger,
    startupNote: options.startupNote,
    async app(url) {
      env = known ?? (await (options.env as (url: string) => AuthEnv | Promise<AuthEnv>)(url));
      redis = options.redis ?? connectRedis(env.REDIS_URL, logger);
      app = createApp({ env, db, logger, redis, metrics, qrLive, ...(now ? { now } : {}) });
      return app;
    },
    onServer(server) {
      const { WEBHOOK_DELIVERY_RETENTION_DAYS } = env!;
      if (options.background ?? true) {
        webhookWorker = new TenantWebhookWorker({ db, logger, policy: webhookPolicy(env!) }).start();
        sweeper = setInterval(() => {
          sweepDeliveries(db, TENANT_WEBHOOK_STORE, WEBHOOK_DELIVERY_RETENTION_DAYS).catch((error: unknown) =>
            logger.warn({ err: error }, "webhook delivery sweep failed"),
          );
        }, 60_000).unref();
      }
      // socket.io (namespace /qr); with REDIS_URL its events reach the watchers of every instance.
      // Each client IP may hold SOCKETS_PER_IP connections.
      realtime = attachRealtime(server, {
        redisUrl: env!.REDIS_URL,
        adapterKey: "socket.io:auth-server",
        limits: socketLimits(env!),
        logger,
        metrics,
      });
      qrLive.attach(realtime.io);
    },
    // Open websockets (the QR pages' /qr namespace) would keep the HTTP server's close() waiting.
    beforeClose: () => realtime?.disconnect(),
    async onShutdown() {
      clearInterval(sweeper);
      await webhookWorker?.stop();
      await realtime?.close();
      if (redis && !options.redis) await redis.quit().catch(() => redis?.disconnect());
    },
  });
  return { app: app!, server: served.server, url: served.url, env: env!, close: served.close };
}
