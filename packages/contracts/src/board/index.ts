export * from "./schemas/common.ts";
export * from "./schemas/me.ts";
export * from "./schemas/tokens.ts";
export * from "./schemas/notifications.ts";
export * from "./schemas/projects.ts";
export * from "./schemas/members.ts";
export * from "./schemas/invitations.ts";
export * from "./schemas/columns.ts";
export * from "./schemas/cards.ts";
export * from "./schemas/trash.ts";
export * from "./schemas/comments.ts";
export * from "./schemas/checklist.ts";
export * from "./schemas/labels.ts";
export * from "./schemas/priorities.ts";
export * from "./schemas/attachments.ts";
export * from "./schemas/claims.ts";
export * from "./schemas/dependencies.ts";
export * from "./schemas/plans.ts";
export * from "./schemas/gates.ts";
export * from "./schemas/rot.ts";
export * from "./schemas/attention.ts";
export * from "./schemas/findings.ts";
export * from "./schemas/activity.ts";
export * from "./schemas/events.ts";
export * from "./schemas/webhooks.ts";
export {
  EmptyResult,
  type BoardOperation,
  type OperationGroup,
  type OperationSpec,
} from "./operations/spec.ts";
export * from "./registry.ts";
export { boardApiRegistry, boardOpenApiDocument, BOARD_API_PREFIX } from "./openapi.ts";
export { toJsonSchema, type JsonSchema } from "./json-schema.ts";
export { coerceScalars, layersOf, NUMBER_TEXT, schemaAt, schemaKeys } from "./input-schema.ts";
export * from "./toolsets.ts";
export * from "./mcp-tools.ts";
export { boardLlmsTxt, describeType, LLMS_RULES, type LlmsTxtOptions } from "./llms.ts";
export * from "./web.ts";
export * from "./web-operations.ts";
export * from "./oauth.ts";
export * from "./account-operations.ts";
export { handleStem } from "./handles.ts";
export * from "./mcp-instructions.ts";
