// The MCP endpoint with the official client (Client + StreamableHTTPClientTransport) against the
// app listening on a real port, checked against the HTTP API.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { CORE_TOOLSET, mcpOperations, resolveToolsets, type Card } from "@org/contracts";
import { createHandlers } from "../src/handlers.ts";
import { createBoardMcpServer } from "../src/mcp/server.ts";
import { FileStore } from "../src/services/file-store.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { addMember, makeBoard, makeCard, makeColumn, makeUser } from "./helpers/fixtures.ts";

let t: TestApp;
let server: http.Server;
let base: string;
const clients: Client[] = [];

beforeAll(async () => {
  t = await createTestApp();
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

async function connect(token: string, query = ""): Promise<Client> {
  const client = new Client({ name: "board-api-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp${query}`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function allTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A successful call's structuredContent, after checking the text carries the same JSON. */
async function ok<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = await call(client, name, args);
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.structuredContent)}`);
  const text = result.content[0];
  expect(text?.type).toBe("text");
  expect(JSON.parse((text as { text: string }).text)).toEqual(result.structuredContent);
  return result.structuredContent as T;
}

function expectToolError(result: CallToolResult, code: string) {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toEqual({
    error: expect.objectContaining({ code, message: expect.any(String) }),
  });
  expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
}

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};
const mcpHeaders = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

describe("MCP at /mcp", () => {
  it("lists one tool per operation (all pages), with titles, annotations and input schemas", async () => {
    const { owner } = await makeBoard(t);
    const client = await connect(owner.token);
    const tools = await allTools(client);
    expect(tools.map((tool) => tool.name)).toEqual(mcpOperations().map((op) => op.name));
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    const getCard = byName.get("get_card")!;
    expect(getCard.title).toBe("Get a card");
    expect(getCard.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
    });
    expect(getCard.inputSchema).toMatchObject({ type: "object", required: ["id"] });
    expect(byName.get("delete_card")!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
    expect(Object.keys(byName.get("list_comments")!.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["id", "limit", "cursor"]),
    );
    expect(byName.has("upload_card_attachment")).toBe(false);
  });

  it("create, update and move a card over MCP; the HTTP API sees the same data", async () => {
    const { owner, project, column } = await makeBoard(t);
    const done = await makeColumn(owner.api, project.id, { name: "Done" });
    const client = await connect(owner.token);

    const created = await ok<Card>(client, "create_card", {
      id: column.id,
      title: "From MCP",
      owner_type: "agent",
    });
    expect(created).toMatchObject({
      title: "From MCP",
      column_id: column.id,
      number: 1,
      owner_type: "agent",
    });
    expect((await owner.api.get(`/cards/${created.id}`)).body).toMatchObject(created);
    expect((await owner.api.get(`/cards/${created.id}`)).body).toEqual(
      await ok(client, "get_card", { id: created.id }),
    );

    const updated = await ok<Card>(client, "update_card", {
      id: created.id,
      title: "Renamed",
      work_phase: "review",
      shepherds: [owner.user.id],
    });
    expect(updated).toMatchObject({ title: "Renamed", work_phase: "review", shepherds: [owner.user.id] });
    const cleared = await ok<Card>(client, "update_card", { id: created.id, work_phase: "", shepherds: [] });
    expect(cleared).toMatchObject({ work_phase: null, shepherds: [] });
    expect((await owner.api.get(`/cards/${created.id}`)).body).toMatchObject(cleared);

    const moved = await ok<Card>(client, "move_card", { id: created.id, to_column_id: done.id, position: 0 });
    expect(moved).toMatchObject({ column_id: done.id, position: 0 });
    const board = await owner.api.get(`/projects/${project.id}/columns`);
    const doneColumn = board.body.data.find((c: { id: string }) => c.id === done.id);
    expect(doneColumn.cards.map((c: Card) => c.id)).toEqual([created.id]);

    // Read tools answer the same as HTTP, lists in their {data, next_cursor} envelope.
    const viaMcp = await ok<{ data: unknown[] }>(client, "get_board", { id: project.id });
    expect(viaMcp).toEqual(board.body);
    await makeCard(owner.api, column.id, { title: "Second" });
    const page = await ok<{ data: unknown[]; next_cursor: string | null }>(client, "list_projects", {
      limit: 1,
    });
    expect(page.data).toHaveLength(1);
    expect(page.next_cursor).toBeNull();
  });

  it("claim_next_card claims the next agent card as the token's user", async () => {
    const { owner, column } = await makeBoard(t);
    const human = await makeCard(owner.api, column.id, { title: "Human work" });
    const agentCard = await makeCard(owner.api, column.id, { title: "Agent work", owner_type: "agent" });
    const client = await connect(owner.token, "?toolsets=core");
    const claimed = await ok<Card>(client, "claim_next_card", { id: agentCard.project_id });
    expect(claimed).toMatchObject({ id: agentCard.id, claimed_by: owner.user.id });
    expect(claimed.claim_expires_at).toEqual(expect.any(String));
    expect((await owner.api.get(`/cards/${agentCard.id}`)).body).toMatchObject({ claimed_by: owner.user.id });
    expect((await owner.api.get(`/cards/${human.id}`)).body.claimed_by).toBeNull();
    // Nothing left to claim (HTTP 204): an empty result, not an error.
    expect(await ok(client, "claim_next_card", { id: agentCard.project_id })).toEqual({ result: null });
  });

  it("answers API errors as tool errors with the API's code and message", async () => {
    const { owner, column } = await makeBoard(t);
    const client = await connect(owner.token);
    const missing = await call(client, "get_card", { id: "0190c1d2-5b1e-7c3a-9f00-1a2b3c4d5e6f" });
    expectToolError(missing, "not_found");

    const invalid = await call(client, "create_card", { id: column.id, title: "" });
    expectToolError(invalid, "validation_failed");
    expect((invalid.structuredContent as { error: { details: unknown[] } }).error.details).toEqual([
      { path: "title", message: expect.any(String) },
    ]);
    expectToolError(
      await call(client, "create_card", { id: column.id, title: "x", bogus: 1 }),
      "validation_failed",
    );
    expectToolError(await call(client, "get_card", { id: "7" }), "validation_failed");
    expectToolError(await call(client, "no_such_tool", {}), "not_found");
  });

  it("acts with the token user's role: a viewer reads but cannot write", async () => {
    const { owner, project, column } = await makeBoard(t);
    const viewer = await makeUser(t);
    await addMember(owner.api, project.id, viewer.user.id, "viewer");
    const card = await makeCard(owner.api, column.id);
    const client = await connect(viewer.token);
    expect(await ok<Card>(client, "get_card", { id: card.id })).toMatchObject({ id: card.id });
    expectToolError(await call(client, "create_card", { id: column.id, title: "Nope" }), "forbidden");
    expectToolError(await call(client, "update_card", { id: card.id, title: "Nope" }), "forbidden");
    expect((await owner.api.get(`/projects/${project.id}/columns`)).body.data[0].cards).toHaveLength(1);
    // A stranger does not even see it.
    const stranger = await connect((await makeUser(t)).token);
    expectToolError(await call(stranger, "get_card", { id: card.id }), "not_found");
  });

  it("toolsets=core lists only the core tools; a group list; an unknown name is 422", async () => {
    const { owner } = await makeBoard(t);
    const core = await allTools(await connect(owner.token, "?toolsets=core"));
    expect(core.map((tool) => tool.name).sort()).toEqual([...CORE_TOOLSET].sort());
    const mixed = await allTools(await connect(owner.token, "?toolsets=labels,comments"));
    expect(mixed.map((tool) => tool.name)).toEqual(resolveToolsets("labels,comments").map((op) => op.name));
    const all = await allTools(await connect(owner.token, "?toolsets=all"));
    expect(all).toHaveLength(mcpOperations().length);

    // A tool outside the toolset cannot be called either.
    const coreClient = await connect(owner.token, "?toolsets=core");
    expectToolError(await call(coreClient, "delete_project", { id: owner.user.id }), "not_found");

    const res = await fetch(`${base}/mcp?toolsets=core,bogus`, {
      method: "POST",
      headers: { ...mcpHeaders, Authorization: `Bearer ${owner.token}` },
      body: JSON.stringify(initialize),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: {
        code: "validation_failed",
        message: expect.stringContaining('"bogus"'),
        details: expect.any(Array),
      },
    });
  });

  it("needs a valid bearer token: 401 in the API's envelope otherwise", async () => {
    for (const auth of [undefined, "Bearer not-a-token", "Basic abc"]) {
      const res = await fetch(`${base}/mcp`, {
        method: "POST",
        headers: { ...mcpHeaders, ...(auth ? { Authorization: auth } : {}) },
        body: JSON.stringify(initialize),
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: { code: "unauthenticated", message: expect.any(String) } });
    }
    await expect(connect("wrong-token")).rejects.toThrow();
  });

  it("is stateless: GET and DELETE are 405, no session id is issued", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(`${base}/mcp`, { method, headers: { Accept: "text/event-stream" } });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect(await res.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
    }
    const { owner } = await makeBoard(t);
    const res = await fetch(`${base}/mcp`, {
      method: "POST",
      headers: { ...mcpHeaders, Authorization: `Bearer ${owner.token}` },
      body: JSON.stringify(initialize),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("mcp-session-id")).toBeNull();
    expect(await res.json()).toMatchObject({ id: 1, result: { serverInfo: { name: "board-api" } } });
  });
});

describe("tools/list pagination", () => {
  it("pages by nextCursor and rejects a bad cursor", async () => {
    const owner = await makeUser(t);
    const mcp = createBoardMcpServer({
      handlers: createHandlers({ db: t.database.db, files: new FileStore(t.attachmentsDir) }),
      actor: owner.user,
      operations: mcpOperations(),
      pageSize: 10,
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await mcp.connect(serverSide);
    const client = new Client({ name: "paging", version: "1.0.0" });
    await client.connect(clientSide);
    const first = await client.listTools();
    expect(first.tools).toHaveLength(10);
    expect(first.nextCursor).toBe("10");
    const tools = await allTools(client);
    expect(tools.map((tool) => tool.name)).toEqual(mcpOperations().map((op) => op.name));
    await expect(client.listTools({ cursor: "garbage" })).rejects.toThrow(/cursor/i);
    // The in-process server answers tools too, as the same user.
    expect(await ok(client, "get_me", {})).toMatchObject({ id: owner.user.id, email: owner.user.email });
    await client.close();
  });
});
