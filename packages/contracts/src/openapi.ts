import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import type { ZodType } from "zod";
import { HealthSchema } from "./health.ts";

export { OpenAPIRegistry };

export type OpenApiInfo = Parameters<OpenApiGeneratorV31["generateDocument"]>[0]["info"];

/** Registers `GET /healthz`, which both services answer. */
export function registerHealth(registry: OpenAPIRegistry, errorSchema: ZodType): void {
  registry.registerPath({
    method: "get",
    path: "/healthz",
    summary: "Liveness and readiness: the database is reachable and migrated.",
    responses: {
      200: { description: "Ready", content: { "application/json": { schema: HealthSchema } } },
      503: { description: "Database unreachable", content: { "application/json": { schema: errorSchema } } },
    },
  });
}

/** OpenAPI 3.1 document generated from the zod schemas registered in `registry`. */
export function buildOpenApiDocument(registry: OpenAPIRegistry, info: OpenApiInfo) {
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({ openapi: "3.1.0", info });
}
