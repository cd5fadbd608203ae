import request from "supertest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { makeUser } from "./helpers/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
});
afterAll(() => t.close());

describe("rate limit", () => {
  it("counts per token, with RateLimit-* headers and Retry-After on 429", async () => {
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    const first = await alice.api.get("/me");
    expect(first.status).toBe(200);
    expect(first.headers["ratelimit-limit"]).toBe("3");
    expect(first.headers["ratelimit-remaining"]).toBe("2");
    expect(Number(first.headers["ratelimit-reset"])).toBeGreaterThan(0);
    await alice.api.get("/me");
    await alice.api.get("/me");
    const limited = await alice.api.get("/me");
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: { code: "rate_limited", message: "Too many requests." } });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(limited.headers["ratelimit-remaining"]).toBe("0");
    // Another token has its own budget; requests without a token are refused before counting.
    expect((await bob.api.get("/me")).status).toBe(200);
    expect((await request(t.app).get("/api/v1/me")).status).toBe(401);
  });
});
