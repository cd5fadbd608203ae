import { randomUUID } from "node:crypto";
import { connectRedis } from "@org/service-kit";
import { memoryStore, redisStore, type EphemeralStore } from "../src/store.ts";

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
