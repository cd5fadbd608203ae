// What an operation of the board registry is, and the pieces every resource's operations share.
import type { BoardErrorCode } from "../../errors.ts";
import type { z } from "../../zod.ts";

export type OperationGroup =
  | "me"
  | "tokens"
  | "notifications"
  | "projects"
  | "members"
  | "columns"
  | "cards"
  | "comments"
  | "checklist"
  | "labels"
  | "priorities"
  | "attachments"
  | "claims"
  | "dependencies"
  | "plans"
  | "gates"
  | "rot"
  | "attention"
  | "findings"
  | "activity"
  | "events"
  | "webhooks";

export interface OperationSpec {
  method: "get" | "post" | "patch" | "delete";
  /**
   * Relative to /api/v1, OpenAPI style, each path parameter named after what it identifies:
   * `/cards/{card_id}`. MCP tools take the same names.
   */
  path: string;
  summary: string;
  /** What it does and the rules that apply, for people and agents. */
  description: string;
  /**
   * The MCP tool's description when it must be shorter than `description` (core's tools/list has
   * a byte budget): the same rules, said tersely. /llms.txt and OpenAPI keep `description`.
   */
  toolDescription?: string;
  group: OperationGroup;
  /** The path parameters (`pathParams`), each described for this operation. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** JSON body; for `multipart` operations, the form description. */
  body?: z.ZodType;
  /** multipart/form-data upload instead of JSON. */
  multipart?: boolean;
  /** Response schema; absent for 204. */
  response?: z.ZodType;
  /** Raw bytes response (downloads). */
  binaryResponse?: boolean;
  status: 200 | 201 | 204;
  /**
   * "Nothing to return" answers, such as claim_next_card's when no card is eligible or add_member's
   * invitation: the handler returns an EmptyResult, sent over HTTP as this status with an empty
   * body, and as an MCP tool result `{"result": null, "reason": "…"}`. Absent: a handler always
   * returns its response.
   */
  emptyStatus?: 202 | 204;
  errors: readonly BoardErrorCode[];
  hints: { readOnly: boolean; destructive: boolean; idempotent: boolean };
}

export type BoardOperation = OperationSpec & { name: string; security: typeof BOARD_SECURITY };

/**
 * What a handler of an operation with `emptyStatus` returns when there is nothing to return. The
 * reason is worked out only when asked for (over MCP): HTTP sends the bare status.
 */
export class EmptyResult {
  constructor(readonly reason: () => Promise<string>) {}
}

export const READ = { readOnly: true, destructive: false, idempotent: true } as const;
export const CREATE = { readOnly: false, destructive: false, idempotent: false } as const;
export const UPDATE = { readOnly: false, destructive: false, idempotent: true } as const;
export const DELETE = { readOnly: false, destructive: true, idempotent: true } as const;

/** Errors any authenticated call can get. */
export const BASE = ["unauthenticated", "rate_limited", "internal"] as const;
export const READ_ERRORS = [...BASE, "not_found"] as const;
export const WRITE_ERRORS = [...BASE, "not_found", "forbidden", "validation_failed"] as const;

/**
 * Every board operation is called with a bearer token (an API token, an OAuth access token) or the
 * web app's session cookie: one way in, checked before any operation runs.
 */
export const BOARD_SECURITY = ["bearer"] as const;

/** Names each spec after its key; every board operation takes the board's one way in. */
export function defineOperations<const T extends Record<string, OperationSpec>>(
  specs: T,
): { [K in keyof T]: T[K] & { name: K; security: typeof BOARD_SECURITY } } {
  return Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [name, { ...spec, name, security: BOARD_SECURITY }]),
  ) as { [K in keyof T]: T[K] & { name: K; security: typeof BOARD_SECURITY } };
}

export const ROLE_NOTE = "Non-members get not_found; a member whose role does not allow it gets forbidden.";
export const LIST_NOTE =
  "Paginated: `limit` (1..200, default 50; plain base-10 digits, so 1e2, 0x10, +7 are validation_failed) " +
  "and `cursor` (the previous page's next_cursor).";
