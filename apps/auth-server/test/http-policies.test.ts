import request from "supertest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { failure, makeTenant, sessionToken } from "./helpers/flows.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("CORS", () => {
  it("answers a preflight from a tenant origin with the allowed headers, and not from others", async () => {
    await makeTenant(t, { origins: ["https://shop.cors.test"] });
    const allowed = await request(t.app)
      .options("/auth/v1/authenticate/start")
      .set("Origin", "https://shop.cors.test")
      .set("Access-Control-Request-Method", "POST")
      .set("Access-Control-Request-Headers", "authorization,content-type");
    expect(allowed.status).toBe(204);
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://shop.cors.test");
    expect(allowed.headers["access-control-allow-headers"]).toBe("Authorization,Content-Type");
    expect(allowed.headers["access-control-allow-credentials"]).toBe("true");
    expect(allowed.headers["access-control-expose-headers"]).toContain("Retry-After");

    const api = await request(t.app)
      .options("/api/v1/user-token")
      .set("Origin", "https://shop.cors.test")
      .set("Access-Control-Request-Method", "POST");
    expect(api.headers["access-control-allow-headers"]).not.toMatch(/x-api-key/i);

    const unknown = await request(t.app)
      .options("/auth/v1/authenticate/start")
      .set("Origin", "https://evil.test")
      .set("Access-Control-Request-Method", "POST");
    expect(unknown.headers["access-control-allow-origin"]).toBeUndefined();

    const sdk = await request(t.app).get("/healthz").set("Origin", "https://shop.cors.test");
    expect(sdk.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("rate limits", () => {
  it("limits password attempts per account with Retry-After", async () => {
    const app = t.sibling({ RATE_LIMIT_LOGIN_PER_MINUTE: "3" });
    const { apiKey } = await makeTenant(t);
    const session = await sessionToken(app, apiKey);
    const attempt = (username: string) =>
      request(app)
        .post("/auth/v1/password/login")
        .set("Authorization", `Bearer ${session}`)
        .send({ username, password: "x" });
    for (let i = 0; i < 3; i += 1) expect((await attempt("victim")).status).toBe(401);
    const limited = await attempt("Victim");
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(failure("rate_limited", "Too many requests."));
    expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
    // Another account is not affected.
    expect((await attempt("someone-else")).status).toBe(401);
  });

  it("limits requests per IP", async () => {
    const app = t.sibling({ RATE_LIMIT_IP_PER_MINUTE: "2" });
    expect((await request(app).post("/api/v1/session-token")).status).toBe(401);
    expect((await request(app).post("/api/v1/session-token")).status).toBe(401);
    const limited = await request(app).post("/api/v1/session-token");
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect((await request(app).get("/healthz")).status).toBe(200);
  });

  it("limits unauthenticated requests per IP (bogus keys and tokens, embed pages) before any lookup", async () => {
    const app = t.sibling({ RATE_LIMIT_ANONYMOUS_PER_MINUTE: "4", TRUST_PROXY: "loopback" });
    const { apiKey } = await makeTenant(t);
    const attacker = "203.0.113.40";
    // A tenant's server with its key is not counted, however often it calls.
    for (let i = 0; i < 6; i += 1) {
      const res = await request(app)
        .post("/api/v1/session-token")
        .set("X-Forwarded-For", attacker)
        .set("X-API-KEY", apiKey);
      expect(res.status).toBe(200);
    }
    expect(
      (
        await request(app)
          .post("/api/v1/session-token")
          .set("X-Forwarded-For", attacker)
          .set("X-API-KEY", "ak_bogus")
      ).status,
    ).toBe(401);
    const token = request(app).post("/auth/v1/authenticate/start").set("X-Forwarded-For", attacker);
    expect((await token.set("Authorization", "Bearer st_bogus").send({})).status).toBe(401);
    expect(
      (
        await request(app)
          .get("/auth-embed?origin=https%3A%2F%2Fnobody.test")
          .set("X-Forwarded-For", attacker)
      ).status,
    ).toBe(403);
    expect((await request(app).get("/qr").set("X-Forwarded-For", attacker)).status).toBe(200);
    const limited = await request(app)
      .post("/api/v1/session-token")
      .set("X-Forwarded-For", attacker)
      .set("X-API-KEY", apiKey);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(failure("rate_limited", "Too many requests."));
    expect(
      (
        await request(app)
          .get("/auth-embed?origin=https%3A%2F%2Fnobody.test")
          .set("X-Forwarded-For", attacker)
      ).status,
    ).toBe(429);
    // Elsewhere, nothing changed.
    expect((await request(app).get("/qr").set("X-Forwarded-For", "198.51.100.40")).status).toBe(200);
  });

  it("limits requests per tenant key", async () => {
    const app = t.sibling({ RATE_LIMIT_TENANT_PER_MINUTE: "1" });
    const { apiKey } = await makeTenant(t);
    expect((await request(app).post("/api/v1/session-token").set("X-API-KEY", apiKey)).status).toBe(200);
    const limited = await request(app).post("/api/v1/session-token").set("X-API-KEY", apiKey);
    expect(limited.status).toBe(429);
    expect(limited.body.error_code).toBe("rate_limited");
  });
});

describe("OpenAPI", () => {
  it("documents every auth endpoint", async () => {
    const res = await request(t.app).get("/openapi.json");
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/user-token",
        "/api/v1/session-token",
        "/api/v1/verify-auth",
        "/api/v1/users",
        "/api/v1/users/{external_id}",
        "/api/v1/users/{external_id}/disable",
        "/api/v1/users/{external_id}/enable",
        "/auth/v1/register/start",
        "/auth/v1/register/finish",
        "/auth/v1/authenticate/start",
        "/auth/v1/authenticate/finish",
        "/auth/v1/password/login",
        "/auth/v1/passkeys",
        "/auth/v1/passkeys/{passkey_id}",
      ]),
    );
  });
});
