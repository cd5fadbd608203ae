import { connectRedis, runService } from "@org/service-kit";
import { createApp } from "./app.ts";
import { loadBoardEnv } from "./env.ts";

const env = loadBoardEnv();
const redis = connectRedis(env.REDIS_URL);

void runService({
  name: "board-api",
  env,
  createApp: (deps) => createApp({ ...deps, redis }),
  async onShutdown() {
    await redis?.quit();
  },
});
