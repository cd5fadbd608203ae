// MCP tool definitions generated from the operation registry: one tool per operation, named after
// it, whose input is the operation's path parameters, query and JSON body merged into one object.
// Every field keeps its HTTP name; path ids are named after what they identify (`/cards/{card_id}`),
// so no tool takes a bare `id`.
import { getOpenApiMetadata } from "@asteasolutions/zod-to-openapi";
import type { ErrorDetail } from "../errors.ts";
import { z } from "../zod.ts";
import { closestName } from "../closest.ts";
import { toJsonSchema, type JsonSchema } from "./json-schema.ts";
import { LIST_NOTE, ROLE_NOTE, type BoardOperation } from "./operations/spec.ts";
import { OWNER_TYPE_NOTE } from "./schemas/cards.ts";
import { CLEARS_NOTE, ID_DESCRIPTION, POSITION_NOTE } from "./schemas/common.ts";

type ObjectSchema = JsonSchema & { type: "object" };

export interface BoardToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: ObjectSchema;
  /** The structured result of a successful call: the operation's response schema. */
  outputSchema?: ObjectSchema;
  annotations: {
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

/** Query fields every list has, explained once in the server's instructions (mcp-instructions.ts). */
const PAGING_FIELDS = ["limit", "cursor"];

/**
 * A list's `limit` and `cursor` without their descriptions (and the cursor's pattern: an agent
 * passes next_cursor as it came), said once for every list.
 */
function withoutPagingNotes(schema: JsonSchema): JsonSchema {
  const properties = { ...(schema.properties as Record<string, JsonSchema> | undefined) };
  for (const field of PAGING_FIELDS) {
    const property = properties[field];
    if (property) {
      const { description: _description, pattern: _pattern, ...rest } = property;
      properties[field] = rest;
    }
  }
  return { ...schema, properties };
}

/**
 * Field descriptions many fields share, which the instructions say once (ids, clearing, positions,
 * owner_type).
 */
const SHARED_NOTES = [ID_DESCRIPTION, CLEARS_NOTE, POSITION_NOTE, OWNER_TYPE_NOTE];

/** An input schema without the shared notes: a description that is one goes, one ending in one is cut. */
function withoutSharedNotes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutSharedNotes);
  if (typeof node !== "object" || node === null) return node;
  const entries = Object.entries(node as JsonSchema).flatMap(([key, value]): [string, unknown][] => {
    if (key === "properties") {
      const properties = Object.entries(value as JsonSchema).map(([k, v]) => [k, withoutSharedNotes(v)]);
      return [[key, Object.fromEntries(properties)]];
    }
    if (key !== "description" || typeof value !== "string") return [[key, withoutSharedNotes(value)]];
    const description = SHARED_NOTES.reduce((text, note) => text.replace(note, ""), value).trim();
    return description ? [[key, description]] : [];
  });
  return Object.fromEntries(entries);
}

/**
 * The optional argument of every write tool that makes a retry safe: the same key from the same
 * user within 24 hours answers the first call's result instead of acting again (HTTP: the
 * `Idempotency-Key` header).
 */
export const IDEMPOTENCY_ARGUMENT = "idempotency_key";
// Its length (1..255) is said once in the instructions: every write tool of a list repeats this.
const IDEMPOTENCY_KEY_SCHEMA = { type: "string" } as const;

