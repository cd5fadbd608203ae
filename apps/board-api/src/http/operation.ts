// Routes are mounted from the operation registry of @org/contracts: each operation's params,
// query and body are parsed with its own schemas and its result sent with its status.
import {
  BOARD_API_PREFIX,
  EmptyResult,
  type BoardOperation,
  type BoardOperationName,
  type BoardOperations,
  type OperationBody,
  type OperationParams,
  type OperationQuery,
  type OperationResult,
} from "@org/contracts";
import { assertStorableParams, NotFoundError, parseWith } from "@org/service-kit";
import type { Request, RequestHandler, Router } from "express";
import type { Actor } from "../services/context.ts";
import { actorOf } from "./auth.ts";

/** Operations with bytes instead of JSON on one side: mounted by hand (see routes/attachments.ts). */
export type CustomOperationName = {
  [N in BoardOperationName]: BoardOperations[N] extends { multipart: true } | { binaryResponse: true }
    ? N
    : never;
}[BoardOperationName];
export type JsonOperationName = Exclude<BoardOperationName, CustomOperationName>;

export interface HandlerContext<N extends BoardOperationName> {
  actor: Actor;
  params: OperationParams<N>;
  query: OperationQuery<N>;
  body: OperationBody<N>;
  /** Only for what the registry does not carry (headers); handlers stay callable without Express. */
  req?: Request;
}

export type OperationHandler<N extends BoardOperationName> = (
  ctx: HandlerContext<N>,
) => Promise<OperationResult<N>>;

/** One handler per JSON operation of the registry, keyed by operation name. */
export type Handlers = { [N in JsonOperationName]: OperationHandler<N> };

/** `/cards/{id}` → `/api/v1/cards/:id`. */
export function expressPath(op: BoardOperation): string {
  return BOARD_API_PREFIX + op.path.replace(/\{(\w+)\}/g, ":$1");
}

/**
 * Path ids that are not ids (a card number, garbage) name nothing: not_found (never a 500),
 * whether they come from an HTTP path or an MCP tool's input. Only text PostgreSQL cannot store
 * is refused first, as everywhere, with validation_failed.
 */
export function parseParams(op: BoardOperation, params: unknown): unknown {
  if (!op.params) return undefined;
  assertStorableParams(params as Record<string, string>);
  const result = op.params.safeParse(params);
  if (!result.success) throw new NotFoundError("Not found.");
  return result.data;
}

/**
 * Parses the request with the operation's schemas and runs the handler. The result is sent with
 * the operation's status; a null result of an operation with `emptyStatus` is sent as that status
 * with an empty body.
 */
export function runOperation(
  op: BoardOperation,
  handler: (ctx: HandlerContext<never>) => Promise<unknown>,
): RequestHandler {
  return async (req, res) => {
    const ctx = {
      actor: actorOf(req),
      params: parseParams(op, req.params),
      query: op.query ? parseWith(op.query, req.query) : undefined,
      body: op.body ? parseWith(op.body, req.body ?? {}) : undefined,
      req,
    } as HandlerContext<never>;
    const result = await handler(ctx);
    if (op.status === 204) res.status(204).end();
    // "Nothing to return" (claim_next_card with no eligible card): the operation's emptyStatus.
    else if (result instanceof EmptyResult && op.emptyStatus) res.status(op.emptyStatus).end();
    else res.status(op.status).json(result);
  };
}

export function mountOperation(
  router: Router,
  op: BoardOperation,
  before: RequestHandler[],
  handler: RequestHandler,
): void {
  router[op.method](expressPath(op), ...before, handler);
}
