// POST /mcp: MCP Streamable HTTP, stateless, answering in JSON, behind the same bearer auth and
// rate limit as /api/v1, where every tool call counts, batched or not. One MCP server per toolset
// selection serves every request (transport.ts). GET and DELETE (SSE streams, sessions) are 405.
// Before anything else, a browser's `Origin` must be this server's own or an allowed one (403:
// the transport specification's defence against DNS rebinding); requests without one (agents,
// CLIs) pass. The transport's refusals are JSON-RPC errors, not the REST error envelope (401, 413
// and 429 keep the API's).
import { MCP_MAX_BATCH } from "@org/contracts";
import type { RateLimiter } from "@org/service-kit";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { Router, type Request, type RequestHandler } from "express";
import { actorOf } from "../http/auth.ts";
import { canWrite } from "../oauth/access.ts";
import type { Operations } from "../operations/index.ts";
import type { Actor } from "../services/context.ts";
import type { ToolCatalog } from "./catalog.ts";
import { invalidParams, messagesOf, refuse } from "./post-messages.ts";
import { catalogOf, SessionChoiceError } from "./selection.ts";
import { createBoardMcpServer } from "./server.ts";
import { StatelessJsonTransport } from "./transport.ts";

export const MCP_PATH = "/mcp";

/** The number of tool calls in the request (a batch counts each). */
function toolCallsOf(body: unknown): number {
  const messages = Array.isArray(body) ? body : [body];
  return messages.filter((message) => (message as { method?: unknown } | null)?.method === "tools/call")
    .length;
}

/** The origin of a request sent by a page of this very host (`Origin` equal to it). */
function ownOrigin(req: Request): string {
  return `${req.protocol}://${req.get("host") ?? ""}`;
}

/**
 * Refuses (403) a request whose `Origin` is neither this server's (PUBLIC_URL, or the host it was
 * reached at) nor one of `allowed`; a request without `Origin` is not a browser's and passes.
 */
function originCheck(publicOrigin: string, allowed: readonly string[]): RequestHandler {
  const origins = new Set([publicOrigin, ...allowed]);
  return (req, res, next) => {
    const origin = req.get("origin");
    if (origin === undefined || origins.has(origin) || origin === ownOrigin(req)) {
      next();
      return;
    }
    refuse(
      res,
      403,
      -32000,
      `Forbidden: requests from the origin ${origin} are not accepted on /mcp (MCP_ALLOWED_ORIGINS lists the allowed browser origins).`,
    );
  };
}

/**
 * The JSON body parser, with the transport's error for what is not JSON: JSON-RPC -32700 (400).
 * A body over the size or shape limits keeps the API's answer (413 payload_too_large).
 */
function jsonRpcBody(json: RequestHandler): RequestHandler {
  return (req, res, next) => {
    json(req, res, (error?: unknown) => {
      if ((error as { type?: string } | undefined)?.type !== "entity.parse.failed") {
        next(error);
        return;
      }
      const detail = (error as { message?: string }).message ?? "unparsable";
      refuse(res, 400, -32700, `Parse error: the body is not valid JSON (${detail}).`);
    });
  };
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
  const transport = new StatelessJsonTransport<ExchangeContext>(invalidParams);
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
  json,
  limiter,
  publicOrigin,
  allowedOrigins = [],
}: {
  operations: Operations;
  /** Authentication and the rate limiter, as for /api/v1. */
  guard: RequestHandler[];
  /** The JSON body parser (after the guard: a bogus token costs no parsing). */
  json: RequestHandler;
  /** The guard's limiter, which counts the calls of a batch beyond the first. */
  limiter: RateLimiter;
  /** This server's origin (PUBLIC_URL): its own pages may call /mcp. */
  publicOrigin: string;
  /** Further browser origins allowed to call /mcp (MCP_ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
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
  const origins = originCheck(publicOrigin, allowedOrigins);
  router.post(MCP_PATH, origins, ...guard, jsonRpcBody(json), async (req, res) => {
    // A read-only OAuth grant (board:read) opens read-only sessions, whatever the client asks.
    const oauth = actorOf(req).oauth;
    let catalog: ToolCatalog;
    try {
      catalog = catalogOf(req, { forceReadOnly: oauth !== undefined && !canWrite(oauth) });
    } catch (error) {
      if (!(error instanceof SessionChoiceError)) throw error;
      refuse(res, 400, -32000, `Bad Request: ${error.message}`);
      return;
    }
    if (Array.isArray(req.body) && req.body.length > MCP_MAX_BATCH) {
      const message = `Invalid Request: a JSON-RPC batch carries at most ${MCP_MAX_BATCH} messages; this one has ${req.body.length}.`;
      refuse(res, 400, -32600, message);
      return;
    }
    const messages = messagesOf(req, res);
    if (!messages) return;
    // The guard counted the request once; each further call is counted before any runs.
    await limiter.charge(req, res, toolCallsOf(req.body) - 1);
    const { transport } = await endpointOf(catalog);
    const answers = await transport.exchange(messages, { actor: actorOf(req), req });
    if (answers.length === 0) {
      res.status(202).end();
      return;
    }
    res.status(200).json(Array.isArray(req.body) ? answers : answers[0]);
  });
  // Stateless: no SSE stream to open (GET) and no session to end (DELETE).
  router.all(MCP_PATH, origins, (_req, res) => {
    res
      .status(405)
      .set("Allow", "POST")
      .json({ jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed." }, id: null });
  });
  return router;
}
