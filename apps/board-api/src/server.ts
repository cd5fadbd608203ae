import { runService } from "@org/service-kit";
import { loadBoardEnv } from "./env.ts";
import { startBoardApi } from "./service.ts";

void runService({ name: "board-api", env: loadBoardEnv(), start: (deps) => startBoardApi(deps) });
