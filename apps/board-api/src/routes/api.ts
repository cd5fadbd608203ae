// /api/v1: every operation of the registry (@org/contracts) mounted with service-kit's
// mountOperations over the operations layer, which parses the request with the operation's schemas
// (the same parse MCP's tools get) and runs it; the result is sent with the operation's status.
// The byte-level operations have handlers of their own.
import {
  BOARD_API_PREFIX,
  boardOperations,
  EmptyResult,
  type BoardOperation,
  type BoardOperations,
} from "@org/contracts";
import { mountOperations, type HttpCall, type Implementations } from "@org/service-kit";
import type { RequestHandler, Router } from "express";
import { actorOf } from "../http/auth.ts";
import { IDEMPOTENCY_HEADER } from "../operations/idempotency.ts";
import { checkIdempotencyKey, Replayed, type Operations } from "../operations/index.ts";
import type { FileStore } from "../services/file-store.ts";
import { attachmentRoutes, type ByteRoute } from "./attachments.ts";

/**
 * Runs the operation with the request's path parameters, query and body. A null result of an
 * operation with `emptyStatus` (an EmptyResult) is sent as that status with an empty body.
 */
function jsonRoute(operations: Operations, op: BoardOperation): ByteRoute {
  return async ({ req, res }) => {
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
  /** Authentication and the rate limit: the board's one way in (BOARD_SECURITY), before every operation. */
  guard: RequestHandler[];
}): Router {
  const byteRoutes: Record<string, ByteRoute> = attachmentRoutes(operations, files);
  // Each handler sends its own answer: idempotent replays and "nothing to return" statuses are
  // the operations layer's, shared with MCP.
  const implementations = Object.fromEntries(
    Object.values(boardOperations).map((op: BoardOperation) => {
      const route = byteRoutes[op.name] ?? jsonRoute(operations, op);
      return [op.name, (_input: unknown, call: HttpCall) => route(call)];
    }),
  ) as unknown as Implementations<BoardOperations>;
  return mountOperations({
    operations: boardOperations,
    implementations,
    prefix: BOARD_API_PREFIX,
    guard: () => guard,
    parse: "raw",
    methodNotAllowed: true,
  });
}
