import request from "supertest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { makeUser } from "./helpers/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("board-api foundation", () => {
  it("GET /healthz answers ok on PostgreSQL", async () => {
    const res = await request(t.app).get("/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("an unknown route is not_found in the error envelope", async () => {
    const res = await request(t.app).get("/api/v1/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: { code: "not_found", message: "No route for GET /api/v1/nothing-here." },
    });
  });

  it("malformed JSON is validation_failed 422 (once authenticated: see bounded-json.test.ts)", async () => {
    const alice = await makeUser(t);
    const res = await request(t.app)
      .post("/api/v1/projects")
      .set("Authorization", `Bearer ${alice.token}`)
      .set("Content-Type", "application/json")
      .send("{");
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: { code: "validation_failed", message: "Malformed JSON in request body." },
    });
  });

  it("echoes X-Request-Id, or generates one", async () => {
    const echoed = await request(t.app).get("/healthz").set("X-Request-Id", "abc-123");
    expect(echoed.headers["x-request-id"]).toBe("abc-123");
    const generated = await request(t.app).get("/nope");
    expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await request(t.app).get("/healthz").set("X-Request-Id", "<script> ".repeat(20));
    expect(unsafe.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends security headers", async () => {
    const res = await request(t.app).get("/healthz");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toBeDefined();
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("serves its OpenAPI 3.1 document", async () => {
    const res = await request(t.app).get("/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
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
