import type { Server } from "node:http";
import { openDatabase, type Db } from "@org/db";
import type { Express } from "express";
import type { BaseEnv } from "./env.ts";
import { databaseLabel } from "./database-label.ts";
import { createLogger, type Logger } from "./logger.ts";
import { serve } from "./serve.ts";

export interface ServiceDeps<E extends BaseEnv> {
  env: E;
  db: Db;
  logger: Logger;
}

export interface RunServiceOptions<E extends BaseEnv> {
  /** Names the embedded database folder and the log lines. */
  name: string;
  env: E;
  createApp(deps: ServiceDeps<E>): Express | Promise<Express>;
  onServer?(server: Server, deps: ServiceDeps<E>): void;
  /** At the start of a shutdown: end long-lived connections such as websockets. */
  beforeClose?(): void;
  /** Extra resources to release on shutdown, before the database closes. */
  onShutdown?(): Promise<void>;
}

/** Opens (and migrates) the database, builds the app, serves it until a signal stops it. */
export async function runService<E extends BaseEnv>(options: RunServiceOptions<E>): Promise<void> {
  const { name, env } = options;
  const logger = createLogger({ service: name, level: env.LOG_LEVEL, format: env.LOG_FORMAT });
  try {
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      service: name,
    });
    logger.debug({ embedded: database.embedded }, "database ready");
    const deps = { env, db: database.db, logger };
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
        await database.close();
      },
    });
  } catch (error) {
    logger.fatal({ err: error }, "failed to start");
    process.exit(1);
  }
}
