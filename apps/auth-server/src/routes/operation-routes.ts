// The auth server's JSON API mounted from its operation list (@org/contracts): each operation has
// one route here, found by its method and path; an operation without a route, or a route without
// an operation, stops the server at start (and fails the drift test).
import type { AuthOperation } from "@org/contracts";
import { Router, type Request, type RequestHandler, type Response } from "express";

export interface OperationRoute {
  /** What runs before the handler: authentication, rate limits. */
  guard?: RequestHandler[];
  handle(req: Request, res: Response): Promise<void> | void;
}

/** Routes keyed by `operationKey`: `"post /auth/v1/register/start"`. */
export type OperationRoutes = Record<string, OperationRoute>;

export function operationKey(op: Pick<AuthOperation, "method" | "path">): string {
  return `${op.method} ${op.path}`;
}

/** `/api/v1/users/{external_id}` → `/api/v1/users/:external_id`. */
export function expressPath(op: Pick<AuthOperation, "path">): string {
  return op.path.replace(/\{(\w+)\}/g, ":$1");
}

/**
 * A router with one route per operation of `operations`, in their order. `json` parses the body
 * after the route's guard (authentication first: a bogus credential costs no parsing); a guard that
 * must read the body itself puts `json` in its own list (parsed once).
 */
export function operationsRouter(
  operations: readonly AuthOperation[],
  routes: OperationRoutes,
  json: RequestHandler,
): Router {
  const keys = new Set(operations.map(operationKey));
  const unlisted = Object.keys(routes).filter((key) => !keys.has(key));
  if (unlisted.length > 0) throw new Error(`routes without an operation: ${unlisted.join(", ")}`);
  const router = Router();
  for (const op of operations) {
    const route = routes[operationKey(op)];
    if (!route) throw new Error(`no route for the operation ${operationKey(op)}`);
    router[op.method](expressPath(op), ...(route.guard ?? []), json, route.handle);
  }
  return router;
}
