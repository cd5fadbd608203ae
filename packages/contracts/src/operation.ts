// The shape of an operation in both services' registries (the board's and the auth server's):
// method, path, who may call it (`security`) and the schemas of what goes in and out. Servers
// mount them with service-kit's `mountOperations`; browsers call them with web-kit's typed client;
// OpenAPI, MCP tools and /llms.txt are generated from them. It lives here, not in service-kit,
// because browser code reads it too.
import type { z } from "./zod.ts";

export type HttpMethod = "get" | "post" | "patch" | "delete";

export interface OperationContract<Security extends string = string> {
  method: HttpMethod;
  /** OpenAPI style, each path parameter named after what it identifies: `/cards/{card_id}`. */
  path: string;
  /** Who may call it: each name is one way in (a credential); "none" where no credential is needed. */
  security: readonly Security[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the operation reads (the admin API's X-CSRF-Token). */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** The JSON answer; absent: 204, or an answer that is not JSON (the handler sends it). */
  response?: z.ZodType;
  /** The success status; default 200 (204 when there is no `response`). */
  status?: number;
  /**
   * "Nothing to answer" (a probe finding no session): the handler returns undefined, sent as this
   * status with an empty body. Absent: the operation always answers its response.
   */
  emptyStatus?: 202 | 204;
  /** An answer no cache may keep (tokens, challenges, a user's own data): Cache-Control: no-store. */
  noStore?: boolean;
}

/** Operations keyed by name (`move_card`, `listTenants`): what a server implements and a client calls. */
export type OperationMap = Record<string, OperationContract>;

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;
type Sent<T> = T extends z.ZodType ? z.input<T> : undefined;

/** An operation's input after parsing with its schemas (what a server's handler gets). */
export interface ParsedInput<Op extends OperationContract> {
  params: Parsed<Op["params"]>;
  query: Parsed<Op["query"]>;
  headers: Parsed<Op["headers"]>;
  body: Parsed<Op["body"]>;
}

/** An operation's input as a client sends it (before the server parses it). */
export type ClientInput<Op extends OperationContract> = OmitUndefined<{
  params: Sent<Op["params"]>;
  query: Sent<Op["query"]>;
  body: Sent<Op["body"]>;
}>;

type OmitUndefined<T> = { [K in keyof T as T[K] extends undefined ? never : K]: T[K] };

/**
 * An operation's answer on the wire: the response schema's input (timestamps as ISO strings), or
 * nothing (204, an `emptyStatus`, or an answer that is not JSON).
 */
export type WireResult<Op extends OperationContract> = Op["response"] extends z.ZodType
  ? z.input<Op["response"]> | (Op extends { emptyStatus: number } ? undefined : never)
  : void;

/**
 * An operation list whose elements each have a unique `operationId` (the auth server's), keyed by
 * it: the same operations as an OperationMap.
 */
export type KeyedByOperationId<T extends readonly { operationId: string }[]> = {
  [Op in T[number] as Op["operationId"]]: Op;
};

export function keyByOperationId<const T extends readonly { operationId: string }[]>(
  operations: T,
): KeyedByOperationId<T> {
  return Object.fromEntries(operations.map((op) => [op.operationId, op])) as KeyedByOperationId<T>;
}
