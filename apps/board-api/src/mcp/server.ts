// The board API as MCP tools: one tool per registry operation (see @org/contracts toolsets.ts and
// mcp-tools.ts), each calling the same handler as the HTTP route, as the token's user.
import {
  boardToolDefinition,
  splitToolInput,
  type BoardErrorCode,
  type BoardOperation,
  type ErrorDetail,
} from "@org/contracts";
import { AppError, parseWith, validationErrorFrom, ValidationError } from "@org/service-kit";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { ZodError } from "zod";
import type { HandlerContext, Handlers } from "../http/operation.ts";
import type { Actor } from "../services/context.ts";

/** Tools per tools/list page; the full set fits one page today, clients follow nextCursor. */
export const TOOLS_PAGE_SIZE = 100;

const INSTRUCTIONS =
  "Board API tools (projects, boards, cards, the agent claim/plan/handoff loop). Ids are UUID strings, " +
  "never card numbers. Positions are 0-based. On update an empty string clears an optional field; " +
  "shepherds [] clears shepherds. Lists take limit and cursor (pass next_cursor). Prefer archive_card over " +
  "delete_card. Errors come back as isError results with {error:{code,message}}. Full rules: /llms.txt.";

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
  let appError: AppError | undefined;
  if (error instanceof AppError) appError = error;
  else if (error instanceof ZodError) appError = validationErrorFrom(error);
  else {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "P2002") appError = new AppError("conflict", "A record with these values already exists.");
    if (code === "P2025") appError = new AppError("not_found", "Not found.");
  }
  if (!appError) return undefined;
  return {
    error: {
      code: appError.code as BoardErrorCode,
      message: appError.message,
      ...(appError.details ? { details: appError.details } : {}),
    },
  };
}

function jsonResult(value: Record<string, unknown>, isError = false): CallToolResult {
  return {
    content: [{ type: "text", text: JSON.stringify(value) }],
    structuredContent: value,
    ...(isError ? { isError: true } : {}),
  };
}

/** structuredContent must be an object: arrays become `{data}`, nothing becomes `{ok}` / `{result: null}`. */
function structured(op: BoardOperation, result: unknown): Record<string, unknown> {
  if (result === undefined || result === null) return op.response ? { result: null } : { ok: true };
  const plain = JSON.parse(JSON.stringify(result)) as unknown;
  if (Array.isArray(plain)) return { data: plain };
  if (typeof plain !== "object" || plain === null) return { result: plain };
  return plain as Record<string, unknown>;
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
  if (input.unknown.length > 0) {
    throw new ValidationError(
      "Request is invalid.",
      input.unknown.map((path) => ({ path, message: "Unknown field." })),
    );
  }
  const ctx = {
    actor,
    params: op.params ? parseWith(op.params, input.params) : undefined,
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
      return jsonResult(
        { error: { code: "not_found", message: `Unknown tool ${name} (or not in this toolset).` } },
        true,
      );
    }
    try {
      const result = await callOperation(op, handlerMap[op.name], actor, args);
      return jsonResult(structured(op, result));
    } catch (error) {
      const body = toolErrorBody(error);
      if (body) return jsonResult(body, true);
      onInternalError?.(error, name);
      return jsonResult({ error: { code: "internal", message: "Internal server error." } }, true);
    }
  });
  return mcp;
}
