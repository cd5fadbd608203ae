// An auth server instance that really listens, with socket.io attached the way server.ts does it.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { QrStatusResponse } from "@org/contracts";
import type { TestDatabase } from "@org/db/testing";
import { attachRealtime, connectRedis, createLogger } from "@org/service-kit";
import type { Express } from "express";
import { io as connectClient, type Socket } from "socket.io-client";
import { createApp } from "../../src/app.ts";
import { loadAuthEnv } from "../../src/env.ts";
import { QrLiveStatus } from "../../src/realtime/qr.ts";

export const testRedisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

export interface LiveInstance {
  app: Express;
  url: string;
  close(): Promise<void>;
}

/** An instance on `database` (which several may share), with Redis (state and socket.io adapter) when `redisUrl` is set. */
export async function startLiveInstance(
  database: TestDatabase,
  env: Record<string, string> = {},
): Promise<LiveInstance> {
  const redis = connectRedis(env.REDIS_URL);
  const qrLive = new QrLiveStatus();
  const app = createApp({
    env: loadAuthEnv({ DATABASE_URL: database.url, PUBLIC_URL: "http://localhost:4100", ...env }),
    db: database.db,
    logger: createLogger({ service: "auth-server", level: "silent" }),
    redis,
    qrLive,
  });
  const server = createServer(app);
  const realtime = attachRealtime(server, { redisUrl: env.REDIS_URL });
  qrLive.attach(realtime.io);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    app,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await realtime.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await redis?.quit();
    },
  };
}

/** A socket.io client on /qr that joined `challengeId` and records every status it is pushed. */
export async function watchQr(url: string, challengeId: string, secret?: string) {
  const socket: Socket = connectClient(`${url}/qr`, { transports: ["websocket"], reconnection: false });
  const received: QrStatusResponse[] = [];
  socket.on("status", (status: QrStatusResponse) => received.push(status));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  const ack = (await socket.emitWithAck("join", { challengeId, ...(secret ? { secret } : {}) })) as Record<
    string,
    unknown
  >;
  return {
    ack,
    received,
    join: (id: string) => socket.emitWithAck("join", { challengeId: id }) as Promise<Record<string, unknown>>,
    /** The first pushed status `status` (waiting up to `timeoutMs`). */
    async next(status: string, timeoutMs = 5000): Promise<QrStatusResponse> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((update) => update.status === status);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no ${status} within ${timeoutMs} ms: ${JSON.stringify(received)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => socket.close(),
  };
}
