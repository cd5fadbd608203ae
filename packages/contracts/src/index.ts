export { z } from "./zod.ts";
export * from "./errors.ts";
export * from "./health.ts";
export { buildOpenApiDocument, OpenAPIRegistry, registerHealth, type OpenApiInfo } from "./openapi.ts";
export * from "./board/index.ts";
export { authServerRegistry, authOpenApiDocument } from "./auth/openapi.ts";
export * from "./auth/schemas.ts";
