import { z } from "../zod.ts";
import { boardErrorStatus, BoardErrorSchema } from "../errors.ts";
import { buildOpenApiDocument, OpenAPIRegistry, registerHealth } from "../openapi.ts";
import type { BoardOperation } from "./operations/spec.ts";
import { boardOperationList } from "./registry.ts";

export const BOARD_API_PREFIX = "/api/v1";

function errorResponses(op: BoardOperation) {
  const byStatus = new Map<number, string[]>();
  for (const code of op.errors) {
    const status = boardErrorStatus[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      String(status),
      {
        description: `Error: ${codes.join(", ")}`,
        content: { "application/json": { schema: BoardErrorSchema } },
      },
    ]),
  );
}

function successResponse(op: BoardOperation) {
  if (op.status === 204) return { description: "Done; empty body." };
  if (op.binaryResponse) {
    return {
      description: "The file's bytes.",
      content: { "application/octet-stream": { schema: { type: "string" as const, format: "binary" } } },
    };
  }
  return {
    description: op.summary,
    ...(op.response ? { content: { "application/json": { schema: op.response } } } : {}),
  };
}

/** Every operation of the board API, registered from the operation registry. */
/** Every write takes an idempotency key (the MCP tools: `idempotency_key`). */
const IdempotencyHeaders = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x21-\x7e]+$/)
    .optional()
    .openapi({
      description:
        "Makes a retry safe: the same key from the same user within 24 hours answers the first request's status and body (with `Idempotent-Replayed: true`) without acting again; the same key with another method, path or body is `422 validation_failed` (`idempotency_key reused`). 1..255 visible ASCII characters.",
    }),
});

export function boardApiRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registerHealth(registry, BoardErrorSchema);
  registry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    description: "An API token (`cli token create`).",
  });
  for (const op of boardOperationList) {
    registry.registerPath({
      method: op.method,
      path: `${BOARD_API_PREFIX}${op.path}`,
      operationId: op.name,
      summary: op.summary,
      description: op.description,
      tags: [op.group],
      security: [{ bearer: [] }],
      "x-hints": op.hints,
      request: {
        ...(op.method !== "get" ? { headers: IdempotencyHeaders } : {}),
        ...(op.params ? { params: op.params } : {}),
        ...(op.query ? { query: op.query } : {}),
        ...(op.body
          ? {
              body: {
                required: true,
                content: { [op.multipart ? "multipart/form-data" : "application/json"]: { schema: op.body } },
              },
            }
          : {}),
      },
      responses: {
        [String(op.status)]: successResponse(op),
        ...(op.emptyStatus
          ? {
              [String(op.emptyStatus)]: {
                description:
                  op.emptyStatus === 202 ? "Accepted; empty body." : "Nothing to return; empty body.",
              },
            }
          : {}),
        ...errorResponses(op),
      },
    });
  }
  return registry;
}

type Json = Record<string, unknown>;

/**
 * Request bodies written out where they are used instead of as `$ref`s to components: a field with
 * a default is optional to send, and generators (openapi-typescript) read a `default` in a shared
 * component as "always present", which is true of a response and false of a request. A component
 * only request bodies referred to goes.
 */
function inlineRequestBodies(doc: Json): void {
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const inlined = new Set<string>();
  for (const methods of Object.values(doc.paths as Record<string, Record<string, Json>>)) {
    for (const operation of Object.values(methods)) {
      const content = (operation.requestBody as Json | undefined)?.content as
        Record<string, Json> | undefined;
      for (const media of Object.values(content ?? {})) {
        const ref = (media.schema as Json | undefined)?.$ref;
        const name = typeof ref === "string" ? ref.replace("#/components/schemas/", "") : undefined;
        if (name && schemas[name]) {
          media.schema = structuredClone(schemas[name]);
          inlined.add(name);
        }
      }
    }
  }
  for (const name of inlined) {
    const { [name]: _gone, ...rest } = schemas;
    if (!JSON.stringify([doc.paths, rest]).includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
}

/**
 * The board's OpenAPI document. `serverUrl`: where the API is (PUBLIC_URL when served); paths
 * carry the `/api/v1` prefix, so it is the server's root.
 */
export function boardOpenApiDocument({ serverUrl = "/" }: { serverUrl?: string } = {}) {
  const doc = buildOpenApiDocument(boardApiRegistry(), {
    title: "Board API",
    version: "1.0.0",
    description:
      "Projects, boards and cards for people and AI coding agents working side by side. Every request " +
      "carries `Authorization: Bearer <API token>`. Lists return `{data, next_cursor}`. A known path " +
      "called with a method it does not take answers `405 method_not_allowed` with an `Allow` header " +
      "naming the methods it takes.",
  });
  inlineRequestBodies(doc as unknown as Json);
  return { ...doc, servers: [{ url: serverUrl.replace(/\/$/, "") || "/", description: "This server" }] };
}
