// Reading a request schema field by field: what a field is (to word its error), and one rule for
// numbers and booleans sent as strings. The board's operations layer parses every HTTP request and
// MCP tool call through these, so both say the same.
import type { z } from "../zod.ts";

/** The zod 4 definition of a schema, as far as walking it needs. */
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers that change what may be absent, not what a value is. */
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "nonoptional", "readonly", "catch"]);

/**
 * The schemas a value of `schema` is checked by, outermost first: through optional/nullable/default
 * wrappers, a pipe's input (a preprocess's target), and every arm of a union.
 */
export function layersOf(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return [schema, ...layersOf(def.innerType)];
  if (def.type === "pipe" && def.in && def.out) {
    return [schema, ...layersOf(defOf(def.in).type === "transform" ? def.out : def.in)];
  }
  if (def.type === "lazy" && def.getter) return [schema, ...layersOf(def.getter())];
  if (def.type === "union" && def.options) return [schema, ...def.options.flatMap(layersOf)];
  return [schema];
}

const kindOf = (schema: z.ZodType) => defOf(schema).type;

/** The object and array schemas among `schema`'s layers. */
const objectOf = (schema: z.ZodType) => layersOf(schema).find((layer) => kindOf(layer) === "object");
const arrayOf = (schema: z.ZodType) => layersOf(schema).find((layer) => kindOf(layer) === "array");

/** The keys an object schema (or one of its layers) takes; none for other schemas. */
export function schemaKeys(schema: z.ZodType): string[] {
  const object = objectOf(schema);
  return object ? Object.keys(defOf(object).shape ?? {}) : [];
}

/** The schema of the field at `path` (`["cards", 0, "label_ids"]`), or undefined. */
export function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (const step of path) {
    if (!current) return undefined;
    if (typeof step === "number") {
      const array = arrayOf(current);
      current = array ? defOf(array).element : undefined;
    } else {
      const object = objectOf(current);
      current = object ? defOf(object).shape?.[String(step)] : undefined;
    }
  }
  return current;
}

/** A number as text: plain base-10 digits with an optional leading minus (as in query strings). */
export const NUMBER_TEXT = /^-?[0-9]+$/;

/**
 * The one rule for numbers and booleans sent as strings, the same as query strings have (where
 * everything is text): a number field takes `"3"` (plain base-10 digits; `"1e2"`, `"0x10"`, `"+7"`,
 * `" 5"` stay strings and are refused), a boolean field `"true"` or `"false"`. Returns `value` with
 * those strings turned into what their field takes; everything else is left for the schema to judge.
 */
export function coerceScalars(schema: z.ZodType, value: unknown): unknown {
  const layers = layersOf(schema);
  if (typeof value === "string") {
    if (NUMBER_TEXT.test(value) && layers.some((layer) => kindOf(layer) === "number")) return Number(value);
    if ((value === "true" || value === "false") && layers.some((layer) => kindOf(layer) === "boolean")) {
      return value === "true";
    }
    return value;
  }
  if (Array.isArray(value)) {
    const array = arrayOf(schema);
    const element = array && defOf(array).element;
    return element ? value.map((item) => coerceScalars(element, item)) : value;
  }
  if (typeof value === "object" && value !== null) {
    const object = objectOf(schema);
    const shape = object && defOf(object).shape;
    if (!shape) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        Object.hasOwn(shape, key) ? coerceScalars(shape[key]!, item) : item,
      ]),
    );
  }
  return value;
}
