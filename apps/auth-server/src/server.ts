import { connectRedis, runService } from "@org/service-kit";
import { createApp } from "./app.ts";
import { loadAuthEnv } from "./env.ts";

const env = loadAuthEnv();
const redis = connectRedis(env.REDIS_URL);

void runService({
  name: "auth-server",
  env,
  createApp: (deps) => createApp({ ...deps, redis }),
  async onShutdown() {
    await redis?.quit();
  },
});
