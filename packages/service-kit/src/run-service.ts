import type { Server } from "node:http";
import { openDatabase, type Db } from "@org/db";
import type { Express } from "express";
import type { BaseEnv } from "./env.ts";
import { databaseLabel } from "./database-label.ts";
import { createLogger, logProcessWarnings, type Logger } from "./logger.ts";
import { Metrics } from "./metrics.ts";
import { closeRedis, connectRedis, type Redis } from "./redis.ts";
import { serve } from "./serve.ts";

export interface ServiceDeps<E extends BaseEnv> {
  env: E;
  db: Db;
  logger: Logger;
  /** REDIS_URL's connection (outages logged through `logger`); undefined without REDIS_URL. */
  redis?: Redis | undefined;
  /** This instance's Prometheus metrics (GET /metrics); an app makes its own when not given. */
  metrics?: Metrics | undefined;
}

export interface RunServiceOptions<E extends BaseEnv> {
  /** Names the embedded database folder and the log lines. */
  name: string;
  env: E;
  createApp(deps: ServiceDeps<E>): Express | Promise<Express>;
  onServer?(server: Server, deps: ServiceDeps<E>): void;
  /** At the start of a shutdown: end long-lived connections such as websockets. */
  beforeClose?(): void;
  /** Extra resources to release on shutdown, before Redis and the database close. */
  onShutdown?(): Promise<void>;
}

/**
 * Opens (and migrates) the database and connects Redis (REDIS_URL), builds the app, serves it
 * until a signal stops it, then closes them.
 */
export async function runService<E extends BaseEnv>(options: RunServiceOptions<E>): Promise<void> {
  const { name, env } = options;
  const logger = createLogger({ service: name, level: env.LOG_LEVEL, format: env.LOG_FORMAT });
  logProcessWarnings(logger);
  try {
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      service: name,
    });
    logger.debug({ embedded: database.embedded }, "database ready");
    const redis = connectRedis(env.REDIS_URL, logger);
    const metrics = new Metrics({ service: name, processMetrics: true });
    metrics.watchDatabase(database.db);
    const deps = { env, db: database.db, logger, redis, metrics };
    const app = await options.createApp(deps);
    await serve({
      app,
      port: env.PORT,
      host: env.HOST,
      logger,
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      timeouts: {
        headersTimeoutMs: env.HEADERS_TIMEOUT_SECONDS * 1000,
        requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
      },
      startupNote: databaseLabel({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, service: name }),
      onServer: options.onServer && ((server) => options.onServer?.(server, deps)),
      beforeClose: options.beforeClose,
      async onShutdown() {
        await options.onShutdown?.();
        if (redis) await closeRedis(redis);
        await database.close();
      },
    });
  } catch (error) {
    logger.fatal({ err: error }, "failed to start");
    process.exit(1);
  }
}
