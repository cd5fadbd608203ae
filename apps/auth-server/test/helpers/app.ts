import { createTestDatabase, type TestDatabase } from "@org/db/testing";
import { connectRedis, createLogger } from "@org/service-kit";
import type { Express } from "express";
import { createApp } from "../../src/app.ts";
import { loadAuthEnv } from "../../src/env.ts";

export interface TestClock {
  /** Current time in ms; tests move it forward to expire tokens and challenges. */
  ms: number;
  advance(seconds: number): void;
}

export interface TestApp {
  app: Express;
  database: TestDatabase;
  clock: TestClock;
  /** Another app instance (own memory store and limits) on the same database. */
  sibling(env?: Record<string, string>): Express;
  close(): Promise<void>;
}

/**
 * The auth server on a fresh PostgreSQL database of its own, with a movable clock (it drives
 * expiry checks; Redis TTLs themselves follow real time); close() drops the database.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  // With REDIS_URL the app keeps tokens, challenges and rate-limit counters in Redis.
  const redis = connectRedis(env.REDIS_URL);
  const clock: TestClock = {
    ms: Date.now(),
    advance(seconds) {
      this.ms += seconds * 1000;
    },
  };
  const build = (extra: Record<string, string>) =>
    createApp({
      env: loadAuthEnv({ DATABASE_URL: database.url, PUBLIC_URL: "http://localhost:4100", ...env, ...extra }),
      db: database.db,
      logger: createLogger({ service: "auth-server", level: "silent" }),
      now: () => clock.ms,
      redis,
    });
  const close = async () => {
    await redis?.quit();
    await database.drop();
  };
  return { app: build({}), database, clock, sibling: build, close };
}
