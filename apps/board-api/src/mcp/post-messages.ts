// The checks the Streamable HTTP transport makes of a POST before any message of it runs (as the
// SDK's StreamableHTTPServerTransport does, with its status codes and messages).
import {
  isInitializeRequest,
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
} from "@modelcontextprotocol/sdk/types.js";
import type { Request, Response } from "express";

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
