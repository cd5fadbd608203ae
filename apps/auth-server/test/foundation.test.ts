import request from "supertest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { makeTenant } from "./helpers/flows.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("auth-server foundation", () => {
  it("GET /healthz answers ok on PostgreSQL", async () => {
    const res = await request(t.app).get("/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("an unknown route is not_found in the AuthResponse failure envelope", async () => {
    const res = await request(t.app).post("/auth/v1/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      error_code: "not_found",
      error: "No route for POST /auth/v1/nothing-here.",
    });
  });

  it("malformed JSON is bad_request (once authenticated: see bounded-json.test.ts)", async () => {
    const { apiKey } = await makeTenant(t);
    const res = await request(t.app)
      .post("/api/v1/users")
      .set("X-API-KEY", apiKey)
      .set("Content-Type", "application/json")
      .send('{"a":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error_code: "bad_request",
      error: "Malformed JSON in request body.",
    });
  });

  it("echoes X-Request-Id, or generates one", async () => {
    const echoed = await request(t.app).get("/healthz").set("X-Request-Id", "req-42");
    expect(echoed.headers["x-request-id"]).toBe("req-42");
    const generated = await request(t.app).get("/healthz");
    expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("serves the built SDK at /sdk/authkit.js", async () => {
    const res = await request(t.app).get("/sdk/authkit.js");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.text).toContain("apiBaseUrl is required");
  });
});

describe("health probes (issue 28: 64 /readyz at a time slowed every other request)", () => {
  it("are limited per client IP on each instance; loopback and private addresses are not counted", async () => {
    const limited = await createTestApp({ TRUST_PROXY: "loopback", HEALTH_RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const probe = (path: string, ip?: string) => {
        const req = request(limited.app).get(path);
        return ip ? req.set("X-Forwarded-For", ip) : req;
      };
      const outside: number[] = [];
      for (const path of ["/healthz", "/readyz", "/healthz", "/readyz"])
        outside.push((await probe(path, "203.0.113.7")).status);
      expect(outside).toEqual([200, 200, 200, 429]);
      const refused = await probe("/healthz", "203.0.113.7");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect((await probe("/readyz", "198.51.100.9")).status).toBe(200);
      for (const ip of ["10.0.0.5", "172.20.1.1", "192.168.1.2", "fd00::1", "::ffff:10.1.1.1", undefined]) {
        const statuses = await Promise.all(Array.from({ length: 8 }, () => probe("/readyz", ip)));
        expect([ip, statuses.map((res) => res.status)]).toEqual([ip, Array(8).fill(200)]);
      }
    } finally {
      await limited.close();
    }
  });
});
