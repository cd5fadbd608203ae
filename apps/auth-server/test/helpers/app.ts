import { createTestDatabase, type TestDatabase } from "@org/db/testing";
import { createLogger } from "@org/service-kit";
import type { Express } from "express";
import { createApp } from "../../src/app.ts";
import { loadAuthEnv } from "../../src/env.ts";

export interface TestApp {
  app: Express;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The auth server on a fresh PostgreSQL database of its own; close() drops it. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = createApp({
    env: loadAuthEnv({ DATABASE_URL: database.url, ...env }),
    db: database.db,
    logger: createLogger({ service: "auth-server", level: "silent" }),
  });
  return { app, database, close: () => database.drop() };
}
