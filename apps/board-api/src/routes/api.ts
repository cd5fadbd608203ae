// /api/v1: every operation of the registry (@org/contracts) mounted as an Express route over the
// operations layer, which parses the request with the operation's schemas and runs it; the result
// is sent with the operation's status. The byte-level operations have routes of their own.
import { BOARD_API_PREFIX, boardOperationList, EmptyResult, type BoardOperation } from "@org/contracts";
import { MethodNotAllowedError } from "@org/service-kit";
import { Router, type RequestHandler } from "express";
import { actorOf } from "../http/auth.ts";
import { IDEMPOTENCY_HEADER } from "../operations/idempotency.ts";
import {
  checkIdempotencyKey,
  Replayed,
  type CustomOperationName,
  type Operations,
} from "../operations/index.ts";
import type { FileStore } from "../services/file-store.ts";
import { attachmentRoutes } from "./attachments.ts";

/** `/cards/{card_id}` → `/api/v1/cards/:card_id`. */
export function expressPath(op: BoardOperation): string {
  return BOARD_API_PREFIX + op.path.replace(/\{(\w+)\}/g, ":$1");
}

/**
 * Runs the operation with the request's path parameters, query and body. A null result of an
 * operation with `emptyStatus` (an EmptyResult) is sent as that status with an empty body.
 */
function jsonRoute(operations: Operations, op: BoardOperation): RequestHandler {
  return async (req, res) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    const result = await operations.invoke(
      op,
      { params: req.params, query: req.query, body: req.body },
      actorOf(req),
      key === undefined || op.method === "get"
        ? {}
        : { idempotency: { key: checkIdempotencyKey(key, IDEMPOTENCY_HEADER), field: IDEMPOTENCY_HEADER } },
    );
    if (result instanceof Replayed) {
      res.set("Idempotent-Replayed", "true");
      if (result.body === null) res.status(result.status).end();
      else res.status(result.status).json(result.body);
    } else if (op.status === 204) res.status(204).end();
    // "Nothing to return" (claim_next_card with no eligible card): the operation's emptyStatus.
    else if (result instanceof EmptyResult && op.emptyStatus) res.status(op.emptyStatus).end();
    else res.status(op.status).json(result);
  };
}

export function apiRouter({
  operations,
  files,
  guard,
}: {
  operations: Operations;
  /** Where uploads are streamed to. */
  files: FileStore;
  /** Authentication and the rate limit, before every operation. */
  guard: RequestHandler[];
}): Router {
  const router = Router();
  const custom = attachmentRoutes(operations, files);
  const methods = new Map<string, string[]>();
  for (const op of boardOperationList) {
    const route = Object.hasOwn(custom, op.name)
      ? custom[op.name as CustomOperationName]
      : jsonRoute(operations, op);
    router[op.method](expressPath(op), ...guard, route);
    const path = expressPath(op);
    methods.set(path, [...(methods.get(path) ?? []), op.method.toUpperCase()]);
  }
  // A known path called with a method it does not take: 405 naming the ones it does (a GET route
  // answers HEAD too), not a 404 that says the path does not exist. Only requests no route took
  // get here.
  const known = [...methods].map(([path, taken]) => ({
    pattern: new RegExp(`^${path.replace(/:\w+/g, "[^/]+")}/?$`),
    allow: taken.includes("GET") ? [...taken, "HEAD"] : taken,
  }));
  router.use((req, _res, next) => {
    const match = known.find(({ pattern }) => pattern.test(req.path));
    next(match ? new MethodNotAllowedError(match.allow) : undefined);
  });
  return router;
}