/** The tool's input: path ids + query + body in one object, no other fields. */
export function toolInputSchema(op: BoardOperation): ObjectSchema {
  const merged = { properties: {} as Record<string, unknown>, required: [] as string[] };
  if (op.params) mergeInto(merged, toJsonSchema(op.params));
  if (op.query) mergeInto(merged, withoutPagingNotes(toJsonSchema(op.query)));
  if (op.body) {
    if (bodyIsNested(op)) {
      merged.properties.body = toJsonSchema(op.body);
      merged.required.push("body");
    } else {
      mergeInto(merged, toJsonSchema(op.body));
    }
  }
  // Every write takes an idempotency key (explained once in the server's instructions).
  if (op.method !== "get") merged.properties[IDEMPOTENCY_ARGUMENT] = IDEMPOTENCY_KEY_SCHEMA;
  return {
    type: "object",
    properties: withoutSharedNotes(merged.properties) as Record<string, unknown>,
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
 * An output schema as the result's top-level shape only, since every tool's list entry costs an
 * agent tokens: each field with its JSON type (and its values, when it has a fixed few); nested
 * objects and arrays by type alone; no descriptions, formats or required lists (the fields are
 * documented in /llms.txt, and the text result carries the full JSON). `X | null` is
 * `type: [X, "null"]`, and no `additionalProperties: false` (a client keeps working when a
 * response gains a field).
 */
function compactOutput(node: JsonSchema): JsonSchema {
  const arms = node.anyOf as JsonSchema[] | undefined;
  if (arms) return { anyOf: arms.map(compactOutput) };
  const properties = node.properties as Record<string, JsonSchema> | undefined;
  return {
    type: "object",
    ...(properties
      ? { properties: Object.fromEntries(Object.entries(properties).map(([key, v]) => [key, fieldType(v)])) }
      : {}),
  };
}

/** A field of a result: its JSON type (nullable as `[X, "null"]`) and its enum, nothing deeper. */
function fieldType(schema: JsonSchema): JsonSchema {
  const arms = schema.anyOf as JsonSchema[] | undefined;
  if (arms) {
    const types = [...new Set(arms.flatMap((arm) => fieldType(arm).type as string | string[]))];
    return { type: types.length === 1 ? types[0] : types };
  }
  const type = schema.type ?? (schema.enum ? "string" : schema.const === null ? "null" : undefined);
  return {
    ...(type !== undefined ? { type } : {}),
    ...(Array.isArray(schema.enum) ? { enum: schema.enum } : {}),
  };
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
  return { ...compactOutput(schema), type: "object" };
}

/**
 * The operation's description as a tool's: without the sentences every tool would repeat (the
 * role rule, paging), which the server's instructions say once, or its shorter `toolDescription`
 * (core's tools keep tools/list within its budget). The registry's descriptions say
 * nothing of HTTP (status codes, paths), so /llms.txt and OpenAPI add that themselves.
 */
export function toolDescription(op: BoardOperation): string {
  if (op.toolDescription !== undefined) return op.toolDescription;
  return op.description
    .replace(` ${LIST_NOTE}`, "")
    .replace(` ${ROLE_NOTE}`, "")
    .replace(ROLE_NOTE, "")
    .replace(/ ?Needs member\./, "")
    .trim();
}

/**
 * Read tools declare their result's shape (outputSchema); a write tool answers the object a read
 * tool describes (create_card, move_card, claim_card… the card of get_card), so declaring it again
 * on every write tool would only make tools/list longer. Its JSON comes as text and
 * structuredContent all the same.
 */
export function boardToolDefinition(op: BoardOperation): BoardToolDefinition {
  const outputSchema = op.hints.readOnly ? toolOutputSchema(op) : undefined;
  return {
    name: op.name,
    title: op.summary,
    description: toolDescription(op),
    inputSchema: toolInputSchema(op),
    ...(outputSchema ? { outputSchema } : {}),
    annotations: {
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

/** Where each input field of a tool goes: worked out once per operation, used on every call. */
interface InputLayout {
  pathIds: PathId[];
  paramKeys: Set<string>;
  queryKeys: Set<string>;
  bodyKeys: Set<string>;
  nested: boolean;
}

const layouts = new WeakMap<BoardOperation, InputLayout>();

function inputLayout(op: BoardOperation): InputLayout {
  let layout = layouts.get(op);
  if (!layout) {
    const nested = bodyIsNested(op);
    layout = {
      pathIds: pathIdsOf(op),
      paramKeys: new Set(keysOf(op.params)),
      queryKeys: new Set(keysOf(op.query)),
      // A merged body is always an object schema (bodyIsNested): its fields are known.
      bodyKeys: new Set(op.body && !nested ? keysOf(op.body as z.ZodObject) : []),
      nested,
    };
    layouts.set(op, layout);
  }
  return layout;
}

/** A refused tool call names at most this many of its unknown fields. */
export const MAX_NAMED_UNKNOWN_FIELDS = 10;

/** Splits a tool call's arguments back into path parameters, query and body (not yet parsed). */
export function splitToolInput(op: BoardOperation, args: Record<string, unknown>): SplitToolInput {
  const { pathIds, paramKeys, queryKeys, bodyKeys, nested } = inputLayout(op);
  const params: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  const problems: ErrorDetail[] = [];
  let unknown = 0;
  const known = [...paramKeys, ...queryKeys, ...bodyKeys, ...(op.body && nested ? ["body"] : [])];
  for (const [key, value] of Object.entries(args)) {
    if (paramKeys.has(key)) params[key] = value;
    else if (queryKeys.has(key)) query[key] = value;
    else if (bodyKeys.has(key)) body[key] = value;
    else if (!(op.body && nested && key === "body")) {
      // The first few are named; a call with thousands of keys gets an answer of ordinary size.
      if (++unknown <= MAX_NAMED_UNKNOWN_FIELDS) problems.push(unknownField(op, key, pathIds, known));
    }
  }
  if (unknown > MAX_NAMED_UNKNOWN_FIELDS) {
    problems.push({ path: "", message: `And ${unknown - MAX_NAMED_UNKNOWN_FIELDS} more unknown fields.` });
  }
  for (const { name, description } of pathIds) {
    const value = params[name];
    if (value === undefined) problems.push({ path: name, message: `Required: ${phrase(description)}.` });
    else if (typeof value !== "string") {
      // A card's number where its id goes: say how to turn one into the other.
      const number =
        name.endsWith("card_id") && typeof value === "number"
          ? ` A card number is not an id: find_cards with number=${value} gives its card_id.`
          : "";
      problems.push({
        path: name,
        message: `Expected a UUID string, got ${jsonType(value)}: ${phrase(description)}.${number}`,
      });
    }
  }
  // Query values are scalars (over HTTP, text); an object, array or null is not one.
  for (const [key, value] of Object.entries(query)) {
    if (value === null || typeof value === "object") {
      problems.push({ path: key, message: `Expected a string, number or boolean, got ${jsonType(value)}.` });
    }
  }
  return {
    params: op.params ? params : undefined,
    query: op.query ? query : undefined,
    body: op.body ? (nested ? (args.body ?? {}) : body) : undefined,
    problems,
  };
}

/** The JSON type of a value, as a message says it. */
function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "number") return `the number ${value}`;
  return typeof value === "boolean" ? `the boolean ${value}` : typeof value;
}

function unknownField(op: BoardOperation, key: string, pathIds: PathId[], known: string[]): ErrorDetail {
  // A bare `id` (the way an HTTP path is often written): say which id this tool takes instead.
  const first = pathIds[0];
  if (key === "id" && first) {
    return {
      path: key,
      message: `Unknown field; ${op.name} takes ${first.name} (${phrase(first.description)}).`,
    };
  }
  // A misspelt field: the closest one the tool takes (`positon` → `position`).
  const near = closestName(key, known);
  return { path: key, message: near ? `Unknown field; did you mean "${near}"?` : "Unknown field." };
}
