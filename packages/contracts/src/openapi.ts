import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import type { ZodType } from "zod";
import { HealthSchema, ReadinessSchema } from "./health.ts";

export { OpenAPIRegistry };

export type OpenApiInfo = Parameters<OpenApiGeneratorV31["generateDocument"]>[0]["info"];

/** Registers the operational endpoints both services answer: `/healthz`, `/readyz`, `/metrics`. */
export function registerHealth(registry: OpenAPIRegistry, errorSchema: ZodType): void {
  registry.registerPath({
    method: "get",
    path: "/healthz",
    operationId: "getHealth",
    tags: ["Health"],
    description:
      "Answers 200 as long as the process serves requests; no dependency is checked, so an orchestrator restarts only a process that stopped answering.",
    summary: "Liveness: the process serves requests (it listens once its database is migrated).",
    responses: {
      200: { description: "Alive", content: { "application/json": { schema: HealthSchema } } },
    },
  });
  registry.registerPath({
    method: "get",
    path: "/readyz",
    operationId: "getReadiness",
    tags: ["Health"],
    description:
      "Checks PostgreSQL (and Redis when used) at most once a second for all concurrent probes; 503 with Retry-After takes the instance out of a load balancer until they answer again. Limited per client IP (private and loopback addresses are not counted).",
    summary: "Readiness: PostgreSQL answers, and Redis when the service uses it.",
    responses: {
      200: { description: "Ready", content: { "application/json": { schema: ReadinessSchema } } },
      503: {
        description:
          "`service_unavailable` with Retry-After: a dependency is unreachable (named in `details`).",
        content: { "application/json": { schema: errorSchema } },
      },
    },
  });
  registry.registerPath({
    method: "get",
    path: "/metrics",
    operationId: "getMetrics",
    tags: ["Health"],
    description: "Prometheus text format: HTTP requests by route and status, and the service's own counters.",
    summary:
      "Prometheus metrics (text format). In production only with METRICS_TOKEN set, sent as `Authorization: Bearer`.",
    responses: {
      200: { description: "The metrics", content: { "text/plain": { schema: { type: "string" } } } },
      401: {
        description: "Missing or wrong metrics token",
        content: { "application/json": { schema: errorSchema } },
      },
    },
  });
}

/** OpenAPI 3.1 document generated from the zod schemas registered in `registry`. */
export function buildOpenApiDocument(registry: OpenAPIRegistry, info: OpenApiInfo) {
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({ openapi: "3.1.0", info });
}
