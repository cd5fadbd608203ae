export * from "./schemas.ts";
export * from "./operations.ts";
export { boardApiRegistry, boardOpenApiDocument, BOARD_API_PREFIX } from "./openapi.ts";
export { toJsonSchema, type JsonSchema } from "./json-schema.ts";
export * from "./toolsets.ts";
export * from "./mcp-tools.ts";
export { boardLlmsTxt, describeType, LLMS_RULES, type LlmsTxtOptions } from "./llms.ts";
export * from "./web.ts";
export { handleStem } from "./handles.ts";
