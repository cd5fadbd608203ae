// POST /mcp: MCP Streamable HTTP, stateless, answering in JSON, behind the same bearer auth and
// rate limit as /api/v1, where every tool call counts, batched or not. One MCP server per toolset
// selection serves every request (transport.ts). GET and DELETE (SSE streams, sessions) are 405.
import {
  MCP_MAX_BATCH,
  MCP_READONLY_HEADER,
  MCP_TOOLSETS_HEADER,
  resolveToolsets,
  UnknownToolsetError,
} from "@org/contracts";
import { ValidationError, type RateLimiter } from "@org/service-kit";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  isInitializeRequest,
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
} from "@modelcontextprotocol/sdk/types.js";
import { Router, type Request, type RequestHandler, type Response } from "express";
import { actorOf } from "../http/auth.ts";
import type { Operations } from "../operations/index.ts";
import type { Actor } from "../services/context.ts";
import { toolCatalog, type ToolCatalog } from "./catalog.ts";
import { createBoardMcpServer } from "./server.ts";
import { StatelessJsonTransport } from "./transport.ts";

export const MCP_PATH = "/mcp";

/**
 * The number of tool calls in the request, after checking the batch size. The guard counted the
 * request once; each further call is counted before any runs.
 */
function toolCallsOf(body: unknown): number {
  const messages = Array.isArray(body) ? body : [body];
  if (messages.length > MCP_MAX_BATCH) {
    const message = `A JSON-RPC batch carries at most ${MCP_MAX_BATCH} messages; this one has ${messages.length}.`;
    throw new ValidationError(message, [{ path: "", message }]);
  }
  return messages.filter((message) => (message as { method?: unknown } | null)?.method === "tools/call")
    .length;
}

/** A query parameter (repeated: joined by commas), else the header. */
function queryOrHeader(req: Request, param: string, header: string): string | undefined {
  const raw = req.query[param];
  if (Array.isArray(raw)) return raw.join(",");
  if (typeof raw === "string") return raw;
  return req.get(header);
}

/** `?read_only=true` or `X-MCP-Readonly: true`; false when absent. */
function readOnlyOf(req: Request): boolean {
  const raw = queryOrHeader(req, "read_only", MCP_READONLY_HEADER)?.trim().toLowerCase();
  if (raw === undefined || raw === "" || raw === "false") return false;
  if (raw === "true") return true;
  const message = `read_only is true or false (query read_only or header ${MCP_READONLY_HEADER}).`;
  throw new ValidationError(message, [{ path: "read_only", message }]);
}

/**
 * The tools to offer: `?toolsets=core,cards` (or repeated) or the X-MCP-Toolsets header, default
 * core; unknown names are validation_failed. Read-only mode keeps the tools that change nothing.
 */
function catalogOf(req: Request): ToolCatalog {
  const readOnly = readOnlyOf(req);
  try {
    return toolCatalog(resolveToolsets(queryOrHeader(req, "toolsets", MCP_TOOLSETS_HEADER), { readOnly }), {
      readOnly,
    });
  } catch (error) {
    if (error instanceof UnknownToolsetError) {
      throw new ValidationError(error.message, [{ path: "toolsets", message: error.message }]);
    }
    throw error;
  }
}

/** Who sends an exchange's requests, and the HTTP request they came in (for its logger). */
interface ExchangeContext {
  actor: Actor;
  req: Request;
}

interface Endpoint {
  server: Server;
  transport: StatelessJsonTransport<ExchangeContext>;
}

async function connectEndpoint(operations: Operations, catalog: ToolCatalog): Promise<Endpoint> {
  const transport = new StatelessJsonTransport<ExchangeContext>();
  const contextOf = (requestId: string | number) => {
    const context = transport.contextOf(requestId);
    if (!context) throw new Error(`MCP request ${requestId} has no exchange`);
    return context;
  };
  const server = createBoardMcpServer({
    operations,
    catalog,
    actorOf: (extra) => contextOf(extra.requestId).actor,
    onInternalError: (err, tool, extra) =>
      contextOf(extra.requestId).req.log?.error({ err, tool }, "mcp tool failed"),
  });
  await server.connect(transport);
  return { server, transport };
}

/** A JSON-RPC error about the HTTP request itself (no message of it is answered). */
function refuse(res: Response, status: number, code: number, message: string): undefined {
  res.status(status).json({ jsonrpc: "2.0", error: { code, message }, id: null });
  return undefined;
}

/**
 * The POST's JSON-RPC messages, after the checks the Streamable HTTP transport makes (Accept,
 * Content-Type, MCP-Protocol-Version, message shape, a lone initialize); otherwise the refusal is
 * sent and the result is undefined.
 */
function messagesOf(req: Request, res: Response): JSONRPCMessage[] | undefined {
  const accept = req.get("accept") ?? "";
  if (!accept.includes("application/json") || !accept.includes("text/event-stream")) {
    const message = "Not Acceptable: Client must accept both application/json and text/event-stream";
    return refuse(res, 406, -32000, message);
  }
  if (!req.is("application/json")) {
    return refuse(res, 415, -32000, "Unsupported Media Type: Content-Type must be application/json");
  }
  const version = req.get("mcp-protocol-version");
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    const supported = SUPPORTED_PROTOCOL_VERSIONS.join(", ");
    const message = `Bad Request: Unsupported protocol version: ${version} (supported versions: ${supported})`;
    return refuse(res, 400, -32000, message);
  }
  const raw: unknown[] = Array.isArray(req.body) ? req.body : [req.body];
  const messages: JSONRPCMessage[] = [];
  for (const message of raw) {
    const parsed = JSONRPCMessageSchema.safeParse(message);
    if (!parsed.success) return refuse(res, 400, -32700, "Parse error: Invalid JSON-RPC message");
    messages.push(parsed.data);
  }
  if (messages.some(isInitializeRequest) && messages.length > 1) {
    return refuse(res, 400, -32600, "Invalid Request: Only one initialization request is allowed");
  }
  return messages;
}

export function mcpRouter({
  operations,
  guard,
  limiter,
}: {
  operations: Operations;
  /** Authentication and the rate limiter, as for /api/v1. */
  guard: RequestHandler[];
  /** The guard's limiter, which counts the calls of a batch beyond the first. */
  limiter: RateLimiter;
}): Router {
  const router = Router();
  const endpoints = new Map<ToolCatalog, Endpoint>();
  const endpointOf = async (catalog: ToolCatalog): Promise<Endpoint> => {
    let endpoint = endpoints.get(catalog);
    if (!endpoint) {
      endpoint = await connectEndpoint(operations, catalog);
      endpoints.set(catalog, endpoint);
    }
    return endpoint;
  };
  router.post(MCP_PATH, ...guard, async (req, res) => {
    const catalog = catalogOf(req);
    await limiter.charge(req, res, toolCallsOf(req.body) - 1);
    const messages = messagesOf(req, res);
    if (!messages) return;
    const { transport } = await endpointOf(catalog);
    const answers = await transport.exchange(messages, { actor: actorOf(req), req });
    if (answers.length === 0) {
      res.status(202).end();
      return;
    }
    res.status(200).json(Array.isArray(req.body) ? answers : answers[0]);
  });
  // Stateless: no SSE stream to open (GET) and no session to end (DELETE).
  router.all(MCP_PATH, (_req, res) => {
    res
      .status(405)
      .set("Allow", "POST")
      .json({ jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed." }, id: null });
  });
  return router;
}
