import { randomUUID } from "node:crypto";
import { connectRedis } from "@org/service-kit";
import request from "supertest";
import { memoryStore, redisStore, type EphemeralStore } from "../src/store.ts";
import { createTestApp } from "./helpers/app.ts";
import { login, tenantWithPasskey } from "./helpers/flows.ts";

const redis = connectRedis(process.env.REDIS_URL || "redis://127.0.0.1:6379");
afterAll(async () => {
  await redis?.quit();
});

describe.each([
  ["memory", () => memoryStore()],
  ["redis", () => redisStore(redis!, `test:${randomUUID()}:`)],
])("%s store", (_name, make: () => EphemeralStore) => {
  it("take is single use even under concurrent takes", async () => {
    const store = make();
    await store.set("k", "v", 60_000);
    expect(await store.get("k")).toBe("v");
    const takes = await Promise.all(Array.from({ length: 20 }, () => store.take("k")));
    expect(takes.filter((value) => value === "v")).toHaveLength(1);
    expect(await store.get("k")).toBeUndefined();
  });

  it("forgets values after their TTL", async () => {
    const store = make();
    await store.set("short", "v", 30);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await store.get("short")).toBeUndefined();
    expect(await store.take("short")).toBeUndefined();
  });
});

describe("the app with REDIS_URL", () => {
  it("registers, logs in and verifies with tokens and challenges in Redis", async () => {
    const t = await createTestApp({ REDIS_URL: process.env.REDIS_URL || "redis://127.0.0.1:6379" });
    try {
      const fx = await tenantWithPasskey(t);
      const res = await login(t.app, fx.session, fx.authenticator, {}, { prfResult: "cmVkaXM" });
      expect(res.status).toBe(200);
      const first = await request(t.app)
        .post("/api/v1/verify-auth")
        .set("X-API-KEY", fx.apiKey)
        .send({ challengeId: res.challengeId });
      expect(first.body.prfResult).toBe("cmVkaXM");
      const again = await request(t.app)
        .post("/api/v1/verify-auth")
        .set("X-API-KEY", fx.apiKey)
        .send({ challengeId: res.challengeId });
      expect(again.status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
