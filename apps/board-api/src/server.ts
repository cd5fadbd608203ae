import { runService } from "@org/service-kit";
import { createApp } from "./app.ts";
import { loadBoardEnv } from "./env.ts";

void runService({ name: "board-api", env: loadBoardEnv(), createApp });
