import { connectRedis, runService, socketLimits, type Realtime } from "@org/service-kit";
import { createApp } from "./app.ts";
import { loadBoardEnv } from "./env.ts";
import { webConfig } from "./http/web.ts";
import { attachBoardRealtime, SocketBoardEvents } from "./realtime/index.ts";

const env = loadBoardEnv();
const redis = connectRedis(env.REDIS_URL);
const events = new SocketBoardEvents();
let realtime: Realtime | undefined;

void runService({
  name: "board-api",
  env,
  createApp: (deps) => createApp({ ...deps, redis, events }),
  onServer(server, { db }) {
    realtime = attachBoardRealtime(server, {
      db,
      redisUrl: env.REDIS_URL,
      events,
      web: webConfig(env),
      limits: socketLimits(env),
    });
  },
  // Open websockets would keep the HTTP server's close() waiting: drop them first.
  beforeClose: () => realtime?.io.disconnectSockets(true),
  async onShutdown() {
    await realtime?.close();
    await redis?.quit();
  },
});
