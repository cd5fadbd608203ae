// Parsing a call's query and body with the contract's schemas, and saying what is wrong in words
// an agent can act on: a name, handle or number in an id field gets where such ids come from; a
// missing field what to pass; an unknown field the closest name the operation takes. Numbers and
// booleans may come as strings by one rule (coerceScalars). HTTP routes and MCP tools both parse
// here (operations/index.ts, mcp/server.ts), so they answer alike.
import { getOpenApiMetadata } from "@asteasolutions/zod-to-openapi";
import {
  closestName,
  coerceScalars,
  describeType,
  ID_DESCRIPTION,
  layersOf,
  schemaAt,
  schemaKeys,
  toJsonSchema,
  type ErrorDetail,
  type z,
} from "@org/contracts";
import { MAX_LISTED_UNKNOWN_KEYS, ValidationError } from "@org/service-kit";
import { idKindOf, idToPass, wrongIdMessage } from "../services/not-found.ts";

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const formatOf = (schema: z.ZodType) =>
  (schema as unknown as { _zod: { def: { format?: string } } })._zod.def.format;
const elementOf = (schema: z.ZodType) =>
  (schema as unknown as { _zod: { def: { element?: z.ZodType } } })._zod.def.element;

/** Whether the field takes a UUID (or a list of them, `list`). */
function idShape(schema: z.ZodType | undefined): "one" | "list" | undefined {
  if (!schema) return undefined;
  const layers = layersOf(schema);
  if (layers.some((layer) => formatOf(layer) === "uuid")) return "one";
  const element = layers.map(elementOf).find(Boolean);
  return element && layersOf(element).some((layer) => formatOf(layer) === "uuid") ? "list" : undefined;
}

function valueAt(raw: unknown, path: Path): unknown {
  let value = raw;
  for (const step of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[step];
  }
  return value;
}

/** The field a path ends in: `["cards", 0, "label_ids", 1]` → `label_ids`. */
const fieldOf = (path: Path) => [...path].reverse().find((step): step is string => typeof step === "string");

/** A field's own description (not the note every id shares), lower-cased to quote. */
function descriptionOf(schema: z.ZodType): string | undefined {
  for (const layer of layersOf(schema)) {
    const description = getOpenApiMetadata(layer).description;
    if (typeof description === "string" && description && description !== ID_DESCRIPTION) {
      const first = description.split(/(?<=\.) /)[0]!.replace(/\.$/, "");
      return first[0]!.toLowerCase() + first.slice(1);
    }
  }
  return undefined;
}

/** "text, 1..200 characters", "an integer >= 0", "one of \"human\" | \"agent\"". */
function typeOf(schema: z.ZodType): string {
  const json = toJsonSchema(schema);
  const type = describeType(json);
  const range = (min: unknown, max: unknown, unit: string) =>
    min !== undefined && max !== undefined
      ? `, ${min}..${max}${unit}`
      : min !== undefined
        ? `, >= ${min}${unit}`
        : max !== undefined
          ? `, <= ${max}${unit}`
          : "";
  if (type === "string") return `text${range(json.minLength, json.maxLength, " characters")}`;
  if (type === "integer" || type === "number")
    return `${type === "integer" ? "an integer" : "a number"}${range(json.minimum, json.maximum, "")}`;
  return type.includes(" | ") ? `one of ${type}` : type;
}

/**
 * "Required: `to_column_id`, the column to put the card in (same project); pass a column id
 * (UUID), which list_columns gives."
 */
function missingMessage(field: string, schema: z.ZodType | undefined): string {
  if (!schema) return `Required: \`${field}\`.`;
  const description = descriptionOf(schema);
  const kind = idShape(schema) && idKindOf(field);
  const pass = kind
    ? `${idShape(schema) === "list" ? "a list of ids: " : ""}${idToPass(kind)}`
    : typeOf(schema);
  return `Required: \`${field}\`${description ? `, ${description}` : ""}; pass ${pass}.`;
}

/** The unknown keys of one object, each with the closest field the object takes. */
function unknownKeysMessage(keys: readonly string[], known: string[]): string {
  const listed = keys.slice(0, MAX_LISTED_UNKNOWN_KEYS).map((key) => {
    const shown = JSON.stringify(key.length > 100 ? `${key.slice(0, 100)}…` : key);
    const near = closestName(key, known);
    return near ? `${shown} (did you mean "${near}"?)` : shown;
  });
  const more = keys.length - listed.length;
  return `Unrecognized key${keys.length === 1 ? "" : "s"}: ${listed.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
}

/** Numbers and booleans sent as strings that the one rule does not read (`"1e2"`, `"yes"`). */
function scalarMessage(issue: Issue, value: unknown): string | undefined {
  if (issue.code !== "invalid_type" || typeof value !== "string") return undefined;
  const got = JSON.stringify(value.length > 60 ? `${value.slice(0, 59)}…` : value);
  if (issue.expected === "number" || issue.expected === "int") {
    return `Expected an integer: a JSON number, or plain base-10 digits as a string ("3"); got ${got}.`;
  }
  if (issue.expected === "boolean")
    return `Expected true or false (or the strings "true", "false"); got ${got}.`;
  return undefined;
}

function detailOf(schema: z.ZodType, raw: unknown, issue: Issue): ErrorDetail {
  const path = issue.path.map(String).join(".");
  if (issue.code === "unrecognized_keys") {
    const object = schemaAt(schema, issue.path);
    return { path, message: unknownKeysMessage(issue.keys, object ? schemaKeys(object) : []) };
  }
  const value = valueAt(raw, issue.path);
  const field = fieldOf(issue.path);
  const fieldSchema = schemaAt(schema, issue.path);
  if (value === undefined && field && (issue.code === "invalid_type" || issue.code === "invalid_union")) {
    return { path, message: missingMessage(field, fieldSchema) };
  }
  // An id field given something that is no id: a name, a handle, a number, a list of those.
  const inList = typeof issue.path[issue.path.length - 1] === "number";
  const shape = idShape(inList ? schemaAt(schema, issue.path.slice(0, -1)) : fieldSchema);
  const kind = shape && field ? idKindOf(field) : undefined;
  const isId = typeof value === "string" && UUID.test(value);
  if (kind && !isId && value !== undefined) {
    return {
      path,
      message: wrongIdMessage(kind, value, shape === "list" && !inList && !Array.isArray(value)),
    };
  }
  return { path, message: scalarMessage(issue, value) ?? issue.message };
}

/** What `schema` finds wrong with `raw` (after the string rule), in the words above; [] if nothing. */
export function inputProblems(schema: z.ZodType | undefined, raw: unknown): ErrorDetail[] {
  if (!schema) return [];
  const result = schema.safeParse(coerceScalars(schema, raw));
  return result.success ? [] : result.error.issues.map((issue) => detailOf(schema, raw, issue));
}

/** Parses a call's query or body; validation_failed with one detail per problem. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(coerceScalars(schema, raw));
  if (result.success) return result.data;
  throw new ValidationError(
    "Request is invalid.",
    result.error.issues.map((issue) => detailOf(schema, raw, issue)),
  );
}
