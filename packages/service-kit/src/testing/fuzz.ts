// Building blocks of the services' property-based fuzz tests (fast-check): hostile text, field
// values, request encodings, and bounded, seeded runs whose seed is printed when one fails.
import fc from "fast-check";

/** FUZZ_SEED replays a run; FUZZ_RUNS widens it (the default keeps a suite well under a minute). */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 12);

/** Text a client should never manage to store, break a parser with, or smuggle a number in. */
export const hostileText = fc.constantFrom(
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\ud83d\ude00",
  "\u202e\u0007",
  "'; DROP TABLE users; --",
  "%00",
  "../../etc/passwd",
  "",
  " ",
  "1e2",
  "0x10",
  "+7",
  " 5",
  "-1",
  "9".repeat(40),
  "null",
  "[object Object]",
  "<script>alert(1)</script>",
  // Longer than a btree index entry may be (2,704 bytes).
  "a".repeat(3_000),
);

/** Any UTF-16 code units, lone surrogates and NUL included. */
const codeUnits = fc.string({
  unit: fc.nat({ max: 0xffff }).map((code) => String.fromCharCode(code)),
  maxLength: 12,
});

/** Short strings of every kind. */
export const anyText = fc.oneof(hostileText, fc.string({ maxLength: 20 }), codeUnits);

const anyNumber = fc.oneof(
  fc.integer(),
  fc.integer({ min: -3, max: 300 }),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, 1e308, -0),
);

/**
 * A value for a JSON field: text, numbers, booleans, null, arrays, small objects, or one of
 * `plausible` (ids of real objects, so requests get past not_found to the code behind it).
 */
export function fieldValue(plausible: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: anyText },
    { weight: 2, arbitrary: plausible.length > 0 ? fc.constantFrom(...plausible) : anyText },
    { weight: 2, arbitrary: anyNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(anyText, { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc.array(fc.record({ title: anyText, body: anyText }, { requiredKeys: [] }), {
        maxLength: 3,
      }),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}

type JsonSchema = { [key: string]: unknown };

export interface SchemaArbitraryOptions {
  /** Ids of real objects, for `format: uuid` strings. */
  plausibleIds: readonly string[];
  /** Resolves a `$ref` (OpenAPI components). */
  resolve?(ref: string): JsonSchema | undefined;
  /** Real values for properties of these names (a live challenge id, a genuine credential), mixed in. */
  realValues?: Record<string, fc.Arbitrary<unknown>>;
}

const KNOWN_PATTERNS: Record<string, fc.Arbitrary<string>> = {
  "^#[0-9a-fA-F]{6}$": fc.constantFrom("#1f6feb", "#000000", "#FFFFFF"),
  "^[0-9a-f-]{36}$": fc.uuid(),
  "^[A-Za-z0-9_-]*$": fc
    .uint8Array({ maxLength: 48 })
    .map((bytes) => Buffer.from(bytes).toString("base64url")),
};

/**
 * Values that mostly fit a JSON Schema (the contracts' own, via toJsonSchema or OpenAPI): the right
 * types, enums, formats and bounds, so requests get past shape checks to the code and the database
 * behind them. Text fields are drawn partly from hostileText: NUL, lone surrogates and the like are
 * exactly what a schema cannot express and the service must still refuse.
 */
export function arbitraryFromSchema(
  schema: JsonSchema,
  options: SchemaArbitraryOptions,
): fc.Arbitrary<unknown> {
  const ref = schema.$ref;
  if (typeof ref === "string") {
    const target = options.resolve?.(ref);
    return target ? arbitraryFromSchema(target, options) : fc.jsonValue({ maxDepth: 1 });
  }
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) return fc.oneof(...union.map((part) => arbitraryFromSchema(part, options)));
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const type = Array.isArray(schema.type) ? (schema.type[0] as string) : (schema.type as string | undefined);
  switch (type) {
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required ?? []) as string[];
      const valueFor = (key: string, property: JsonSchema) => {
        const generated = arbitraryFromSchema(property, options);
        const real = options.realValues?.[key];
        return real
          ? fc.oneof({ weight: 2, arbitrary: real }, { weight: 1, arbitrary: generated })
          : generated;
      };
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, property]) => [key, valueFor(key, property)]),
        ),
        { requiredKeys: required.filter((key) => key in properties) },
      );
    }
    case "array":
      return fc.array(arbitraryFromSchema((schema.items ?? {}) as JsonSchema, options), {
        minLength: Math.min(Number(schema.minItems ?? 0), 3),
        maxLength: Math.min(Number(schema.maxItems ?? 3), 3),
      });
    case "integer":
    case "number": {
      const min = typeof schema.minimum === "number" ? schema.minimum : -1_000;
      const max = typeof schema.maximum === "number" ? schema.maximum : min + 1_000_000;
      const inRange = fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
      return fc.oneof({ weight: 4, arbitrary: inRange }, { weight: 1, arbitrary: anyNumber });
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "string":
      return stringFor(schema, options);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function stringFor(schema: JsonSchema, { plausibleIds }: SchemaArbitraryOptions): fc.Arbitrary<string> {
  switch (schema.format) {
    case "uuid":
      return plausibleIds.length > 0
        ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...plausibleIds) }, fc.uuid())
        : fc.uuid();
    case "date-time":
      return fc
        .date({
          min: new Date("1970-01-01T00:00:00Z"),
          max: new Date("2100-01-01T00:00:00Z"),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString());
    case "uri":
      return fc.oneof(
        fc.webUrl(),
        hostileText.map((text) => `https://example.com/${text}`),
      );
  }
  const pattern = typeof schema.pattern === "string" ? KNOWN_PATTERNS[schema.pattern] : undefined;
  if (pattern) return pattern;
  const minLength = Number(schema.minLength ?? 0);
  const maxLength = Math.max(minLength, Math.min(Number(schema.maxLength ?? 40), 40));
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 2, arbitrary: hostileText },
  );
}

