// Agents notice each other: a card handed off to a user, or assigned to them, shows in that user's
// notifications, whether it came through HTTP or MCP, and they read it and mark it read over MCP
// (list_notifications and mark_notification_read, in core).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { addMember, makeBoard, makeCard, makeUser } from "../src/testing/fixtures.ts";

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

/** An MCP session on the core toolset as the token's user. */
async function connect(token: string): Promise<Client> {
  const client = new Client({ name: "handoff-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp?toolsets=core`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function ok<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent as T;
}

interface NotificationList {
  data: Array<Record<string, unknown>>;
}

describe("handoff notifications", () => {
  it("agent A hands a card to B over MCP; B sees it in list_notifications", async () => {
    const { owner, project, column } = await makeBoard(t);
    const a = await makeUser(t, { name: "Agent A" });
    const b = await makeUser(t, { name: "Agent B" });
    await addMember(owner.api, project.id, a, "member");
    await addMember(owner.api, project.id, b, "member");
    const card = await makeCard(owner.api, column.id, { title: "Parser", owner_type: "agent" });
    const mcpA = await connect(a.token);
    const mcpB = await connect(b.token);

    expect((await ok<NotificationList>(mcpB, "list_notifications", {})).data).toEqual([]);
    await ok(mcpA, "claim_card", { card_id: card.id });
    const handed = await ok<{ assignee_id: string; claimed_by: string | null }>(mcpA, "handoff_card", {
      card_id: card.id,
      note: "Parser done;\n  tests   need a review.",
      to_user_id: b.user.id,
    });
    expect(handed).toMatchObject({ assignee_id: b.user.id, claimed_by: null });

    const seen = await ok<NotificationList>(mcpB, "list_notifications", { unread: true });
    const note = (await b.api.get(`/cards/${card.id}/comments`)).body.data.find(
      (comment: { kind: string }) => comment.kind === "handoff",
    );
    expect(seen.data).toEqual([
      {
        id: expect.any(String),
        kind: "handoff",
        project_id: project.id,
        project_name: project.name,
        card_id: card.id,
        card_number: card.number,
        card_title: "Parser",
        comment_id: note.id,
        actor_id: a.user.id,
        actor_name: "Agent A",
        excerpt: "Parser done; tests need a review.",
        webhook_id: null,
        webhook_url: null,
        read_at: null,
        created_at: expect.any(String),
      },
    ]);
    // The same over HTTP; nobody else is notified (not the one handing off, not the owner).
    expect((await b.api.get("/me/notifications")).body.data).toEqual(seen.data);
    expect((await a.api.get("/me/notifications")).body.data).toEqual([]);
    expect((await owner.api.get("/me/notifications")).body.data).toEqual([]);
  });

  it("a handoff over HTTP notifies too; one without to_user_id, or to yourself, notifies nobody", async () => {
    const { owner, project, column } = await makeBoard(t);
    const b = await makeUser(t);
    await addMember(owner.api, project.id, b, "member");
    const card = await makeCard(owner.api, column.id);
    const long = `${"word ".repeat(60)}end`;
    expect(
      (await owner.api.post(`/cards/${card.id}/handoff`, { note: long, to_user_id: b.user.id })).status,
    ).toBe(200);
    const [notification] = (await b.api.get("/me/notifications")).body.data;
    expect(notification).toMatchObject({ kind: "handoff", actor_id: owner.user.id });
    expect(notification.excerpt).toHaveLength(160);
    expect(notification.excerpt.endsWith("…")).toBe(true);

    await b.api.post(`/cards/${card.id}/handoff`, { note: "back to the pool", owner_type: "agent" });
    await b.api.post(`/cards/${card.id}/handoff`, { note: "mine", to_user_id: b.user.id });
    expect((await b.api.get("/me/notifications")).body.data).toHaveLength(1);
    expect((await owner.api.get("/me/notifications")).body.data).toEqual([]);
  });
});

describe("assignment notifications", () => {
  it("a card created or updated with someone else's assignee_id notifies them, over MCP and HTTP", async () => {
    const { owner, project, column } = await makeBoard(t);
    const a = await makeUser(t, { name: "Agent A" });
    const b = await makeUser(t, { name: "Agent B" });
    await addMember(owner.api, project.id, a, "member");
    await addMember(owner.api, project.id, b, "member");
    const mcpA = await connect(a.token);
    const mcpB = await connect(b.token);

    const card = await ok<{ id: string; number: number }>(mcpA, "create_card", {
      column_id: column.id,
      title: "Write   the\nlexer",
      assignee_id: b.user.id,
    });
    const unread = await ok<NotificationList>(mcpB, "list_notifications", { unread: true });
    expect(unread.data).toEqual([
      {
        id: expect.any(String),
        kind: "assigned",
        project_id: project.id,
        project_name: project.name,
        card_id: card.id,
        card_number: card.number,
        card_title: "Write   the\nlexer",
        comment_id: null,
        actor_id: a.user.id,
        actor_name: "Agent A",
        excerpt: "Write the lexer",
        webhook_id: null,
        webhook_url: null,
        read_at: null,
        created_at: expect.any(String),
      },
    ]);
    // B marks it read over MCP: the unread list is empty, the notification keeps its read_at.
    const read = await ok<{ id: string; read_at: string | null }>(mcpB, "mark_notification_read", {
      notification_id: unread.data[0]!.id,
    });
    expect(read).toMatchObject({ id: unread.data[0]!.id, read_at: expect.any(String) });
    expect((await ok<NotificationList>(mcpB, "list_notifications", { unread: true })).data).toEqual([]);

    // Over HTTP: updating the assignee to A notifies A; the same assignee again, or yourself, is silent.
    expect((await owner.api.patch(`/cards/${card.id}`, { assignee_id: a.user.id })).status).toBe(200);
    expect((await owner.api.patch(`/cards/${card.id}`, { assignee_id: a.user.id })).status).toBe(200);
    const forA = (await a.api.get("/me/notifications")).body.data;
    expect(forA).toEqual([
      expect.objectContaining({ kind: "assigned", card_id: card.id, actor_id: owner.user.id }),
    ]);
    await b.api.patch(`/cards/${card.id}`, { assignee_id: b.user.id });
    await makeCard(b.api, column.id, { title: "Mine", assignee_id: b.user.id });
    expect((await b.api.get("/me/notifications")).body.data).toHaveLength(1);
    // Clearing the assignee or editing other fields tells nobody.
    await owner.api.patch(`/cards/${card.id}`, { assignee_id: null, title: "Renamed" });
    expect((await a.api.get("/me/notifications")).body.data).toHaveLength(1);
    expect((await owner.api.get("/me/notifications")).body.data).toEqual([]);
  });
});
