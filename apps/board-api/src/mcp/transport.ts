// MCP Streamable HTTP, stateless and answering in JSON, for one long-lived MCP server shared by
// every POST /mcp. The SDK's StreamableHTTPServerTransport serves one request per instance (so a
// server and transport per request) and converts each Node request and response to and from a web
// Request/Response; together that cost more than the tool call itself. Here a POST's messages go
// straight to the shared server under ids of their own (two clients may both send id 1) and the
// answers come back under the client's ids, as one JSON body.
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type {
  JSONRPCMessage,
  JSONRPCRequest,
  JSONRPCResponse,
  RequestId,
} from "@modelcontextprotocol/sdk/types.js";

// The messages are valid JSON-RPC already (the router parsed them with the SDK's schema), and the
// server's answers are its own: telling them apart needs no second schema parse (the SDK's
// isJSONRPC* guards parse the whole message, result included).
const isRequest = (message: JSONRPCMessage): message is JSONRPCRequest =>
  "method" in message && "id" in message;
const isResponse = (message: JSONRPCMessage): message is JSONRPCResponse =>
  "id" in message && ("result" in message || "error" in message);

interface Pending<C> {
  /** The id the client gave the request. */
  clientId: RequestId;
  context: C;
  answer(message: JSONRPCMessage): void;
}

/**
 * One transport for every exchange: `exchange()` hands a POST's messages to the server with a
 * context (who is calling), and resolves with its answers once every request has one.
 */
export class StatelessJsonTransport<C> implements Transport {
  onmessage?: Transport["onmessage"];
  onclose?: Transport["onclose"];
  onerror?: Transport["onerror"];

  private nextId = 0;
  private readonly pending = new Map<RequestId, Pending<C>>();

  /**
   * `invalidParams(request)`: why a request's params do not fit its method, answered as JSON-RPC
   * -32602 without reaching the server; undefined lets it through.
   */
  constructor(
    private readonly invalidParams: (request: JSONRPCRequest) => string | undefined = () => undefined,
  ) {}

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.pending.clear();
    this.onclose?.();
  }

  /** The context of the exchange a request (by the server's id for it) belongs to. */
  contextOf(serverId: RequestId): C | undefined {
    return this.pending.get(serverId)?.context;
  }

  /**
   * Delivers `messages` (already valid JSON-RPC) and resolves with the responses to its requests,
   * in request order. Notifications get no answer. A client's cancellation and its responses are
   * dropped: ids are the server's own here, so `notifications/cancelled` could only name another
   * client's request (aborting it would leave that request unanswered), and this server never asks
   * a client anything.
   */
  exchange(messages: JSONRPCMessage[], context: C): Promise<JSONRPCMessage[]> {
    const requests = messages.filter(isRequest);
    const answers: JSONRPCMessage[] = new Array(requests.length);
    let missing = requests.length;
    return new Promise((resolve) => {
      if (missing === 0) resolve([]);
      let index = 0;
      for (const message of messages) {
        if (!isRequest(message)) {
          if ("method" in message && message.method !== "notifications/cancelled") this.onmessage?.(message);
          continue;
        }
        const slot = index++;
        const invalid = this.invalidParams(message);
        if (invalid !== undefined) {
          answers[slot] = { jsonrpc: "2.0", id: message.id, error: { code: -32602, message: invalid } };
          if (--missing === 0) resolve(answers);
          continue;
        }
        const serverId = ++this.nextId;
        this.pending.set(serverId, {
          clientId: message.id,
          context,
          answer: (answer) => {
            answers[slot] = answer;
            if (--missing === 0) resolve(answers);
          },
        });
        this.onmessage?.({ ...message, id: serverId });
      }
    });
  }

  /** The server's answers; anything else (notifications to the client) has no stream to go to. */
  async send(message: JSONRPCMessage): Promise<void> {
    if (!isResponse(message) || message.id === undefined) return;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    pending.answer({ ...message, id: pending.clientId });
  }
}
