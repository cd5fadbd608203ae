// Client IPs come from X-Forwarded-For only when TRUST_PROXY says so, and password guessing is
// limited per account and IP pair, so a guesser elsewhere cannot lock the owner out.
import type { Express } from "express";
import request from "supertest";
import { loadAuthEnv } from "../src/env.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { failure, makeTenant, sessionToken } from "./helpers/flows.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = "correct horse battery";

/** A tenant with the user `owner` (password PASSWORD), and a session token on `app`. */
async function withOwner(app: Express) {
  const { tenant, apiKey } = await makeTenant(t);
  await request(app)
    .post("/api/v1/users")
    .set("X-API-KEY", apiKey)
    .send({ externalId: "owner-1", username: "owner", password: PASSWORD })
    .expect(200);
  return { tenant, apiKey, session: await sessionToken(app, apiKey) };
}

function loginFrom(app: Express, session: string, ip: string | undefined, password: string) {
  const req = request(app).post("/auth/v1/password/login").set("Authorization", `Bearer ${session}`);
  if (ip) req.set("X-Forwarded-For", ip);
  return req.send({ username: "owner", password });
}

describe("TRUST_PROXY", () => {
  it("is off by default: X-Forwarded-For picks neither the rate-limit bucket nor the audited IP", async () => {
    const app = t.sibling({ RATE_LIMIT_IP_PER_MINUTE: "3" });
    const { tenant, session } = await withOwner(app);
    expect((await loginFrom(app, session, "203.0.113.1", "wrong")).status).toBe(401);
    const limited = await request(app).post("/api/v1/session-token").set("X-Forwarded-For", "203.0.113.2");
    expect(limited.status).toBe(429);
    const audited = await t.database.db.authAuditEvent.findFirst({
      where: { tenantId: tenant.id, type: "login_failure" },
    });
    expect(audited?.ip).toMatch(/127\.0\.0\.1|::1/);
  });

  it("with a hop count, takes the client from X-Forwarded-For", async () => {
    const app = t.sibling({ TRUST_PROXY: "1" });
    const { tenant, session } = await withOwner(app);
    await loginFrom(app, session, "198.51.100.23", "wrong").expect(401);
    const audited = await t.database.db.authAuditEvent.findFirst({
      where: { tenantId: tenant.id, type: "login_failure" },
    });
    expect(audited?.ip).toBe("198.51.100.23");
  });

  it("accepts hop counts, addresses, subnets and presets, and refuses true and garbage", () => {
    const parse = (TRUST_PROXY: string) => loadAuthEnv({ TRUST_PROXY }).TRUST_PROXY;
    expect(parse("")).toBe(false);
    expect(parse("2")).toBe(2);
    expect(parse("loopback, 10.0.0.0/8,fd00::/8, 192.0.2.7")).toEqual([
      "loopback",
      "10.0.0.0/8",
      "fd00::/8",
      "192.0.2.7",
    ]);
    expect(() => parse("true")).toThrow(/TRUST_PROXY/);
    expect(() => parse("10.0.0.0/33")).toThrow(/TRUST_PROXY/);
    expect(() => parse("proxy.example.com")).toThrow(/TRUST_PROXY/);
  });
});

describe("IPv6 clients", () => {
  it("are counted by /64 in the per-IP limit: a new address of the same network shares it", async () => {
    const app = t.sibling({ TRUST_PROXY: "loopback", RATE_LIMIT_IP_PER_MINUTE: "3" });
    const from = (ip: string) => request(app).post("/api/v1/session-token").set("X-Forwarded-For", ip);
    for (const ip of ["2001:db8:5:1::1", "2001:db8:5:1::2", "2001:db8:5:1:ffff:ffff:ffff:ffff"]) {
      expect((await from(ip)).status).toBe(401);
    }
    const limited = await from("2001:db8:5:1::abcd");
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(failure("rate_limited", "Too many requests."));
    expect((await from("2001:db8:5:2::1")).status).toBe(401);
  });

  it("are counted by /64 in password guessing: rotating addresses does not buy more guesses", async () => {
    const app = t.sibling({ TRUST_PROXY: "loopback", RATE_LIMIT_LOGIN_PER_MINUTE: "3" });
    const { session } = await withOwner(app);
    for (let i = 1; i <= 3; i += 1)
      expect((await loginFrom(app, session, `2001:db8:6:1::${i}`, "guess")).status).toBe(401);
    expect((await loginFrom(app, session, "2001:db8:6:1::99", "guess")).status).toBe(429);
    expect((await loginFrom(app, session, "2001:db8:6:2::1", PASSWORD)).status).toBe(200);
  });
});

describe("password guessing", () => {
  it("is limited per account and IP: a guesser elsewhere does not lock the owner out", async () => {
    const app = t.sibling({ TRUST_PROXY: "loopback", RATE_LIMIT_LOGIN_PER_MINUTE: "3" });
    const { session } = await withOwner(app);
    const attacker = "203.0.113.66";
    for (let i = 0; i < 3; i += 1)
      expect((await loginFrom(app, session, attacker, "guess")).status).toBe(401);
    const limited = await loginFrom(app, session, attacker, PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(failure("rate_limited", "Too many requests."));

    const owner = await loginFrom(app, session, "198.51.100.7", PASSWORD);
    expect(owner.status).toBe(200);
  });

  it("counts failures only, and backs off for the hour once the hourly allowance is spent", async () => {
    const app = t.sibling({
      TRUST_PROXY: "loopback",
      RATE_LIMIT_LOGIN_PER_MINUTE: "3",
      RATE_LIMIT_LOGIN_PER_HOUR: "4",
    });
    const { session } = await withOwner(app);
    const ip = "192.0.2.44";
    for (let i = 0; i < 5; i += 1) expect((await loginFrom(app, session, ip, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await loginFrom(app, session, ip, "typo")).status).toBe(401);
    expect((await loginFrom(app, session, ip, "typo")).status).toBe(429);

    const hourly = t.sibling({
      TRUST_PROXY: "loopback",
      RATE_LIMIT_LOGIN_PER_MINUTE: "100",
      RATE_LIMIT_LOGIN_PER_HOUR: "2",
    });
    const other = await withOwner(hourly);
    for (let i = 0; i < 2; i += 1)
      expect((await loginFrom(hourly, other.session, ip, "typo")).status).toBe(401);
    const backedOff = await loginFrom(hourly, other.session, ip, PASSWORD);
    expect(backedOff.status).toBe(429);
    expect(Number(backedOff.headers["retry-after"])).toBeGreaterThan(60);
  });
});
