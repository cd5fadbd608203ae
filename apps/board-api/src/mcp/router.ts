// POST /mcp: MCP Streamable HTTP, stateless, answering in JSON, behind the same bearer auth and
// rate limit as /api/v1, where every tool call counts, batched or not. One MCP server per toolset
// selection serves every request (transport.ts). GET and DELETE (SSE streams, sessions) are 405.
import { MCP_MAX_BATCH } from "@org/contracts";
import { ValidationError, type RateLimiter } from "@org/service-kit";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { Router, type Request, type RequestHandler } from "express";
import { actorOf } from "../http/auth.ts";
import { canWrite } from "../oauth/grants.ts";
import type { Operations } from "../operations/index.ts";
import type { Actor } from "../services/context.ts";
import type { ToolCatalog } from "./catalog.ts";
import { messagesOf } from "./post-messages.ts";
import { catalogOf } from "./selection.ts";
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
  // The promise, so that concurrent first requests of a selection share one server.
  // Weak: the catalogs cached in catalog.ts keep their servers for the process; one past that cache's
  // bound (a client naming ever new toolset mixes) is built for its request and collected after it.
  const endpoints = new WeakMap<ToolCatalog, Promise<Endpoint>>();
  const endpointOf = (catalog: ToolCatalog): Promise<Endpoint> => {
    let endpoint = endpoints.get(catalog);
    if (!endpoint) {
      endpoint = connectEndpoint(operations, catalog);
      endpoints.set(catalog, endpoint);
    }
    return endpoint;
  };
  router.post(MCP_PATH, ...guard, async (req, res) => {
    // A read-only OAuth grant (board:read) opens read-only sessions, whatever the client asks.
    const oauth = actorOf(req).oauth;
    const catalog = catalogOf(req, { forceReadOnly: oauth !== undefined && !canWrite(oauth) });
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
