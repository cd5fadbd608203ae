import { openDatabase, type Db } from "@org/db";
import type { BaseEnv } from "./env.ts";
import { databaseLabel } from "./database-label.ts";
import { createLogger, logProcessWarnings, type Logger } from "./logger.ts";
import { Metrics } from "./metrics.ts";
import { closeRedis, connectRedis, type Redis } from "./redis.ts";

export interface ServiceDeps<E extends BaseEnv> {
  env: E;
  db: Db;
  logger: Logger;
  /** REDIS_URL's connection (outages logged through `logger`); undefined without REDIS_URL. */
  redis?: Redis | undefined;
  /** This instance's Prometheus metrics (GET /metrics); an app makes its own when not given. */
  metrics?: Metrics | undefined;
  /** Said on the start-up line: which database the service uses. */
  startupNote?: string | undefined;
}

/** A started service: listening, with its background work running, until `close()`. */
export interface RunningService {
  /** Stops gracefully (see serve's close); `timedOut` when connections had to be cut. */
  close(): Promise<{ timedOut: boolean }>;
}

export interface RunServiceOptions<E extends BaseEnv> {
  /** Names the embedded database folder and the log lines. */
  name: string;
  env: E;
  /** The app's start function (its `service` entry): app, server, realtime, background work. */
  start(deps: ServiceDeps<E>): Promise<RunningService>;
}

/**
 * Opens (and migrates) the database and connects Redis (REDIS_URL), starts the service, and on
 * SIGTERM/SIGINT stops it gracefully, closes them and exits (1 when the shutdown timed out).
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
    const startupNote = databaseLabel({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      service: name,
    });
    const service = await options.start({ env, db: database.db, logger, redis, metrics, startupNote });
    let stopping = false;
    const shutdown = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, "shutting down");
      // Should releasing the resources hang after the connections were cut, the process still ends.
      setTimeout(() => process.exit(1), env.SHUTDOWN_TIMEOUT_MS + 2_000).unref();
      service
        .close()
        .then(async ({ timedOut }) => {
          if (redis) await closeRedis(redis);
          await database.close();
          logger.info("stopped");
          process.exit(timedOut ? 1 : 0);
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, "error while releasing resources");
          process.exit(1);
        });
    };
    // `on`, not `once`: Ctrl-C under `pnpm start` delivers SIGINT twice (from the terminal and
    // relayed by pnpm); a repeat during the shutdown must not kill the process with the default action.
    process.on("SIGTERM", shutdown);
    process.on("SIGINT", shutdown);
  } catch (error) {
    logger.fatal({ err: error }, "failed to start");
    process.exit(1);
  }
}
