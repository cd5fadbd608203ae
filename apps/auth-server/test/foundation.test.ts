import { describeHealthProbes } from "@org/service-kit/testing";
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

describeHealthProbes(createTestApp);
