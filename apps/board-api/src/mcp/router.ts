// POST /mcp: MCP Streamable HTTP, stateless (a new server and transport per request), behind the
// same bearer auth and rate limit as /api/v1, where every tool call counts, batched or not. GET and
// DELETE (SSE streams, sessions) are 405.
import type { IncomingMessage } from "node:http";
import { MCP_MAX_BATCH, resolveToolsets, UnknownToolsetError } from "@org/contracts";
import { ValidationError, type RateLimiter } from "@org/service-kit";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { Router, type Request, type RequestHandler } from "express";
import { actorOf } from "../http/auth.ts";
import type { Operations } from "../operations/index.ts";
import { toolCatalog } from "./catalog.ts";
import { createBoardMcpServer } from "./server.ts";

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

/** `?toolsets=core,cards` (or repeated): the operations to offer; unknown names are validation_failed. */
function operationsOf(req: Request) {
  const raw = req.query.toolsets;
  const spec = Array.isArray(raw) ? raw.join(",") : typeof raw === "string" ? raw : undefined;
  try {
    return resolveToolsets(spec);
  } catch (error) {
    if (error instanceof UnknownToolsetError) {
      throw new ValidationError(error.message, [{ path: "toolsets", message: error.message }]);
    }
    throw error;
  }
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
  router.post(MCP_PATH, ...guard, async (req, res) => {
    const catalog = toolCatalog(operationsOf(req));
    await limiter.charge(req, res, toolCallsOf(req.body) - 1);
    const server = createBoardMcpServer({
      operations,
      actor: actorOf(req),
      catalog,
      onInternalError: (err, tool) => req.log?.error({ err, tool }, "mcp tool failed"),
    });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // As a plain IncomingMessage: the SDK reads an optional `req.auth` of its own shape, which the
    // auth server's Express typings (compiled together with this app in bench/) declare differently.
    await transport.handleRequest(req as IncomingMessage, res, req.body);
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
