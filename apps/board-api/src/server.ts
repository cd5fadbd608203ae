import { runService, type Realtime } from "@org/service-kit";
import { createApp } from "./app.ts";
import { loadBoardEnv } from "./env.ts";
import { webConfig } from "./http/web.ts";
import { attachBoardRealtime, SocketBoardEvents } from "./realtime/index.ts";

const env = loadBoardEnv();
const events = new SocketBoardEvents();
let realtime: Realtime | undefined;

void runService({
  name: "board-api",
  env,
  createApp: (deps) => createApp({ ...deps, events }),
  onServer(server, { db, logger, metrics }) {
    realtime = attachBoardRealtime(server, {
      db,
      redisUrl: env.REDIS_URL,
      events,
      web: webConfig(env),
      logger,
      metrics,
    });
  },
  // Open websockets would keep the HTTP server's close() waiting: drop them first.
  beforeClose: () => realtime?.disconnect(),
  onShutdown: async () => realtime?.close(),
});
