// Calls of an API's operations by name, typed from its registry in @org/contracts:
// `call("move_card", { params: { card_id }, body })` takes the operation's params, query and body
// (the schemas' input) and answers its response as it comes over the wire (the response schema's
// input: timestamps as strings), nothing for a 204, null for an operation's "nothing to return"
// (`emptyStatus`): ClientInput and WireResult of @org/contracts. Built on the API's `send`
// (api-client.ts): CSRF, errors and 401 stay there.
//
// The registry (schemas, descriptions) stays out of the page's bundle: the page passes the
// operations' routes (method and path by name), which `routesOf` takes from the registry in a
// `*.at-build.ts` module that @org/web-build runs at build time and bundles as plain JSON.
import type { ClientInput, OperationContract, WireResult } from "@org/contracts";
import { pathSegment, queryString, type HttpMethod, type Send } from "./api-client.ts";

/** What a route table reads of an operation (`emptyStatus`: the board's "nothing to return"). */
type RoutedOperation = Pick<OperationContract, "method" | "path"> & { emptyStatus?: number };

/** How to send one operation: its method, its path template (`/cards/{card_id}/move`, relative to the client's base). */
export interface Route {
  method: HttpMethod;
  path: string;
  /** The operation may answer its empty status: the call answers null then. */
  empty?: true;
}

declare const operationsOf: unique symbol;

/** Each operation's route by name; `Ops` (the registry's type) is carried in the type only. */
export type Routes<Ops> = { readonly [N in keyof Ops]: Route } & { readonly [operationsOf]?: Ops };

/** The operations of `Ops` whose path is under `Base`, the client's prefix. */
export type UnderBase<Ops, Base extends string> = {
  [N in keyof Ops as Ops[N] extends { path: `${Base}${string}` } ? N : never]: Ops[N];
};

/** The routes of a registry's operations under `base` (their paths made relative to it). */
export function routesOf<Ops extends Record<string, RoutedOperation>, Base extends string = "">(
  operations: Ops,
  base = "" as Base,
): Routes<UnderBase<Ops, Base>> {
  const routes: Record<string, Route> = {};
  for (const [name, op] of Object.entries(operations)) {
    if (!op.path.startsWith(base)) continue;
    routes[name] = {
      method: op.method.toUpperCase() as HttpMethod,
      path: op.path.slice(base.length),
      ...(op.emptyStatus ? { empty: true as const } : {}),
    };
  }
  return routes as Routes<UnderBase<Ops, Base>>;
}

type Empty = Record<never, never>;
/** A part of the input: absent when the operation has none, optional when every field of it is. */
type Part<K extends string, Parts> = K extends keyof Parts
  ? Empty extends Parts[K]
    ? { [P in K]?: Parts[K] }
    : { [P in K]: Parts[K] }
  : { [P in K]?: never };
type Sent<Op> = Op extends OperationContract ? ClientInput<Op> : never;

/** What a call of `Op` takes: `params` (the path's), `query`, `body` (FormData for an upload). */
export type CallInput<Op> = Part<"params", Sent<Op>> &
  Part<"query", Sent<Op>> &
  (Op extends { multipart: true } ? { body: FormData } : Part<"body", Sent<Op>>);

/** What a call of `Op` answers: its wire result, or null for its empty status. */
export type CallResult<Op> = Op extends OperationContract
  ? Op extends { emptyStatus: number }
    ? WireResult<Op> | null
    : WireResult<Op>
  : never;

/** `call(name, input)`: the input may be left out when every part of it is optional. */
export type OperationCall<Ops> = <N extends keyof Ops & string>(
  name: N,
  ...input: Empty extends CallInput<Ops[N]> ? [input?: CallInput<Ops[N]>] : [input: CallInput<Ops[N]>]
) => Promise<CallResult<Ops[N]>>;

interface Parts {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** The path of `route` with its `{param}`s filled in, each one encoded segment (`pathSegment`). */
export function routePath(route: Route, params: Record<string, string> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_, key: string) => pathSegment(params[key] ?? ""));
}

/** `call(name, { params, query, body })` on `send`, for the operations `routes` names. */
export function createOperationClient<Ops>(send: Send, routes: Routes<Ops>): OperationCall<Ops> {
  const table = routes as Record<string, Route>;
  return (async (name: string, input: Parts = {}) => {
    const route = table[name];
    if (!route) throw new Error(`No operation named ${name}.`);
    const path = `${routePath(route, input.params)}${queryString(input.query ?? {})}`;
    const result = await send(route.method, path, input.body);
    return route.empty && result === undefined ? null : result;
  }) as OperationCall<Ops>;
}
