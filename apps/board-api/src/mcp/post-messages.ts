// The checks the Streamable HTTP transport (MCP 2025-11-25) makes of a POST before any message of
// it runs, with the status codes and JSON-RPC errors the specification names: -32700 for what is
// not JSON, -32600 for what is not a JSON-RPC message (an empty batch, or a batch at all under a
// protocol version that removed them), -32602 for a request whose params do not fit its method.
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  isInitializeRequest,
  JSONRPCMessageSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type JSONRPCRequest,
} from "@modelcontextprotocol/sdk/types.js";
import type { Request, Response } from "express";

/** The first protocol version without JSON-RPC batches (2025-06-18 removed them). */
export const BATCHLESS_SINCE = "2025-06-18";

/** A JSON-RPC error about the HTTP request itself (no message of it is answered). */
export function refuse(res: Response, status: number, code: number, message: string): undefined {
  res.status(status).json({ jsonrpc: "2.0", error: { code, message }, id: null });
  return undefined;
}

/** The message a request's `id` and `method` can be read from, for saying which one is wrong. */
function describe(message: unknown, index: number, batch: boolean): string {
  const method = (message as { method?: unknown } | null)?.method;
  const where = batch ? `message ${index} of the batch` : "the message";
  return typeof method === "string" ? `${where} (${method})` : where;
}

/** What is wrong with a message that is not JSON-RPC 2.0, in a sentence. */
function invalidMessage(message: unknown): string {
  if (typeof message !== "object" || message === null || Array.isArray(message)) {
    return "a JSON-RPC message is an object";
  }
  const { jsonrpc, method, id } = message as Record<string, unknown>;
  if (jsonrpc !== "2.0") return 'it needs "jsonrpc": "2.0"';
  if (method !== undefined && typeof method !== "string") return '"method" is a string';
  if (id !== undefined && typeof id !== "string" && typeof id !== "number") {
    return '"id" is a string or a number';
  }
  if (method === undefined && !("result" in message || "error" in message)) {
    return 'it needs a "method" (a request or notification) or a "result"/"error" (a response)';
  }
  return "it is not a JSON-RPC 2.0 request, notification or response";
}

/**
 * The POST's JSON-RPC messages, after the checks the Streamable HTTP transport makes (Accept,
 * Content-Type, MCP-Protocol-Version, message shape, batches, a lone initialize); otherwise the
 * refusal is sent and the result is undefined.
 */
export function messagesOf(req: Request, res: Response): JSONRPCMessage[] | undefined {
  const accept = req.get("accept") ?? "";
  if (!accept.includes("application/json") || !accept.includes("text/event-stream")) {
    const message = "Not Acceptable: Client must accept both application/json and text/event-stream";
    return refuse(res, 406, -32000, message);
  }
  // express.json (application/json only) has parsed the body, or left it undefined.
  if (req.body === undefined) {
    return refuse(res, 415, -32000, "Unsupported Media Type: Content-Type must be application/json");
  }
  const version = req.get("mcp-protocol-version");
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    const supported = SUPPORTED_PROTOCOL_VERSIONS.join(", ");
    const message = `Bad Request: Unsupported protocol version: ${version} (supported versions: ${supported})`;
    return refuse(res, 400, -32000, message);
  }
  const batch = Array.isArray(req.body);
  if (batch) {
    const raw = req.body as unknown[];
    if (raw.length === 0) {
      return refuse(
        res,
        400,
        ErrorCode.InvalidRequest,
        "Invalid Request: an empty batch carries no message.",
      );
    }
    // Without the header, the specification has the server assume 2025-03-26, which had batches.
    if (version !== undefined && version >= BATCHLESS_SINCE) {
      return refuse(
        res,
        400,
        ErrorCode.InvalidRequest,
        `Invalid Request: protocol version ${version} has no JSON-RPC batches (removed in ${BATCHLESS_SINCE}); send one message per POST.`,
      );
    }
  }
  const raw: unknown[] = batch ? (req.body as unknown[]) : [req.body];
  const messages: JSONRPCMessage[] = [];
  for (const [index, message] of raw.entries()) {
    const parsed = JSONRPCMessageSchema.safeParse(message);
    if (!parsed.success) {
      const why = invalidMessage(message);
      return refuse(
        res,
        400,
        ErrorCode.InvalidRequest,
        `Invalid Request: ${describe(message, index, batch)}: ${why}.`,
      );
    }
    messages.push(parsed.data);
  }
  if (messages.length > 1 && messages.some(isInitializeRequest)) {
    return refuse(
      res,
      400,
      ErrorCode.InvalidRequest,
      "Invalid Request: Only one initialization request is allowed",
    );
  }
  return messages;
}

/** The schemas of the methods this server answers, to check params before the SDK does. */
const REQUEST_SCHEMAS = new Map<string, { safeParse(value: unknown): { success: boolean; error?: unknown } }>(
  [
    ["initialize", InitializeRequestSchema],
    ["ping", PingRequestSchema],
    ["tools/list", ListToolsRequestSchema],
    ["tools/call", CallToolRequestSchema],
  ],
);

interface Issue {
  path: PropertyKey[];
  message: string;
}

/**
 * Why a request's params do not fit its method (JSON-RPC -32602), in one short sentence, or
 * undefined when they do or the method is not one this server checks. The SDK would parse them
 * itself and answer -32603 (internal error) with the schema library's whole report.
 */
export function invalidParams(request: JSONRPCRequest): string | undefined {
  const schema = REQUEST_SCHEMAS.get(request.method);
  if (!schema) return undefined;
  const result = schema.safeParse(request);
  if (result.success) return undefined;
  const issues = ((result.error as { issues?: Issue[] } | undefined)?.issues ?? []).slice(0, 3);
  const what = issues.map((issue) => {
    const path = issue.path.map(String).join(".") || "params";
    return `${path}: ${issue.message}`;
  });
  const example =
    request.method === "tools/call" ? ' (expected params {"name": "<tool>", "arguments": {…}})' : "";
  return `Invalid params for ${request.method}${example}: ${what.join("; ") || "not of the expected shape"}.`;
}
