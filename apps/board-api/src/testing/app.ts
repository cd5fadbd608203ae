import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createTestDatabase, type TestDatabase } from "@org/db/testing";
import { createLogger } from "@org/service-kit";
import type { Express } from "express";
import { createApp } from "../app.ts";
import { loadBoardEnv } from "../env.ts";

export interface TestApp {
  app: Express;
  database: TestDatabase;
  /** This app's ATTACHMENTS_DIR (a fresh temporary directory). */
  attachmentsDir: string;
  close(): Promise<void>;
}

/** The board API on a fresh PostgreSQL database of its own; close() drops it. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const attachmentsDir = await mkdtemp(path.join(os.tmpdir(), "board-attachments-"));
  const app = createApp({
    env: loadBoardEnv({ DATABASE_URL: database.url, ATTACHMENTS_DIR: attachmentsDir, ...env }),
    db: database.db,
    logger: createLogger({ service: "board-api", level: "silent" }),
    redis: undefined,
  });
  return {
    app,
    database,
    attachmentsDir,
    async close() {
      await database.drop();
      await rm(attachmentsDir, { recursive: true, force: true });
    },
  };
}
