// The MCP endpoint with the official client (Client + StreamableHTTPClientTransport) against the
// app listening on a real port, checked against the HTTP API.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { CORE_TOOLSET, mcpOperations, resolveToolsets, type Card } from "@org/contracts";
import { toolCatalog } from "../src/mcp/catalog.ts";
import { createBoardMcpServer } from "../src/mcp/server.ts";
import { createOperations } from "../src/operations/index.ts";
import { FileStore } from "../src/services/file-store.ts";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { addMember, makeBoard, makeCard, makeColumn, makeUser } from "../src/testing/fixtures.ts";
import { allTools } from "./helpers/mcp.ts";

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

/** A failed call: isError, and the API's error envelope as the text (structuredContent is for results). */
function expectToolError(result: CallToolResult, code: string) {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  const body = JSON.parse((result.content[0] as { text: string }).text) as {
    error: { code: string; message: string; details?: Array<{ path: string; message: string }> };
  };
  expect(body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
  return body.error;
}

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};
const mcpHeaders = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

describe("MCP at /mcp", () => {
  it("lists one tool per operation (all pages), with titles, annotations, input and output schemas", async () => {
    const { owner } = await makeBoard(t);
    const client = await connect(owner.token, "?toolsets=all");
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
    expect(getCard.inputSchema).toMatchObject({
      type: "object",
      properties: { card_id: { type: "string", format: "uuid", description: "The card to read." } },
      required: ["card_id"],
    });
    expect(getCard.outputSchema).toMatchObject({
      type: "object",
      properties: { id: { type: "string" }, plan: { type: ["object", "null"] } },
    });
    expect(byName.get("delete_card")!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
    expect(byName.get("delete_card")!.outputSchema).toBeUndefined();
    // Every call of handoff_card writes a comment: not idempotent.
    expect(byName.get("handoff_card")!.annotations).toMatchObject({ idempotentHint: false });
    expect(Object.keys(byName.get("list_comments")!.inputSchema.properties ?? {}).sort()).toEqual([
      "card_id",
      "cursor",
      "limit",
    ]);
    expect(byName.get("create_card")!.inputSchema.properties?.column_id).toEqual({
      type: "string",
      format: "uuid",
      description: "The column to create the card in.",
    });
    expect(byName.get("get_board")!.inputSchema.properties?.include_archived).toMatchObject({
      type: "boolean",
    });
    expect(byName.get("move_card")!.inputSchema.required).toEqual(["card_id", "to_column_id"]);
    // No tool takes a bare id.
    for (const tool of tools) expect(tool.inputSchema.properties ?? {}).not.toHaveProperty("id");
    expect(byName.has("upload_card_attachment")).toBe(false);
  });

  it("create, update and move a card over MCP; the HTTP API sees the same data", async () => {
    const { owner, project, column } = await makeBoard(t);
    const done = await makeColumn(owner.api, project.id, { name: "Done" });
    const client = await connect(owner.token);

    const created = await ok<Card>(client, "create_card", {
      column_id: column.id,
      title: "From MCP",
      owner_type: "agent",
      due_at: "2026-12-01",
    });
    expect(created).toMatchObject({
      title: "From MCP",
      column_id: column.id,
      number: 1,
      owner_type: "agent",
      // A date alone is the end of that day, UTC.
      due_at: "2026-12-01T23:59:59.999Z",
    });
    expect((await owner.api.get(`/cards/${created.id}`)).body).toMatchObject(created);
    expect((await owner.api.get(`/cards/${created.id}`)).body).toEqual(
      await ok(client, "get_card", { card_id: created.id }),
    );

    const updated = await ok<Card>(client, "update_card", {
      card_id: created.id,
      title: "Renamed",
      work_phase: "review",
      shepherds: [owner.user.id],
    });
    expect(updated).toMatchObject({ title: "Renamed", work_phase: "review", shepherds: [owner.user.id] });
    const cleared = await ok<Card>(client, "update_card", {
      card_id: created.id,
      work_phase: "",
      shepherds: [],
    });
    expect(cleared).toMatchObject({ work_phase: null, shepherds: [] });
    expect((await owner.api.get(`/cards/${created.id}`)).body).toMatchObject(cleared);

    const moved = await ok<Card>(client, "move_card", {
      card_id: created.id,
      to_column_id: done.id,
      position: 0,
    });
    expect(moved).toMatchObject({ column_id: done.id, position: 0 });
    // Without a position the card goes last.
    const other = await makeCard(owner.api, column.id, { title: "Other" });
    expect(await ok<Card>(client, "move_card", { card_id: other.id, to_column_id: done.id })).toMatchObject({
      column_id: done.id,
      position: 1,
    });
    const board = await owner.api.get(`/projects/${project.id}/columns`);
    const doneColumn = board.body.data.find((c: { id: string }) => c.id === done.id);
    expect(doneColumn.cards.map((c: Card) => c.id)).toEqual([created.id, other.id]);

    // Read tools answer the same as HTTP, lists in their {data, next_cursor} envelope.
    const viaMcp = await ok<{ data: unknown[] }>(client, "get_board", { project_id: project.id });
    expect(viaMcp).toEqual(board.body);
    // include_archived is a JSON boolean over MCP ("true" over HTTP).
    await owner.api.post(`/cards/${other.id}/archive`);
    const withArchived = await ok<{ data: Array<{ cards: Card[] }> }>(client, "get_board", {
      project_id: project.id,
      include_archived: true,
    });
    expect(withArchived).toEqual(
      (await owner.api.get(`/projects/${project.id}/columns?include_archived=true`)).body,
    );
    expect(withArchived.data.flatMap((c) => c.cards).map((c) => c.id)).toContain(other.id);
    await makeCard(owner.api, column.id, { title: "Second" });
    const page = await ok<{ data: unknown[]; next_cursor: string | null }>(client, "list_projects", {
      limit: 1,
    });
    expect(page.data).toHaveLength(1);
    expect(page.next_cursor).toBeNull();
  });

  it("claim_next_card claims the next agent card as the token's user", async () => {
    const { owner, project, column } = await makeBoard(t);
    const client = await connect(owner.token, "?toolsets=core");
    // Nothing to claim (HTTP 204): a result saying so and why, not an error.
    expect(await ok(client, "claim_next_card", { project_id: project.id })).toEqual({
      result: null,
      reason:
        "No card is eligible: the project has no unarchived card with owner_type agent outside done columns.",
    });
    const human = await makeCard(owner.api, column.id, { title: "Human work" });
    const agentCard = await makeCard(owner.api, column.id, { title: "Agent work", owner_type: "agent" });
    const gated = await makeCard(owner.api, column.id, { title: "Gated", owner_type: "agent" });
    const claimed = await ok<Card>(client, "claim_next_card", { project_id: project.id });
    expect(claimed).toMatchObject({ id: agentCard.id, claimed_by: owner.user.id });
    expect(claimed.claim_expires_at).toEqual(expect.any(String));
    expect((await owner.api.get(`/cards/${agentCard.id}`)).body).toMatchObject({ claimed_by: owner.user.id });
    expect((await owner.api.get(`/cards/${human.id}`)).body.claimed_by).toBeNull();

    // A criterion for every card: the other agent card waits for its gate, the first is claimed.
    const criterion = await owner.api.post(`/projects/${project.id}/gate-criteria`, { text: "Spec agreed" });
    expect(criterion.status).toBe(201);
    expect(await ok(client, "claim_next_card", { project_id: project.id })).toEqual({
      result: null,
      reason:
        "No card is eligible: of 2 agent cards outside done columns, 1 claimed by someone with a live " +
        "lease, 1 waiting for their entry gate (see get_card_gate). 1 human card is never offered: set " +
        "owner_type to agent (update_card) for work an agent may take.",
    });
    expect((await owner.api.get(`/cards/${gated.id}`)).body.claimed_by).toBeNull();
    // HTTP still answers 204 with an empty body.
    const http = await owner.api.post(`/projects/${project.id}/claim-next`, {});
    expect(http.status).toBe(204);
    expect(http.text).toBe("");
  });

  it("answers API errors as tool errors with the API's code and message", async () => {
    const { owner, column } = await makeBoard(t);
    const client = await connect(owner.token);
    const missing = await call(client, "get_card", { card_id: "0190c1d2-5b1e-7c3a-9f00-1a2b3c4d5e6f" });
    expectToolError(missing, "not_found");

    const invalid = await call(client, "create_card", { column_id: column.id, title: "" });
    expect(expectToolError(invalid, "validation_failed").details).toEqual([
      { path: "title", message: expect.any(String) },
    ]);
    expect(
      expectToolError(
        await call(client, "create_card", { column_id: column.id, title: "x", bogus: 1 }),
        "validation_failed",
      ).details,
    ).toEqual([{ path: "bogus", message: "Unknown field." }]);
    // A malformed id names nothing: not_found, as over HTTP (/cards/7).
    expectToolError(await call(client, "get_card", { card_id: "7" }), "not_found");
    expectToolError(await call(client, "move_card", { card_id: "x", to_column_id: column.id }), "not_found");
    // An unknown tool is not a tool result: JSON-RPC invalid params, as the MCP specification says.
    await expect(call(client, "no_such_tool", {})).rejects.toMatchObject({
      code: -32602,
      message: "MCP error -32602: Unknown tool: no_such_tool. tools/list names this session's tools.",
    });
  });

  it("acts with the token user's role: a viewer reads but cannot write", async () => {
    const { owner, project, column } = await makeBoard(t);
    const viewer = await makeUser(t);
    await addMember(owner.api, project.id, viewer, "viewer");
    const card = await makeCard(owner.api, column.id);
    const client = await connect(viewer.token);
    expect(await ok<Card>(client, "get_card", { card_id: card.id })).toMatchObject({ id: card.id });
    expectToolError(await call(client, "create_card", { column_id: column.id, title: "Nope" }), "forbidden");
    expectToolError(await call(client, "update_card", { card_id: card.id, title: "Nope" }), "forbidden");
    expect((await owner.api.get(`/projects/${project.id}/columns`)).body.data[0].cards).toHaveLength(1);
    // A stranger does not even see it.
    const stranger = await connect((await makeUser(t)).token);
    expectToolError(await call(stranger, "get_card", { card_id: card.id }), "not_found");
  });

  it("toolsets=core lists only the core tools; a group list; an unknown name is 400", async () => {
    const { owner } = await makeBoard(t);
    const core = await allTools(await connect(owner.token, "?toolsets=core"));
    expect(core.map((tool) => tool.name).sort()).toEqual([...CORE_TOOLSET].sort());
    const mixed = await allTools(await connect(owner.token, "?toolsets=labels,comments"));
    expect(mixed.map((tool) => tool.name)).toEqual(resolveToolsets("labels,comments").map((op) => op.name));
    const all = await allTools(await connect(owner.token, "?toolsets=all"));
    expect(all).toHaveLength(mcpOperations().length);

    // A tool outside the toolset cannot be called either; the error says which toolset has it.
    const coreClient = await connect(owner.token, "?toolsets=core");
    await expect(call(coreClient, "delete_project", { project_id: owner.user.id })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('delete_project is not in this session\'s toolsets: add "projects"'),
    });

    const res = await fetch(`${base}/mcp?toolsets=core,bogus`, {
      method: "POST",
      headers: { ...mcpHeaders, Authorization: `Bearer ${owner.token}` },
      body: JSON.stringify(initialize),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32000, message: expect.stringContaining('"bogus"') },
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

describe("an agent working from tool names and schemas alone", () => {
  /** The input field of `tool` that names a `resource`, as its schema says (required, a uuid, described). */
  function idField(tools: Tool[], name: string, resource: string): string {
    const tool = tools.find((candidate) => candidate.name === name);
    if (!tool) throw new Error(`${name} is not offered`);
    const field = `${resource}_id`;
    expect(tool.inputSchema.required).toContain(field);
    expect(tool.inputSchema.properties?.[field]).toMatchObject({
      type: "string",
      format: "uuid",
      description: expect.stringMatching(new RegExp(`^The ${resource}\\b`)),
    });
    return field;
  }

  it("finds the board, creates a card in a named column, claims it, publishes a plan and hands it off", async () => {
    // A team's project, set up over HTTP; the agent and a reviewer are members.
    const owner = await makeUser(t);
    const project = (await owner.api.post("/projects", { name: "Website" })).body as { id: string };
    await makeColumn(owner.api, project.id, { name: "Backlog" });
    await makeColumn(owner.api, project.id, { name: "In progress" });
    const agent = await makeUser(t, { name: "Agent" });
    const reviewer = await makeUser(t, { name: "Reviewer" });
    await addMember(owner.api, project.id, agent, "member");
    await addMember(owner.api, project.id, reviewer, "member");

    // The agent sees the core toolset only.
    const client = await connect(agent.token, "?toolsets=core");
    const tools = await allTools(client);
    const projects = await ok<{ data: Array<{ id: string; name: string }> }>(client, "list_projects", {});
    const website = projects.data.find((p) => p.name === "Website")!;
    const board = await ok<{ data: Array<{ id: string; name: string }> }>(client, "get_board", {
      [idField(tools, "get_board", "project")]: website.id,
    });
    const backlog = board.data.find((column) => column.name === "Backlog")!;
    const card = await ok<Card>(client, "create_card", {
      [idField(tools, "create_card", "column")]: backlog.id,
      title: "Fix the login page",
      owner_type: "agent",
    });
    expect(card.column_id).toBe(backlog.id);
    const claimed = await ok<Card>(client, "claim_next_card", {
      [idField(tools, "claim_next_card", "project")]: website.id,
    });
    expect(claimed).toMatchObject({ id: card.id, claimed_by: agent.user.id });
    const plan = await ok<{ version: number }>(client, "publish_plan", {
      [idField(tools, "publish_plan", "card")]: card.id,
      summary: "Reproduce, fix, test",
      steps: ["Reproduce", "Fix", "Test"],
      as_checklist: true,
    });
    expect(plan.version).toBe(1);
    const members = await ok<{ data: Array<{ user_id: string; name: string }> }>(client, "list_members", {
      [idField(tools, "list_members", "project")]: website.id,
    });
    const reviewerId = members.data.find((member) => member.name === "Reviewer")!.user_id;
    const handedOff = await ok<Card>(client, "handoff_card", {
      [idField(tools, "handoff_card", "card")]: card.id,
      note: "Fixed; please review.",
      to_user_id: reviewerId,
      owner_type: "human",
    });
    expect(handedOff).toMatchObject({ assignee_id: reviewerId, owner_type: "human", claimed_by: null });

    // The people on the board see all of it over HTTP.
    const read = (await owner.api.get(`/cards/${card.id}`)).body;
    expect(read).toMatchObject({ assignee_id: reviewerId, checklist_total: 3, plan: { version: 1 } });
    const comments = (await owner.api.get(`/cards/${card.id}/comments`)).body.data;
    expect(comments).toEqual([expect.objectContaining({ kind: "handoff", body: "Fixed; please review." })]);
  });

  it("refuses a bare id with validation_failed naming the field the tool takes", async () => {
    const { owner, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    const client = await connect(owner.token);
    expect(expectToolError(await call(client, "get_card", { id: card.id }), "validation_failed")).toEqual({
      code: "validation_failed",
      message: "Request is invalid.",
      details: [
        { path: "id", message: "Unknown field; get_card takes card_id (the card to read)." },
        { path: "card_id", message: "Required: the card to read." },
      ],
    });
    const create = expectToolError(
      await call(client, "create_card", { id: column.id, title: "x" }),
      "validation_failed",
    );
    expect(create.details).toEqual([
      {
        path: "id",
        message: "Unknown field; create_card takes column_id (the column to create the card in).",
      },
      { path: "column_id", message: "Required: the column to create the card in." },
    ]);
    // Nothing was created.
    expect((await owner.api.get(`/projects/${column.project_id}/columns`)).body.data[0].cards).toHaveLength(
      1,
    );
  });
});

describe("tools/list pagination", () => {
  it("pages by nextCursor and rejects a bad cursor", async () => {
    const owner = await makeUser(t);
    const mcp = createBoardMcpServer({
      operations: createOperations({
        db: t.database.db,
        files: new FileStore(t.attachmentsDir),
        publicUrl: "http://localhost:4000",
      }),
      actorOf: () => owner.user,
      catalog: toolCatalog(mcpOperations()),
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
