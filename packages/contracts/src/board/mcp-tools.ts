// MCP tool definitions generated from the operation registry: one tool per operation, named after
// it, whose input is the operation's path parameters, query and JSON body merged into one object.
// Every field keeps its HTTP name; path ids are named after what they identify (`/cards/{card_id}`),
// so no tool takes a bare `id`.
import { getOpenApiMetadata } from "@asteasolutions/zod-to-openapi";
import type { ErrorDetail } from "../errors.ts";
import { z } from "../zod.ts";
import { toJsonSchema, type JsonSchema } from "./json-schema.ts";
import type { BoardOperation } from "./operations/spec.ts";

type ObjectSchema = JsonSchema & { type: "object" };

export interface BoardToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: ObjectSchema;
  /** The structured result of a successful call: the operation's response schema. */
  outputSchema?: ObjectSchema;
  annotations: {
    title: string;
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
}

const keysOf = (schema: z.ZodObject | undefined): string[] => (schema ? Object.keys(schema.shape) : []);

/** A path parameter: its name (`card_id`) and what it is in this operation ("The card to read."). */
export interface PathId {
  name: string;
  description: string;
}

/** The operation's path parameters, in path order, each with its description for this operation. */
export function pathIdsOf(op: BoardOperation): PathId[] {
  return Object.entries(op.params?.shape ?? {}).map(([name, schema]) => {
    const description = getOpenApiMetadata(schema as z.ZodType).description;
    if (typeof description !== "string")
      throw new Error(`${op.name}: path parameter ${name} is not described`);
    return { name, description };
  });
}

/**
 * A JSON body is merged into the tool input when it is an object whose fields do not collide with
 * the path ids or query; any other body travels under the input field `body`.
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

/** The tool's input: path ids + query + body in one object, no other fields. */
export function toolInputSchema(op: BoardOperation): ObjectSchema {
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

/** A tool's answer when an operation has nothing to return (HTTP: its emptyStatus). */
export const EmptyToolResultSchema = z.object({
  result: z.null(),
  reason: z.string().openapi({ description: "Why there was nothing to return." }),
});

/**
 * An output schema as structure only, since every tool's list entry costs an agent tokens: no
 * descriptions (the fields are documented in the tool's description and /llms.txt), `X | null` as
 * `type: [X, "null"]`, and no `additionalProperties: false` (a client keeps working when a
 * response gains a field).
 */
function compactOutput(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(compactOutput);
  if (typeof node !== "object" || node === null) return node;
  const { description: _description, additionalProperties, ...rest } = node as JsonSchema;
  const schema = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [
      key,
      // Property maps are keyed by field name: compact the values, never drop a field called "description".
      key === "properties"
        ? Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, compactOutput(v)]))
        : compactOutput(value),
    ]),
  ) as JsonSchema;
  if (additionalProperties !== undefined && additionalProperties !== false) {
    schema.additionalProperties = additionalProperties;
  }
  const arms = schema.anyOf as JsonSchema[] | undefined;
  if (arms?.length === 2 && Object.keys(schema).length === 1) {
    const [value, empty] = arms[1]?.type === "null" ? arms : [arms[1]!, arms[0]!];
    if (empty?.type === "null" && value && typeof value.type === "string") {
      return { ...value, type: [value.type, "null"] };
    }
  }
  return schema;
}

/**
 * The structured result of a successful call, from the same zod schema as the HTTP response; with
 * the "nothing to return" answer as an alternative for operations that have one. None for 204
 * operations (their result is `{"ok": true}`) and downloads.
 */
export function toolOutputSchema(op: BoardOperation): ObjectSchema | undefined {
  if (!op.response || op.binaryResponse) return undefined;
  const response = toJsonSchema(op.response, "output");
  const schema = op.emptyStatus
    ? { anyOf: [response, toJsonSchema(EmptyToolResultSchema, "output")] }
    : response;
  return { ...(compactOutput(schema) as JsonSchema), type: "object" };
}

export function boardToolDefinition(op: BoardOperation): BoardToolDefinition {
  const outputSchema = toolOutputSchema(op);
  return {
    name: op.name,
    title: op.summary,
    description: op.description,
    inputSchema: toolInputSchema(op),
    ...(outputSchema ? { outputSchema } : {}),
    annotations: {
      title: op.summary,
      readOnlyHint: op.hints.readOnly,
      destructiveHint: op.hints.destructive,
      idempotentHint: op.hints.idempotent,
      openWorldHint: false,
    },
  };
}

/** "The card to read." → "the card to read", to quote inside a message. */
const phrase = (description: string) =>
  description[0]!.toLowerCase() + description.slice(1).replace(/\.$/, "");

export interface SplitToolInput {
  params: Record<string, unknown> | undefined;
  query: Record<string, unknown> | undefined;
  body: unknown;
  /**
   * Fields the tool does not take and path ids it needs but did not get; a bare `id` is answered
   * with the name this tool uses instead.
   */
  problems: ErrorDetail[];
}

/** Splits a tool call's arguments back into path parameters, query and body (not yet parsed). */
export function splitToolInput(op: BoardOperation, args: Record<string, unknown>): SplitToolInput {
  const pathIds = pathIdsOf(op);
  const paramKeys = new Set(keysOf(op.params));
  const queryKeys = new Set(keysOf(op.query));
  const nested = bodyIsNested(op);
  // A merged body is always an object schema (bodyIsNested): its fields are known.
  const bodyKeys = new Set(op.body && !nested ? keysOf(op.body as z.ZodObject) : []);
  const params: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  const problems: ErrorDetail[] = [];
  for (const [key, value] of Object.entries(args)) {
    if (paramKeys.has(key)) params[key] = value;
    else if (queryKeys.has(key)) query[key] = value;
    else if (bodyKeys.has(key)) body[key] = value;
    else if (!(op.body && nested && key === "body")) problems.push(unknownField(op, key, pathIds));
  }
  for (const { name, description } of pathIds) {
    if (params[name] === undefined)
      problems.push({ path: name, message: `Required: ${phrase(description)}.` });
  }
  return {
    params: op.params ? params : undefined,
    query: op.query ? query : undefined,
    body: op.body ? (nested ? (args.body ?? {}) : body) : undefined,
    problems,
  };
}

function unknownField(op: BoardOperation, key: string, pathIds: PathId[]): ErrorDetail {
  // A bare `id` (the way an HTTP path is often written): say which id this tool takes instead.
  const first = pathIds[0];
  if (key === "id" && first) {
    return {
      path: key,
      message: `Unknown field; ${op.name} takes ${first.name} (${phrase(first.description)}).`,
    };
  }
  return { path: key, message: "Unknown field." };
}
