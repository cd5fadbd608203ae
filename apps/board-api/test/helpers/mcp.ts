import http from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { TestApp } from "../../src/testing/app.ts";

/** tools/list, every page (following nextCursor), through the official client. */
export async function allTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

/** The app on a free loopback port, for the official client. */
export async function listenMcp(t: TestApp) {
  const server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clients: Client[] = [];
  return {
    base,
    /** An MCP session as the token's user: `query` on the URL (`?toolsets=…`), extra headers. */
    async connect(
      token: string,
      { query = "", headers = {} }: { query?: string; headers?: Record<string, string> } = {},
    ) {
      const client = new Client({ name: "board-api-test", version: "1.0.0" });
      const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp${query}`), {
        requestInit: { headers: { Authorization: `Bearer ${token}`, ...headers } },
      });
      await client.connect(transport);
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A successful call's structuredContent. */
export async function okTool<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = await callTool(client, name, args);
  if (result.isError) {
    throw new Error(`${name} failed: ${(result.content[0] as { text?: string } | undefined)?.text}`);
  }
  return result.structuredContent as T;
}

export interface ToolErrorBody {
  code: string;
  message: string;
  details?: Array<{ path: string; message: string }>;
}

/** A failed call's error envelope (its text); throws when the call succeeded. */
export function toolError(result: CallToolResult): ToolErrorBody {
  if (!result.isError) throw new Error(`expected an error, got ${JSON.stringify(result.structuredContent)}`);
  return (JSON.parse((result.content[0] as { text: string }).text) as { error: ToolErrorBody }).error;
}
