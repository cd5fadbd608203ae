import net from "node:net";
import type { Db } from "@org/db";
import { Router, type Request } from "express";
import { ServiceUnavailableError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { Redis } from "../redis.ts";
import { clientIpKey } from "./client-ip.ts";
import { rateLimiter } from "./rate-limit.ts";
import { expectedFailure } from "./request-logging.ts";

/** A check that takes longer than this counts as failed: a readiness probe must answer quickly. */
const CHECK_TIMEOUT_MS = 2_000;

/** How long one readiness verdict answers every /readyz (concurrent ones share one check). */
export const READY_CACHE_MS = 1_000;

export interface HealthOptions {
  db: Db;
  /** Checked too when the service uses Redis (REDIS_URL). */
  redis?: Redis | undefined;
  /**
   * /healthz and /readyz a minute from one client IP (IPv6: one /64), counted in this process's
   * memory (a probe costs no Redis round trip). Loopback and private addresses (the orchestrator,
   * the load balancer, `docker compose`) are not counted. Default 120.
   */
  limitPerMinute?: number | undefined;
  /**
   * Where readiness changes are logged: once when it fails (and again only if what fails changes),
   * once when it recovers. A probe itself is logged as any request, never as an error.
   */
  logger?: Logger | undefined;
}

/** Loopback, private (RFC 1918, unique local) and link-local: where probes come from. */
const LOCAL = new net.BlockList();
LOCAL.addSubnet("127.0.0.0", 8, "ipv4");
LOCAL.addSubnet("10.0.0.0", 8, "ipv4");
LOCAL.addSubnet("172.16.0.0", 12, "ipv4");
LOCAL.addSubnet("192.168.0.0", 16, "ipv4");
LOCAL.addSubnet("169.254.0.0", 16, "ipv4");
LOCAL.addAddress("::1", "ipv6");
LOCAL.addSubnet("fc00::", 7, "ipv6");
LOCAL.addSubnet("fe80::", 10, "ipv6");

/** Whether a client address is on this host or its local network (IPv4-mapped IPv6 too). */
export function isLocalAddress(ip: string | undefined): boolean {
  if (!ip) return false;
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (v4) return LOCAL.check(v4, "ipv4");
  const family = net.isIP(ip);
  return family !== 0 && LOCAL.check(ip, family === 4 ? "ipv4" : "ipv6");
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

/** What ends a connection attempt, one way or the other. */
const SETTLING_EVENTS = ["ready", "close", "end"] as const;

/**
 * Resolves once a connection attempt in progress succeeds; rejects when it fails or takes longer
 * than `ms`. Its listeners go in every case: while ioredis reconnects, every probe would otherwise
 * leave two behind (MaxListenersExceededWarning after a few seconds, outside the JSON logs).
 */
function connectionAttempt(redis: Redis, ms: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const settle = () => {
      clearTimeout(timer);
      for (const event of SETTLING_EVENTS) redis.off(event, settle);
      if (redis.status === "ready") resolve();
      else reject(new Error(`connection ${redis.status}`));
    };
    const timer = setTimeout(settle, ms);
    for (const event of SETTLING_EVENTS) redis.once(event, settle);
  });
}

async function redisAnswers(redis: Redis): Promise<void> {
  // Still connecting after a start: wait for it (within the check's timeout), so a fresh instance
  // is not reported unready for the few milliseconds its first connection takes.
  if (redis.status === "connecting" || redis.status === "connect") {
    await connectionAttempt(redis, CHECK_TIMEOUT_MS);
  }
  // Lost (reconnecting, ended): fail now rather than queue the PING until the reconnection gives up.
  if (redis.status !== "ready") throw new Error(`connection ${redis.status}`);
  await redis.ping();
}

type Failures = Record<string, string>;

/**
 * Logs readiness when it changes, not at every probe (an outage probed every few seconds made a
 * line each time): what became unreachable and why, then the recovery.
 */
function readinessChanges(logger: Logger | undefined): (failures: Failures) => void {
  // undefined until the first check: a service that starts ready says nothing.
  let failing: string | undefined;
  return (failures) => {
    const names = Object.keys(failures);
    const now = names.join(",");
    if (now === failing) return;
    const before = failing;
    failing = now;
    if (names.length > 0) {
      logger?.warn({ failures }, `not ready: ${names.join(" and ")} unreachable`);
    } else if (before !== undefined) {
      logger?.info(`ready again (${before.split(",").join(" and ")} answering)`);
    }
  };
}

/**
 * `GET /healthz`, liveness: the process serves requests (it listens only once its database is
 * migrated). `GET /readyz`, readiness: PostgreSQL answers, and Redis when the service uses it;
 * otherwise 503 `service_unavailable` with Retry-After, naming what failed in `details`. Load
 * balancers and `docker compose` send traffic on readiness; a restart on liveness alone would not
 * bring a database back.
 */
export function healthRoutes({ db, redis, limitPerMinute = 120, logger }: HealthOptions): Router {
  const router = Router();
  // Issue 28: 64 /readyz at a time took a victim's p50 from 9 to 572 ms. Probes from the internet
  // are limited per IP, and however many arrive, one readiness check runs at a time.
  router.use(
    ["/healthz", "/readyz"],
    rateLimiter({
      limit: limitPerMinute,
      windowMs: 60_000,
      prefix: "health",
      key: (req) => clientIpKey(req.ip),
      skip: (req: Request) => isLocalAddress(req.ip),
    }),
  );
  router.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  const changed = readinessChanges(logger);
  let verdict: { at: number; failed: Promise<string[]> } | undefined;
  const check = async (): Promise<string[]> => {
    const checks: Record<string, Promise<void>> = {
      database: withTimeout(db.$queryRaw`SELECT 1`),
      ...(redis ? { redis: withTimeout(redisAnswers(redis)) } : {}),
    };
    const names = Object.keys(checks);
    const results = await Promise.allSettled(Object.values(checks));
    const failures: Failures = {};
    results.forEach((result, index) => {
      if (result.status === "rejected") failures[names[index]!] = reasonOf(result.reason);
    });
    changed(failures);
    return Object.keys(failures);
  };
  router.get("/readyz", async (_req, res) => {
    const now = Date.now();
    // The verdict of a check started less than READY_CACHE_MS ago (or still running) is this one's.
    if (!verdict || now - verdict.at >= READY_CACHE_MS) verdict = { at: now, failed: check() };
    const failed = await verdict.failed;
    const names = redis ? ["database", "redis"] : ["database"];
    if (failed.length > 0) {
      // The answer a probe is for, logged once per change above: not a failed request.
      expectedFailure(res);
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

/** An error's message, its last line only (Prisma's begin with where the query was made). */
const reasonOf = (error: unknown) =>
  error instanceof Error ? error.message.trim().split("\n").at(-1) || error.name : String(error);
