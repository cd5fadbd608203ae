import { describeHealthProbes } from "@org/service-kit/testing";
import request from "supertest";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { makeUser } from "../src/testing/fixtures.ts";

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

describeHealthProbes(createTestApp);
