export { z } from "./zod.ts";
export * from "./errors.ts";
export * from "./text.ts";
export { closestName } from "./closest.ts";
export * from "./query.ts";
export * from "./pagination.ts";
export * from "./health.ts";
export { buildOpenApiDocument, OpenAPIRegistry, registerHealth, type OpenApiInfo } from "./openapi.ts";
export * from "./operation.ts";
export * from "./board/index.ts";
export { authServerRegistry, authOpenApiDocument } from "./auth/openapi.ts";
export {
  authAdminOperationMap,
  authAdminOperations,
  authOperationList,
  authPublicOperationMap,
  authPublicOperations,
  authPublicOperationsByGroup,
  type AuthAdminOperations,
  type AuthOperation,
  type AuthPublicOperationName,
} from "./auth/operations/index.ts";
export * from "./auth/schemas.ts";
export * from "./auth/admin/index.ts";
