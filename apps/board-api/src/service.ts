// The board API as a running service: the one place that wires the app, socket.io, the webhook
// worker, the sweeper and their shutdown. server.ts starts it on the process's resources; tests,
// e2e and benchmarks start it on theirs (port 0, a test database, their own environment).
import type { Server } from "node:http";
import type { Db } from "@org/db";
import {
  connectRedis,
  createLogger,
  listenOptionsOf,
  serve,
  socketLimits,
  type Logger,
  type Metrics,
  type Realtime,
  type Redis,
} from "@org/service-kit";
import type { Express } from "express";
import { createApp } from "./app.ts";
import { createTenantClient } from "./auth-server/tenant-client.ts";
import type { BoardEnv } from "./env.ts";
import { webConfig } from "./http/web.ts";
import { boardMailer } from "./mail.ts";
import { attachBoardRealtime, SocketBoardEvents } from "./realtime/index.ts";
import { startSweeper } from "./sweeper.ts";
import { webhookPolicy, WebhookWorker, type WebhookWorkerOptions } from "./services/webhook-delivery.ts";

export { loadBoardEnv, type BoardEnv } from "./env.ts";

export interface StartBoardApiOptions {
  /** The environment; or, made from the URL the server listens on (a test on port 0: its PUBLIC_URL). */
  env: BoardEnv | ((url: string) => BoardEnv | Promise<BoardEnv>);
  db: Db;
  /** Default: silent. */
  logger?: Logger | undefined;
  /** Default: connectRedis(env.REDIS_URL), closed with the service. */
  redis?: Redis | undefined;
  metrics?: Metrics | undefined;
  /** Said on the start-up line (which database). */
  startupNote?: string | undefined;
  /** Where to listen: env's PORT and HOST; with `env` a function, a free port on 127.0.0.1. */
  port?: number;
  host?: string;
  /** The once-a-minute sweeper (default on). */
  sweeper?: boolean;
  /** The webhook delivery worker (default on, with env's policy); options override its defaults. */
  webhooks?: boolean | Partial<WebhookWorkerOptions>;
}

export interface BoardApi {
  app: Express;
  server: Server;
  /** Where it answers (`http://localhost:<port>` on every interface, else its own address). */
  url: string;
  env: BoardEnv;
  /** socket.io, as the board's live events reach clients. */
  realtime: Realtime;
  /** Where the app sends live events (to socket.io). */
  events: SocketBoardEvents;
  /** Stops gracefully: in-flight requests finish, then sockets, worker and sweeper stop. */
  close(): Promise<{ timedOut: boolean }>;
}

export async function startBoardApi(options: StartBoardApiOptions): Promise<BoardApi> {
  const { db, metrics } = options;
  const logger = options.logger ?? createLogger({ service: "board-api", level: "silent" });
  const known = typeof options.env === "function" ? undefined : options.env;
  const events = new SocketBoardEvents();
  let env: BoardEnv | undefined;
  let app: Express | undefined;
  let redis: Redis | undefined;
  let realtime: Realtime | undefined;
  let webhookWorker: WebhookWorker | undefined;
  let stopSweeper: (() => void) | undefined;
  const served = await serve({
    ...listenOptionsOf(known, options),
    logger,
    startupNote: options.startupNote,
    async app(url) {
      env = known ?? (await (options.env as (url: string) => BoardEnv | Promise<BoardEnv>)(url));
      redis = options.redis ?? connectRedis(env.REDIS_URL, logger);
      const tenant = env.authServer && createTenantClient(env.authServer);
      // One mailer for the app and the sweeper (the development outbox lives in it).
      const mailer = boardMailer(env);
      app = createApp({ env, db, logger, redis, metrics, events, tenant, mailer });
      if (options.sweeper ?? true) stopSweeper = startSweeper({ env, db, logger, events, tenant, mailer });
      return app;
    },
    onServer(server) {
      realtime = attachBoardRealtime(server, {
        db,
        redisUrl: env!.REDIS_URL,
        events,
        web: webConfig(env!),
        limits: socketLimits(env!),
        logger,
        metrics,
      });
      const webhooks = options.webhooks ?? true;
      if (webhooks) {
        // Every instance runs one; they never send a delivery twice.
        webhookWorker = new WebhookWorker({
          db,
          logger,
          policy: webhookPolicy(env!),
          events,
          ...(webhooks === true ? {} : webhooks),
        }).start();
      }
    },
    // Open websockets would keep the HTTP server's close() waiting: drop them first.
    beforeClose: () => realtime?.disconnect(),
    async onShutdown() {
      stopSweeper?.();
      await webhookWorker?.stop();
      await realtime?.close();
      if (redis && !options.redis) await redis.quit().catch(() => redis?.disconnect());
    },
  });
  return {
    app: app!,
    server: served.server,
    url: served.url,
    env: env!,
    realtime: realtime!,
    events,
    close: served.close,
  };
}
