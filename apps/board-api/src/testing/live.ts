// A board API instance that really listens: startBoardApi, as server.ts starts it.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { BoardEvent } from "@org/contracts";
import { createDb } from "@org/db";
import type { TestDatabase } from "@org/db/testing";
import { io as connectClient, type Socket } from "socket.io-client";
import { loadBoardEnv } from "../env.ts";
import { startBoardApi } from "../service.ts";
import type { WebhookWorkerOptions } from "../services/webhook-delivery.ts";
import type { TestApp } from "./app.ts";

export const testRedisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

export interface LiveInstance extends TestApp {
  url: string;
}

/**
 * An instance on `database` (shared by several instances), with Redis when `redisUrl` is set. With
 * `ownDb`, it has a database client of its own, as a separate process would (its own caches and
 * notification listener); otherwise it shares the test's. No sweeper.
 */
export async function startLiveInstance(
  database: TestDatabase,
  {
    redisUrl,
    env: extra = {},
    ownDb = false,
    webhooks,
  }: {
    redisUrl?: string;
    env?: Record<string, string>;
    ownDb?: boolean;
    /** Run a webhook delivery worker on this instance's database client, as server.ts does. */
    webhooks?: Partial<WebhookWorkerOptions>;
  } = {},
): Promise<LiveInstance> {
  const attachmentsDir = await mkdtemp(path.join(os.tmpdir(), "board-live-"));
  const db = ownDb ? createDb({ url: database.url, maxConnections: 4 }) : database.db;
  const env = loadBoardEnv({
    DATABASE_URL: database.url,
    ATTACHMENTS_DIR: attachmentsDir,
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...extra,
  });
  const board = await startBoardApi({
    env,
    db,
    port: 0,
    host: "127.0.0.1",
    sweeper: false,
    webhooks: webhooks ?? false,
  });
  return {
    app: board.app,
    database,
    attachmentsDir,
    url: board.url,
    async close() {
      await board.close();
      if (ownDb) await db.$disconnect();
      await rm(attachmentsDir, { recursive: true, force: true });
    },
  };
}

/**
 * A socket.io client that records every event it receives: with an API token, or (the web app)
 * with request headers such as the session cookie and the page's Origin.
 */
export async function connect(url: string, credentials: string | { headers: Record<string, string> }) {
  const socket: Socket = connectClient(url, {
    path: "/socket.io",
    ...(typeof credentials === "string"
      ? { auth: { token: credentials } }
      : { extraHeaders: credentials.headers }),
    transports: ["websocket"],
    reconnection: false,
  });
  const received: BoardEvent[] = [];
  socket.onAny((_name: string, event: BoardEvent) => received.push(event));
  /** Why the socket was disconnected, once it was ("io server disconnect": by the server). */
  let disconnectReason: string | undefined;
  socket.on("disconnect", (reason) => {
    disconnectReason = reason;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  return {
    socket,
    received,
    join: (projectId: string) =>
      socket.emitWithAck("join", { project_id: projectId }) as Promise<Record<string, unknown>>,
    /** Resolves with the first recorded event of `type` (waiting for it up to `timeoutMs`). */
    async waitFor(type: string, timeoutMs = 5000): Promise<BoardEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((event) => event.type === type);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no ${type} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    /** Resolves with the reason once the socket is disconnected (waiting for it up to `timeoutMs`). */
    async disconnected(timeoutMs = 5000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (disconnectReason === undefined) {
        if (Date.now() > deadline) throw new Error(`still connected after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return disconnectReason;
    },
    close: () => socket.close(),
  };
}
