import { runService } from "@org/service-kit";
import { createApp } from "./app.ts";
import { loadAuthEnv } from "./env.ts";

void runService({ name: "auth-server", env: loadAuthEnv(), createApp });
