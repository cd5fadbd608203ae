export * from "./schemas.ts";
export * from "./operations.ts";
export { boardApiRegistry, boardOpenApiDocument, BOARD_API_PREFIX } from "./openapi.ts";
