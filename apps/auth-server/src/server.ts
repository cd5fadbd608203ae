import { runService } from "@org/service-kit";
import { loadAuthEnv } from "./env.ts";
import { startAuthServer } from "./service.ts";

void runService({ name: "auth-server", env: loadAuthEnv(), start: (deps) => startAuthServer(deps) });
