// The board API as MCP tools: one tool per registry operation (see @org/contracts toolsets.ts and
// mcp-tools.ts), each calling the same handler as the HTTP route, as the token's user.
import {
  boardToolDefinition,
  EmptyResult,
  splitToolInput,
  type BoardErrorCode,
  type BoardOperation,
  type ErrorDetail,
} from "@org/contracts";
import { AppError, parseWith, toAppError, ValidationError } from "@org/service-kit";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { parseParams, type HandlerContext, type Handlers } from "../http/operation.ts";
import type { Actor } from "../services/context.ts";

/** Tools per tools/list page; the full set fits one page today, clients follow nextCursor. */
export const TOOLS_PAGE_SIZE = 100;

const INSTRUCTIONS =
  "Board API tools (projects, boards, cards, the agent claim/plan/handoff loop). Ids are UUID strings, " +
  "never card numbers; each id field is named after what it identifies (project_id, column_id, card_id, …). " +
  "Positions are 0-based. On update an empty string clears an optional field; shepherds [] clears " +
  "shepherds. Lists take limit and cursor (pass next_cursor). Prefer archive_card over delete_card. " +
  "Errors come back as isError results whose text is {error:{code,message}}. Full rules: /llms.txt.";

type AnyHandler = (ctx: HandlerContext<never>) => Promise<unknown>;

export interface BoardMcpOptions {
  handlers: Handlers;
  /** The token's user: every tool acts as them. */
  actor: Actor;
  /** The operations offered (a resolved toolset). */
  operations: BoardOperation[];
  pageSize?: number;
  /** Unexpected failures (not AppErrors) are reported here; the caller gets `internal`. */
  onInternalError?: (error: unknown, tool: string) => void;
}

type ErrorBody = { error: { code: BoardErrorCode; message: string; details?: ErrorDetail[] } };

/** What a failed call answers: the API's error code and message, as over HTTP. */
export function toolErrorBody(error: unknown): ErrorBody | undefined {
  // The same translation as the HTTP error middleware: database errors the client caused are 4xx.
  const appError = toAppError(error);
  if (!appError) return undefined;
  return {
    error: {
      code: appError.code as BoardErrorCode,
      message: appError.message,
      ...(appError.details ? { details: appError.details } : {}),
    },
  };
}

/** A successful call: the JSON as text and as structuredContent (the tool's outputSchema). */
function jsonResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
}

/**
 * A failed call: the error envelope as text only. structuredContent is what the tool's
 * outputSchema describes (and clients validate it), so an error does not go there.
 */
function errorResult(body: ErrorBody): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(body) }], isError: true };
}

/** structuredContent is an object: nothing becomes `{ok: true}`, an EmptyResult `{result: null, reason}`. */
async function structured(result: unknown): Promise<Record<string, unknown>> {
  if (result === undefined || result === null) return { ok: true };
  if (result instanceof EmptyResult) return { result: null, reason: await result.reason() };
  return JSON.parse(JSON.stringify(result)) as Record<string, unknown>;
}

/** Query values arrive typed in a tool call; over HTTP they are strings, and the schemas expect that. */
function asQueryStrings(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [
      key,
      typeof value === "boolean" || typeof value === "number" ? String(value) : value,
    ]),
  );
}

async function callOperation(
  op: BoardOperation,
  handler: AnyHandler | undefined,
  actor: Actor,
  args: Record<string, unknown>,
): Promise<unknown> {
  if (!handler) throw new AppError("internal", `No handler for ${op.name}.`);
  const input = splitToolInput(op, args);
  if (input.problems.length > 0) throw new ValidationError("Request is invalid.", input.problems);
  const ctx = {
    actor,
    params: parseParams(op, input.params),
    query: op.query ? parseWith(op.query, asQueryStrings(input.query ?? {})) : undefined,
    body: op.body ? parseWith(op.body, input.body) : undefined,
  } as HandlerContext<never>;
  return handler(ctx);
}

/** A fresh MCP server for one request (stateless): tools/list and tools/call over `operations`. */
export function createBoardMcpServer({
  handlers,
  actor,
  operations,
  pageSize = TOOLS_PAGE_SIZE,
  onInternalError,
}: BoardMcpOptions): McpServer {
  const mcp = new McpServer(
    { name: "board-api", title: "Board API", version: "1.0.0" },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
  );
  const tools: Tool[] = operations.map((op) => boardToolDefinition(op) as Tool);
  const byName = new Map(operations.map((op) => [op.name, op]));
  const handlerMap = handlers as unknown as Record<string, AnyHandler | undefined>;

  // The low-level handlers (rather than registerTool): inputs are validated by the API's own schemas
  // so errors carry its codes, and tools/list is paginated.
  mcp.server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const cursor = request.params?.cursor;
    const start = cursor === undefined ? 0 : Number(cursor);
    if (!Number.isInteger(start) || start < 0 || start > tools.length) {
      throw new McpError(ErrorCode.InvalidParams, `Invalid cursor: ${cursor}`);
    }
    const end = start + pageSize;
    return {
      tools: tools.slice(start, end),
      ...(end < tools.length ? { nextCursor: String(end) } : {}),
    };
  });

  mcp.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args = {} } = request.params;
    const op = byName.get(name);
    if (!op) {
      return errorResult({
        error: { code: "not_found", message: `Unknown tool ${name} (or not in this toolset).` },
      });
    }
    try {
      const result = await callOperation(op, handlerMap[op.name], actor, args);
      return jsonResult(await structured(result));
    } catch (error) {
      const body = toolErrorBody(error);
      if (body) return errorResult(body);
      onInternalError?.(error, name);
      return errorResult({ error: { code: "internal", message: "Internal server error." } });
    }
  });
  return mcp;
}
