import type { Db } from "@org/db";
import { Router } from "express";
import { ServiceUnavailableError } from "../errors.ts";
import type { Redis } from "../redis.ts";

/** A check that takes longer than this counts as failed: a readiness probe must answer quickly. */
const CHECK_TIMEOUT_MS = 2_000;

export interface HealthOptions {
  db: Db;
  /** Checked too when the service uses Redis (REDIS_URL). */
  redis?: Redis | undefined;
}

function withTimeout(check: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check, timeout]).then(
    () => clearTimeout(timer),
    (error: unknown) => {
      clearTimeout(timer);
      throw error;
    },
  );
}

async function redisAnswers(redis: Redis): Promise<void> {
  // Still connecting after a start: wait for it (within the check's timeout), so a fresh instance
  // is not reported unready for the few milliseconds its first connection takes.
  if (redis.status === "connecting" || redis.status === "connect") {
    await new Promise<void>((resolve, reject) => {
      const settle = () => {
        redis.off("ready", settle).off("end", settle);
        if (redis.status === "ready") resolve();
        else reject(new Error(`connection ${redis.status}`));
      };
      redis.once("ready", settle).once("end", settle);
    });
  }
  // Lost (reconnecting, ended): fail now rather than queue the PING until the reconnection gives up.
  if (redis.status !== "ready") throw new Error(`connection ${redis.status}`);
  await redis.ping();
}

/**
 * `GET /healthz`, liveness: the process serves requests (it listens only once its database is
 * migrated). `GET /readyz`, readiness: PostgreSQL answers, and Redis when the service uses it;
 * otherwise 503 `service_unavailable` with Retry-After, naming what failed in `details`. Load
 * balancers and `docker compose` send traffic on readiness; a restart on liveness alone would not
 * bring a database back.
 */
export function healthRoutes({ db, redis }: HealthOptions): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    const checks: Record<string, Promise<void>> = {
      database: withTimeout(db.$queryRaw`SELECT 1`),
      ...(redis ? { redis: withTimeout(redisAnswers(redis)) } : {}),
    };
    const names = Object.keys(checks);
    const results = await Promise.allSettled(Object.values(checks));
    const failed = names.filter((_name, index) => results[index]?.status === "rejected");
    if (failed.length > 0) {
      throw new ServiceUnavailableError(
        `Not ready: ${failed.join(" and ")} unreachable.`,
        failed.map((name) => ({ path: name, message: "unreachable" })),
      );
    }
    res.set("Cache-Control", "no-store").json({
      status: "ok",
      checks: Object.fromEntries(names.map((name) => [name, "ok"])),
    });
  });
  return router;
}
