import type { Request } from "express";
import { Redis } from "ioredis";
import request from "supertest";
import {
  authErrors,
  clientIpKey,
  createHttpApp,
  createLogger,
  finishHttpApp,
  UnauthenticatedError,
} from "../src/index.ts";

/**
 * An app whose "database" is a counter: every token lookup (what a bogus token costs a service)
 * adds one. `good` is the only valid token.
 */
function appWithTokenLookups(limit: number, redis?: Redis) {
  const lookups = { count: 0 };
  const authenticated = new WeakSet<Request>();
  const app = createHttpApp({
    logger: createLogger({ service: "test", level: "silent" }),
    trustProxy: ["loopback"],
    anonymousLimit: {
      limit,
      prefix: `test-anon-${process.pid}-${Date.now()}-${Math.random()}`,
      redis,
      isAuthenticated: (req) => authenticated.has(req),
    },
  });
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/public", (_req, res) => {
    res.json({ page: "public" });
  });
  app.get("/api", (req, res) => {
    lookups.count += 1;
    if (req.get("authorization") !== "Bearer good") throw new UnauthenticatedError();
    authenticated.add(req);
    res.json({ ok: true });
  });
  return { app: finishHttpApp(app, authErrors), lookups };
}

const from = (ip: string) => ({ "X-Forwarded-For": ip });

describe("the per-IP limit on unauthenticated requests", () => {
  it("refuses a bogus-token flood once the limit is reached, before any further token lookup", async () => {
    const { app, lookups } = appWithTokenLookups(5);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await request(app)
        .get("/api")
        .set(from("203.0.113.7"))
        .set("Authorization", `Bearer bogus${i}`);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    expect(lookups.count).toBe(5);
    const refused = await request(app)
      .get("/api")
      .set(from("203.0.113.7"))
      .set("Authorization", "Bearer bogus");
    expect(refused.body).toEqual({ success: false, error_code: "rate_limited", error: "Too many requests." });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not affected.
    expect(
      (await request(app).get("/api").set(from("198.51.100.1")).set("Authorization", "Bearer x")).status,
    ).toBe(401);
  });

  it("counts public pages too, but not authenticated requests nor /healthz", async () => {
    const { app } = appWithTokenLookups(3);
    const ip = from("203.0.113.8");
    for (let i = 0; i < 10; i += 1) {
      expect((await request(app).get("/api").set(ip).set("Authorization", "Bearer good")).status).toBe(200);
      expect((await request(app).get("/healthz").set(ip)).status).toBe(200);
    }
    for (let i = 0; i < 3; i += 1) expect((await request(app).get("/public").set(ip)).status).toBe(200);
    expect((await request(app).get("/public").set(ip)).status).toBe(429);
    // Over the limit, the address is refused before anything looks at its token, valid or not.
    expect((await request(app).get("/api").set(ip).set("Authorization", "Bearer good")).status).toBe(429);
    expect((await request(app).get("/healthz").set(ip)).status).toBe(200);
  });

  it("groups IPv6 clients by /64: a fresh address of the same network shares the allowance", async () => {
    const { app, lookups } = appWithTokenLookups(4);
    const network = [
      "2001:db8:1:2::10",
      "2001:db8:1:2::99",
      "2001:db8:1:2:abcd::1",
      "2001:db8:1:2:ffff:ffff:ffff:fffe",
    ];
    for (const ip of network) {
      expect((await request(app).get("/api").set(from(ip)).set("Authorization", "Bearer bogus")).status).toBe(
        401,
      );
    }
    expect(
      (await request(app).get("/api").set(from("2001:db8:1:2::1234")).set("Authorization", "Bearer b"))
        .status,
    ).toBe(429);
    expect(lookups.count).toBe(4);
    // The neighbouring /64 is another client.
    expect(
      (await request(app).get("/api").set(from("2001:db8:1:3::10")).set("Authorization", "Bearer b")).status,
    ).toBe(401);
  });

  it("shares its counters through Redis", async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379");
    try {
      const { app, lookups } = appWithTokenLookups(2, redis);
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push(
          (await request(app).get("/api").set(from("192.0.2.44")).set("Authorization", "Bearer x")).status,
        );
      }
      expect(statuses).toEqual([401, 401, 429, 429]);
      expect(lookups.count).toBe(2);
    } finally {
      redis.disconnect();
    }
  });
});

describe("clientIpKey", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::", "2001:db8:1:2::/64"],
    ["::1", "::/64"],
    [undefined, "unknown"],
  ])("%s → %s", (ip, key) => {
    expect(clientIpKey(ip)).toBe(key);
  });
});
