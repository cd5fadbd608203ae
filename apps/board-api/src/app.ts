import { boardOpenApiDocument, boardOperationList } from "@org/contracts";
import {
  boardErrors,
  connectRedis,
  createHttpApp,
  finishHttpApp,
  healthHandler,
  rateLimiter,
  type Redis,
  type ServiceDeps,
} from "@org/service-kit";
import { Router, type Express } from "express";
import type { BoardEnv } from "./env.ts";
import { referenceRoutes } from "./docs/reference.ts";
import { createHandlers } from "./handlers.ts";
import { bearerAuth } from "./http/auth.ts";
import {
  mountOperation,
  runOperation,
  type CustomOperationName,
  type JsonOperationName,
} from "./http/operation.ts";
import { mcpRouter } from "./mcp/router.ts";
import { attachmentRoutes } from "./routes/attachments.ts";
import type { BoardEvents } from "./services/events.ts";
import { FileStore } from "./services/file-store.ts";

export type BoardDeps = ServiceDeps<BoardEnv> & {
  /** Shared rate-limit counters; default: connectRedis(env.REDIS_URL). */
  redis?: Redis | undefined;
  /** Where services send live events (server.ts: socket.io); default: nowhere. */
  events?: BoardEvents | undefined;
};

/** The board API as an Express app; server.ts only listens, tests use this directly. */
export function createApp({
  db,
  logger,
  env,
  redis = connectRedis(env.REDIS_URL),
  events,
}: BoardDeps): Express {
  const app = createHttpApp({ logger, jsonLimit: "1mb" });
  app.get("/healthz", healthHandler(db));
  const openApi = boardOpenApiDocument();
  app.get("/openapi.json", (_req, res) => {
    res.json(openApi);
  });
  app.use(referenceRoutes());

  const deps = { db, files: new FileStore(env.ATTACHMENTS_DIR), events };
  const handlers = createHandlers(deps);
  const custom = attachmentRoutes(deps);
  // Authentication first, so the limit counts per token (its hash), never per IP.
  const guard = [
    bearerAuth(db),
    rateLimiter({
      limit: env.RATE_LIMIT_PER_MINUTE,
      windowMs: 60_000,
      key: (req) => req.tokenHash ?? "anonymous",
      prefix: "board-api",
      redis,
    }),
  ];
  const api = Router();
  for (const op of boardOperationList) {
    const route =
      op.name in custom
        ? custom[op.name as CustomOperationName]
        : runOperation(op, handlers[op.name as JsonOperationName] as Parameters<typeof runOperation>[1]);
    mountOperation(api, op, guard, route);
  }
  app.use(api);
  app.use(mcpRouter({ handlers, guard }));
  return finishHttpApp(app, boardErrors);
}