/**
 * A JSON body for an operation: mostly one that fits its schema, sometimes that with one field
 * replaced by a value of any type (or an unknown field added), now and then any JSON at all.
 */
export function bodyFromSchema(schema: JsonSchema, options: SchemaArbitraryOptions): fc.Arbitrary<unknown> {
  const fitting = arbitraryFromSchema(schema, options);
  const keys = Object.keys((schema.properties ?? {}) as object);
  const mutated = fc
    .tuple(fitting, fc.constantFrom(...keys, "unknown_field"), fieldValue(options.plausibleIds))
    .map(([body, key, value]) =>
      body && typeof body === "object" && !Array.isArray(body) ? { ...body, [key]: value } : body,
    );
  return fc.oneof(
    { weight: 6, arbitrary: fitting },
    { weight: 2, arbitrary: keys.length > 0 ? mutated : fitting },
    { weight: 1, arbitrary: jsonBody(keys, options.plausibleIds) },
  );
}

/**
 * A query string's values for a query schema: mostly fitting ones (as text, the way they travel),
 * sometimes text of every kind under its keys and others.
 */
export function queryFromSchema(
  schema: JsonSchema,
  options: SchemaArbitraryOptions,
): fc.Arbitrary<Record<string, string>> {
  const fitting = arbitraryFromSchema(schema, options).map((values) =>
    Object.fromEntries(
      Object.entries(values as Record<string, unknown>).map(([key, value]) => [key, String(value)]),
    ),
  );
  return fc.oneof(
    { weight: 3, arbitrary: fitting },
    { weight: 1, arbitrary: queryValues(Object.keys((schema.properties ?? {}) as object)) },
  );
}

/**
 * A JSON body: mostly an object over `keys` (each present or not, any value; now and then an
 * unknown key), sometimes any JSON value at all.
 */
export function jsonBody(keys: readonly string[], plausible: readonly string[]): fc.Arbitrary<unknown> {
  const value = fieldValue(plausible);
  const fields = fc.record(Object.fromEntries(keys.map((key) => [key, value])), { requiredKeys: [] });
  const withExtra = fc
    .tuple(fields, fc.option(fc.tuple(anyText, value)))
    .map(([object, extra]) => (extra ? { ...object, [extra[0]]: extra[1] } : object));
  return fc.oneof(
    { weight: 4, arbitrary: withExtra },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}

/** Query values over `keys` (and now and then another), as text of every kind or plain digits. */
export function queryValues(keys: readonly string[]): fc.Arbitrary<Record<string, string>> {
  const value = fc.oneof(anyText, fc.nat({ max: 500 }).map(String));
  return fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((key) => [key, value])), { requiredKeys: [] }),
      fc.option(fc.tuple(anyText, value)),
    )
    .map(([object, extra]): Record<string, string> => ({
      ...(object as Record<string, string>),
      ...(extra ? { [extra[0]]: extra[1] } : {}),
    }));
}

/**
 * Percent-encodes text for a path segment or query string. A lone surrogate has no UTF-8 form,
 * so it goes out as the bytes a sloppy client would send (CESU-8), which the server must refuse.
 */
export function percentEncode(text: string): string {
  return [...text]
    .map((char) => {
      const code = char.charCodeAt(0);
      if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join("");
      }
      return encodeURIComponent(char);
    })
    .join("");
}

/** `?a=1&b=2`, every key and value percent-encoded; empty when there is nothing. */
export function queryString(values: Record<string, string>): string {
  const pairs = Object.entries(values).map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`);
  return pairs.length > 0 ? `?${pairs.join("&")}` : "";
}

/**
 * Runs `check` on `runs` inputs (default FUZZ_RUNS) from a seed derived from FUZZ_SEED and `label`,
 * without shrinking (the world under test is stateful). A failure names the seed to replay it with.
 */
export async function fuzz<T>(
  label: string,
  input: fc.Arbitrary<T>,
  check: (value: T) => Promise<void>,
  { runs = FUZZ_RUNS }: { runs?: number } = {},
): Promise<void> {
  let seed = FUZZ_SEED;
  for (const char of label) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
  try {
    await fc.assert(fc.asyncProperty(input, check), { seed, numRuns: runs, endOnFailure: true });
  } catch (error) {
    // fast-check keeps what the check threw (an expect() failure) as the cause.
    const cause = (error as Error).cause;
    const detail = cause instanceof Error ? `\n\n${cause.message}` : "";
    throw new Error(
      `fuzz ${label} failed (FUZZ_SEED=${FUZZ_SEED}, seed ${seed}):\n${(error as Error).message}${detail}`,
    );
  }
}
