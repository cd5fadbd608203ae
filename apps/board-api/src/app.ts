import { boardOpenApiDocument } from "@org/contracts";
import { boardErrors, createHttpApp, finishHttpApp, healthHandler, type ServiceDeps } from "@org/service-kit";
import type { Express } from "express";
import type { BoardEnv } from "./env.ts";

export type BoardDeps = ServiceDeps<BoardEnv>;

/** The board API as an Express app; server.ts only listens, tests use this directly. */
export function createApp({ db, logger }: BoardDeps): Express {
  const app = createHttpApp({ logger, jsonLimit: "1mb" });
  app.get("/healthz", healthHandler(db));
  const openApi = boardOpenApiDocument();
  app.get("/openapi.json", (_req, res) => {
    res.json(openApi);
  });
  return finishHttpApp(app, boardErrors);
}
