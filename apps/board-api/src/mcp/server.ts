// The board API as MCP tools: one tool per registry operation (see @org/contracts toolsets.ts and
// mcp-tools.ts), each running the same operation as the HTTP route, through the operations layer,
// as the token's user.
import {
  EmptyResult,
  closestName,
  IDEMPOTENCY_ARGUMENT,
  mcpInstructions,
  MCP_EXCLUDED_OPERATIONS,
  mcpOperations,
  MCP_READONLY_HEADER,
  MCP_TOOLSETS_HEADER,
  splitToolInput,
  type BoardErrorCode,
  type BoardOperation,
  type ErrorDetail,
} from "@org/contracts";
import { toAppError, ValidationError } from "@org/service-kit";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  type CallToolResult,
  type ServerNotification,
  type ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { checkIdempotencyKey, Replayed, type Operations, type RawInput } from "../operations/index.ts";
import { inputProblems } from "../operations/input-errors.ts";
import type { Actor } from "../services/context.ts";
import type { ToolCatalog } from "./catalog.ts";

/** Tools per tools/list page; the full set fits one page today, clients follow nextCursor. */
export const TOOLS_PAGE_SIZE = 100;

/**
 * A JSON-RPC error the SDK sends as it is: its McpError prefixes the message with "MCP error
 * <code>:", and the client's McpError prefixes it again.
 */
class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "JsonRpcError";
  }
}

/** Every tool of the registry by name, to say why one a session does not offer is missing. */
const allTools = new Map(mcpOperations().map((op) => [op.name, op]));

/** How a session adds the toolset an operation is in. */
const addGroup = (group: string) => `add "${group}" (or "all") to ?toolsets= or ${MCP_TOOLSETS_HEADER}`;

/**
 * Why `name` is not a tool of this session: JSON-RPC invalid params (the MCP specification's
 * answer to an unknown tool), naming what would offer it, or the closest tool name and the
 * toolset it is in when this session lacks it.
 */
function unknownTool(name: string, catalog: ToolCatalog): JsonRpcError {
  const op = allTools.get(name);
  // An operation of the API that MCP leaves out: say why, and where it is.
  if (!op && Object.hasOwn(MCP_EXCLUDED_OPERATIONS, name)) {
    return new JsonRpcError(
      ErrorCode.InvalidParams,
      `${name} is not an MCP tool: ${MCP_EXCLUDED_OPERATIONS[name]}.`,
    );
  }
  if (!op) {
    // The session's own tools first: at an equal distance, the one it can call wins.
    const guess = closestName(name, [...catalog.byName.keys(), ...allTools.keys()]);
    const known = guess === undefined ? undefined : allTools.get(guess);
    if (guess === undefined || known === undefined) {
      return new JsonRpcError(
        ErrorCode.InvalidParams,
        `Unknown tool: ${name}. tools/list names this session's tools.`,
      );
    }
    const where = catalog.byName.has(guess)
      ? ""
      : ` It is in the "${known.group}" toolset: ${addGroup(known.group)}.`;
    return new JsonRpcError(ErrorCode.InvalidParams, `Unknown tool: ${name}. Did you mean ${guess}?${where}`);
  }
  if (catalog.readOnly && !op.hints.readOnly) {
    return new JsonRpcError(
      ErrorCode.InvalidParams,
      `${name} changes data and this session is read-only (${MCP_READONLY_HEADER} or ?read_only=true).`,
    );
  }
  return new JsonRpcError(
    ErrorCode.InvalidParams,
    `${name} is not in this session's toolsets: ${addGroup(op.group)}.`,
  );
}

