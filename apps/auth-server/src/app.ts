import { authOpenApiDocument } from "@org/contracts";
import { authErrors, createHttpApp, finishHttpApp, healthHandler, type ServiceDeps } from "@org/service-kit";
import type { Express } from "express";
import type { AuthEnv } from "./env.ts";
import { sdkFiles } from "./sdk-route.ts";

export type AuthDeps = ServiceDeps<AuthEnv>;

/** The auth server as an Express app; server.ts only listens, tests use this directly. */
export function createApp({ db, logger }: AuthDeps): Express {
  const app = createHttpApp({ logger, jsonLimit: "256kb" });
  app.get("/healthz", healthHandler(db));
  app.use("/sdk", sdkFiles());
  const openApi = authOpenApiDocument();
  app.get("/openapi.json", (_req, res) => {
    res.json(openApi);
  });
  return finishHttpApp(app, authErrors);
}
