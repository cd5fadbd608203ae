import { createServer, type Socket } from "node:net";
import { Redis } from "ioredis";
import request from "supertest";
import {
  boardErrors,
  createHttpApp,
  createLogger,
  finishHttpApp,
  generateSecret,
  hashSecret,
  rateLimiter,
  secretMatches,
} from "../src/index.ts";
import { REDIS_OPTIONS } from "../src/redis.ts";
import { freePort } from "../src/testing/index.ts";

function limitedApp(redis?: Redis, limit = 2) {
  const app = createHttpApp({ logger: createLogger({ service: "test", level: "silent" }) });
  const prefix = `test-${process.pid}-${Date.now()}`;
  const limiter = rateLimiter({
    limit,
    windowMs: 60_000,
    key: (req) => req.get("x-who") ?? "anon",
    prefix,
    redis,
  });
  app.use(limiter);
  app.get("/ping", (_req, res) => {
    res.json({ ok: true });
  });
  // A request that carries `n` calls (an MCP batch): the middleware counted one, charge the rest.
  app.get("/batch/:n", async (req, res) => {
    await limiter.charge(req, res, Number(req.params.n) - 1);
    res.json({ ran: Number(req.params.n) });
  });
  return finishHttpApp(app, boardErrors);
}

async function expectBatchesCounted(app: ReturnType<typeof limitedApp>) {
  const three = await request(app).get("/batch/3").set("x-who", "a");
  expect(three.status).toBe(200);
  expect(three.headers["ratelimit-remaining"]).toBe("1");
  const over = await request(app).get("/batch/2").set("x-who", "a");
  expect(over.status).toBe(429);
  expect(over.body).toEqual({ error: { code: "rate_limited", message: "Too many requests." } });
  expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
  expect((await request(app).get("/ping").set("x-who", "a")).status).toBe(429);
}

async function expectLimitedAfterTwo(app: ReturnType<typeof limitedApp>) {
  const first = await request(app).get("/ping").set("x-who", "a");
  expect(first.status).toBe(200);
  expect(first.headers["ratelimit-limit"]).toBe("2");
  expect(first.headers["ratelimit-remaining"]).toBe("1");
  expect(Number(first.headers["ratelimit-reset"])).toBeGreaterThan(0);
  await request(app).get("/ping").set("x-who", "a").expect(200);
  const third = await request(app).get("/ping").set("x-who", "a");
  expect(third.status).toBe(429);
  expect(third.body.error.code).toBe("rate_limited");
  expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
  // Counted per key: another caller is unaffected.
  await request(app).get("/ping").set("x-who", "b").expect(200);
}

describe("rateLimiter", () => {
  it("limits per key in memory, with RateLimit-* headers and Retry-After", async () => {
    await expectLimitedAfterTwo(limitedApp());
  });

  it("keeps its counters in Redis when given a connection", async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379");
    try {
      await expectLimitedAfterTwo(limitedApp(redis));
      await expectBatchesCounted(limitedApp(redis, 4));
    } finally {
      redis.disconnect();
    }
  });

  it("counts in memory, without waiting, while Redis refuses or does not answer", async () => {
    // Refused: nothing listens there. Silent: a server that accepts and never answers.
    const open = new Set<Socket>();
    const silent = createServer((socket) => open.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const silentPort = (silent.address() as { port: number }).port;
    const refusing = new Redis(`redis://127.0.0.1:${await freePort()}`, REDIS_OPTIONS);
    const unanswering = new Redis(`redis://127.0.0.1:${silentPort}`, REDIS_OPTIONS);
    for (const client of [refusing, unanswering]) client.on("error", () => undefined);
    try {
      for (const redis of [refusing, unanswering]) {
        const started = Date.now();
        await expectLimitedAfterTwo(limitedApp(redis));
        // Five requests, each waiting 100 ms at most for Redis (a busy machine: some slack).
        expect(Date.now() - started).toBeLessThan(5 * 100 + 1_000);
      }
    } finally {
      refusing.disconnect();
      unanswering.disconnect();
      for (const socket of open) socket.destroy();
      silent.close();
    }
  });

  it("charges the extra calls of one request against the same counter", async () => {
    await expectBatchesCounted(limitedApp(undefined, 4));
  });
});

describe("secrets", () => {
  it("are random, prefixed, and verified only against their own hash", () => {
    const a = generateSecret("bt");
    const b = generateSecret("bt");
    expect(a).toMatch(/^bt_[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(secretMatches(a, hashSecret(a))).toBe(true);
    expect(secretMatches(b, hashSecret(a))).toBe(false);
  });
});