export interface BoardMcpOptions {
  operations: Operations;
  /** Who makes a request (the token's user): every tool acts as them. */
  actorOf: (extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => Actor;
  /** The tools offered (a resolved toolset's catalog). */
  catalog: ToolCatalog;
  pageSize?: number;
  /** Unexpected failures (not AppErrors) are reported here; the caller gets `internal`. */
  onInternalError?: (
    error: unknown,
    tool: string,
    extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
  ) => void;
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

/**
 * A successful call: the JSON as text and as structuredContent (the tool's outputSchema), which
 * is an object: nothing becomes `{ok: true}`, an EmptyResult `{result: null, reason}`. The value
 * itself is the structuredContent: the response is serialized once more on its way out, which
 * turns it (dates included) into the same JSON as the text.
 */
async function jsonResult(result: unknown): Promise<CallToolResult> {
  const value =
    result === undefined || result === null
      ? { ok: true }
      : result instanceof EmptyResult
        ? { result: null, reason: await result.reason() }
        : result;
  return {
    content: [{ type: "text", text: JSON.stringify(value) }],
    structuredContent: value as Record<string, unknown>,
  };
}

/**
 * A failed call: the error envelope as text only. structuredContent is what the tool's
 * outputSchema describes (and clients validate it), so an error does not go there.
 */
function errorResult(body: ErrorBody): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(body) }], isError: true };
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

/**
 * A tool call's arguments as the operation's path parameters, query and body. When the ids are
 * wrong or missing, what the query and body lack is said in the same error, so that one retry can
 * fix every field.
 */
function toolInput(op: BoardOperation, args: Record<string, unknown>): RawInput {
  const input = splitToolInput(op, args);
  const raw = {
    params: input.params,
    query: input.query && asQueryStrings(input.query),
    body: input.body,
  };
  if (input.problems.length > 0) {
    const named = new Set(input.problems.map((problem) => problem.path));
    const more = [...inputProblems(op.query, raw.query ?? {}), ...inputProblems(op.body, raw.body ?? {})];
    throw new ValidationError("Request is invalid.", [
      ...input.problems,
      ...more.filter((problem) => !named.has(problem.path)),
    ]);
  }
  return raw;
}

/**
 * An MCP server offering the catalog's tools: tools/list and tools/call. One serves every request
 * for its catalog (see transport.ts); the caller comes with each request.
 */
export function createBoardMcpServer({
  operations,
  actorOf,
  catalog,
  pageSize = TOOLS_PAGE_SIZE,
  onInternalError,
}: BoardMcpOptions): Server {
  const server = new Server(
    { name: "board-api", title: "Board API", version: "1.0.0" },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: mcpInstructions(),
    },
  );
  const { tools, byName } = catalog;

  // Inputs are validated by the API's own schemas (in the operations layer) so errors carry its
  // codes, and tools/list is paginated.
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const cursor = request.params?.cursor;
    const start = cursor === undefined ? 0 : Number(cursor);
    if (!Number.isInteger(start) || start < 0 || start > tools.length) {
      throw new JsonRpcError(ErrorCode.InvalidParams, `Invalid cursor: ${cursor}`);
    }
    const end = start + pageSize;
    return {
      tools: tools.slice(start, end),
      ...(end < tools.length ? { nextCursor: String(end) } : {}),
    };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args = {} } = request.params;
    const op = byName.get(name);
    if (!op) throw unknownTool(name, catalog);
    try {
      const { [IDEMPOTENCY_ARGUMENT]: key, ...rest } = args;
      const options =
        key === undefined || op.method === "get"
          ? {}
          : {
              idempotency: {
                key: checkIdempotencyKey(key, IDEMPOTENCY_ARGUMENT),
                field: IDEMPOTENCY_ARGUMENT,
              },
            };
      const result = await operations.invoke(
        op,
        toolInput(op, op.method === "get" ? args : rest),
        actorOf(extra),
        options,
      );
      if (result instanceof Replayed) {
        return { ...(await jsonResult(result.body)), _meta: { idempotent_replayed: true } };
      }
      return await jsonResult(result);
    } catch (error) {
      const body = toolErrorBody(error);
      if (body) return errorResult(body);
      onInternalError?.(error, name, extra);
      return errorResult({ error: { code: "internal", message: "Internal server error." } });
    }
  });
  return server;
}
