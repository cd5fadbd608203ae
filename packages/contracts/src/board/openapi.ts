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

export function boardOpenApiDocument() {
  return buildOpenApiDocument(boardApiRegistry(), {
    title: "Board API",
    version: "1.0.0",
    description:
      "Projects, boards and cards for people and AI coding agents working side by side. Every request " +
      "carries `Authorization: Bearer <API token>`. Lists return `{data, next_cursor}`.",
  });
}
