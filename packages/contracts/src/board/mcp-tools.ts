// MCP tool definitions generated from the operation registry: one tool per operation, named after
// it, whose input is the operation's path parameters, query and JSON body merged into one object
// (same field names as over HTTP).
import { z } from "../zod.ts";
import { toJsonSchema, type JsonSchema } from "./json-schema.ts";
import type { BoardOperation } from "./operations.ts";

export interface BoardToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: "object" };
  annotations: {
    title: string;
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
}

const keysOf = (schema: z.ZodObject | undefined): string[] => (schema ? Object.keys(schema.shape) : []);

/**
 * A JSON body is merged into the tool input when it is an object whose fields do not collide with
 * the path parameters or query; any other body travels under the input field `body`.
 */
export function bodyIsNested(op: BoardOperation): boolean {
  if (!op.body) return false;
  if (!(op.body instanceof z.ZodObject)) return true;
  const taken = new Set([...keysOf(op.params), ...keysOf(op.query)]);
  return keysOf(op.body).some((key) => taken.has(key));
}

function mergeInto(
  target: { properties: Record<string, unknown>; required: string[] },
  schema: JsonSchema,
): void {
  Object.assign(target.properties, (schema.properties as Record<string, unknown> | undefined) ?? {});
  target.required.push(...((schema.required as string[] | undefined) ?? []));
}

/** The tool's input: params + query + body in one object, no other fields. */
export function toolInputSchema(op: BoardOperation): JsonSchema & { type: "object" } {
  const merged = { properties: {} as Record<string, unknown>, required: [] as string[] };
  if (op.params) mergeInto(merged, toJsonSchema(op.params));
  if (op.query) mergeInto(merged, toJsonSchema(op.query));
  if (op.body) {
    if (bodyIsNested(op)) {
      merged.properties.body = toJsonSchema(op.body);
      merged.required.push("body");
    } else {
      mergeInto(merged, toJsonSchema(op.body));
    }
  }
  return {
    type: "object",
    properties: merged.properties,
    ...(merged.required.length > 0 ? { required: [...new Set(merged.required)] } : {}),
    additionalProperties: false,
  };
}

export function boardToolDefinition(op: BoardOperation): BoardToolDefinition {
  return {
    name: op.name,
    title: op.summary,
    description: op.description,
    inputSchema: toolInputSchema(op),
    annotations: {
      title: op.summary,
      readOnlyHint: op.hints.readOnly,
      destructiveHint: op.hints.destructive,
      idempotentHint: op.hints.idempotent,
      openWorldHint: false,
    },
  };
}

export interface SplitToolInput {
  params: Record<string, unknown> | undefined;
  query: Record<string, unknown> | undefined;
  body: unknown;
  /** Input fields the operation does not know. */
  unknown: string[];
}

/** Splits a tool call's arguments back into path parameters, query and body (not yet parsed). */
export function splitToolInput(op: BoardOperation, args: Record<string, unknown>): SplitToolInput {
  const paramKeys = new Set(keysOf(op.params));
  const queryKeys = new Set(keysOf(op.query));
  const nested = bodyIsNested(op);
  const params: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(args)) {
    if (paramKeys.has(key)) params[key] = value;
    else if (queryKeys.has(key)) query[key] = value;
    else if (op.body && !nested) body[key] = value;
    else if (!(op.body && nested && key === "body")) unknown.push(key);
  }
  return {
    params: op.params ? params : undefined,
    query: op.query ? query : undefined,
    body: op.body ? (nested ? (args.body ?? {}) : body) : undefined,
    unknown,
  };
}
