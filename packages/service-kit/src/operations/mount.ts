// Mounts a registry's operations as Express routes, the same way in both services: the guard comes
// from the operation's `security`, params/query/headers/body are parsed with its schemas, and the
// status and cache headers come from its spec; the handler (one per operation, keyed by name: a
// missing or extra one does not compile) only calls a service and returns the result.
import type { OperationContract, OperationMap, ParsedInput, WireResult } from "@org/contracts";
import { Router, type Request, type RequestHandler, type Response } from "express";
import { MethodNotAllowedError } from "../errors.ts";
import { parseWith } from "../http/validate.ts";

/** The HTTP exchange, for handlers that need it (cookies, the client's IP, a CSV answer). */
export interface HttpCall {
  req: Request;
  res: Response;
}

/**
 * Runs one operation with its parsed input and returns what the operation answers. A handler that
 * sends the answer itself (a redirect, CSV) returns nothing once it has.
 */
export type OperationHandler<Op extends OperationContract> = (
  input: ParsedInput<Op>,
  call: HttpCall,
) => Promise<WireResult<Op>> | WireResult<Op>;

/** One handler per operation of `Ops`, keyed by operation name. */
export type Implementations<Ops extends OperationMap> = { [N in keyof Ops]: OperationHandler<Ops[N]> };

/**
 * Checks a set of handlers against `operations`: a handler for an operation that does not exist,
 * or one missing, is a compile error. Route files define the handlers of their part of a registry
 * with `defineImplementations(part)({...})`; the app checks the sum against the whole registry.
 */
export function defineImplementations<Ops extends OperationMap>(_operations: Ops) {
  return <I extends Implementations<Ops>>(
    implementations: I & Record<Exclude<keyof I, keyof Ops>, never>,
  ): Implementations<Ops> => implementations;
}

export interface MountOptions<Ops extends OperationMap> {
  operations: Ops;
  implementations: Implementations<Ops>;
  /** Prepended to every operation's path (`/api/v1`). */
  prefix?: string;
  /** What the operation's `security` asks for: authentication, rate limits. Runs before the body is read. */
  guard: (op: Ops[keyof Ops], name: keyof Ops & string) => RequestHandler[];
  /** Reads the request body, after the guard (a bogus credential costs no parsing). */
  body?: RequestHandler;
  /**
   * How the input is parsed; default: each part with its schema (validation_failed with details).
   * A service whose handlers parse themselves (the board's operations layer, which MCP shares)
   * passes `raw`.
   */
  parse?: "schemas" | "raw";
  /** A known path called with a method it does not take answers 405 naming the ones it does. */
  methodNotAllowed?: boolean;
}

/** `/users/{external_id}` → `/users/:external_id`. */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

function parsedInput(
  op: OperationContract,
  req: Request,
  parse: "schemas" | "raw",
): ParsedInput<OperationContract> {
  if (parse === "raw") return { params: req.params, query: req.query, headers: req.headers, body: req.body };
  return {
    params: op.params ? parseWith(op.params, req.params) : undefined,
    query: op.query ? parseWith(op.query, req.query) : undefined,
    headers: op.headers ? parseWith(op.headers, req.headers) : undefined,
    body: op.body ? parseWith(op.body, req.body) : undefined,
  } as ParsedInput<OperationContract>;
}

function route(
  op: OperationContract,
  handler: OperationHandler<OperationContract>,
  parse: "schemas" | "raw",
): RequestHandler {
  const status = op.status ?? (op.response ? 200 : 204);
  return async (req, res) => {
    const result = await handler(parsedInput(op, req, parse), { req, res });
    if (res.headersSent) return;
    if (result === undefined && op.emptyStatus) res.status(op.emptyStatus).end();
    else if (status === 204 || result === undefined) res.status(status).end();
    else res.status(status).json(result);
  };
}

/** Set before the guard: refusals, failures and answers a handler sends itself are not kept either. */
const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader("Cache-Control", "no-store");
  next();
};

/** A router with one route per operation, in the registry's order. */
export function mountOperations<Ops extends OperationMap>(options: MountOptions<Ops>): Router {
  const { operations, implementations, prefix = "", guard, body, parse = "schemas" } = options;
  const router = Router();
  const methods = new Map<string, string[]>();
  for (const name of Object.keys(operations) as (keyof Ops & string)[]) {
    const op = operations[name]!;
    const handler = implementations[name] as OperationHandler<OperationContract> | undefined;
    // Only reachable when the implementations were cast past defineImplementations.
    if (!handler) throw new Error(`no implementation of the operation ${name}`);
    const path = expressPath(prefix + op.path);
    router[op.method](
      path,
      ...(op.noStore ? [noStore] : []),
      ...guard(op, name),
      ...(body ? [body] : []),
      route(op, handler, parse),
    );
    methods.set(path, [...(methods.get(path) ?? []), op.method.toUpperCase()]);
  }
  if (options.methodNotAllowed) {
    // Only requests no route took get here: a GET route answers HEAD too.
    const known = [...methods].map(([path, taken]) => ({
      pattern: new RegExp(`^${path.replace(/:\w+/g, "[^/]+")}/?$`),
      allow: taken.includes("GET") ? [...taken, "HEAD"] : taken,
    }));
    router.use((req, _res, next) => {
      const match = known.find(({ pattern }) => pattern.test(req.path));
      next(match ? new MethodNotAllowedError(match.allow) : undefined);
    });
  }
  return router;
}
