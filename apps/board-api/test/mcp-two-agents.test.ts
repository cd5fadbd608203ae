// Issue 26's two-agent test: two agents with the official MCP client (@modelcontextprotocol/sdk) on
// `core` alone — the URL a host such as Claude Code fixes — run the whole cycle: join by invitation,
// create cards with dependencies, preview the ready queue, claim (a blocked card is never offered),
// decompose, retry a create and a claim-next with the same idempotency key (one card, one lease),
// follow the project with wait_for_events (woken within a second of the other agent's move), notice
// an assignment and mark it read, finish (the claim released); then the mistakes an agent or its
// host makes on the transport.
import type { Card, Project } from "@org/contracts";
import { CORE_TOOLSET } from "@org/contracts";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { makeUser } from "../src/testing/fixtures.ts";
import { allTools, callTool, listenMcp, okTool, toolError } from "./helpers/mcp.ts";

let t: TestApp;
let mcp: Awaited<ReturnType<typeof listenMcp>>;

beforeAll(async () => {
  t = await createTestApp();
  mcp = await listenMcp(t);
});
afterAll(async () => {
  await mcp.close();
  await t.close();
});

interface Page<T> {
  data: T[];
  next_cursor: string | null;
}
interface EventPage {
  data: Array<{ seq: string; type: string; actor_id: string; data: Record<string, unknown> }>;
  next_after: string;
}
type Empty = { result: null; reason: string };

it("two agents on core alone: invitation, dependencies, ready queue, claims, decompose, retries, events, notifications, finish", async () => {
  // The person: a project from the kanban template, and an invitation for each agent.
  const owner = await makeUser(t, { name: "Owner" });
  const ada = await makeUser(t, { name: "Ada" });
  const bob = await makeUser(t, { name: "Bob" });
  const project = (await owner.api.post("/projects", { name: "Shop", template: "kanban" })).body as Project;
  for (const agent of [ada, bob]) {
    const invited = await owner.api.post(`/projects/${project.id}/members`, { user_id: agent.user.id });
    expect(invited.status).toBe(202);
  }

  // Each agent knows only the MCP URL (no ?toolsets=): core.
  const a = await mcp.connect(ada.token);
  const b = await mcp.connect(bob.token);
  expect((await allTools(a)).map((tool) => tool.name).sort()).toEqual([...CORE_TOOLSET].sort());

  // Join by invitation.
  for (const client of [a, b]) {
    const invitations = await okTool<Page<{ id: string; project_id: string }>>(
      client,
      "list_my_invitations",
      {},
    );
    const invitation = invitations.data.find((item) => item.project_id === project.id)!;
    await okTool(client, "accept_invitation", { invitation_id: invitation.id });
  }
  const projects = await okTool<Page<Project>>(a, "list_projects", {});
  expect(projects.data.map((found) => found.id)).toEqual([project.id]);
  const columns = (
    await okTool<Page<{ id: string; name: string; done: boolean }>>(a, "list_columns", {
      project_id: project.id,
    })
  ).data;
  const column = (name: string) => columns.find((found) => found.name === name)!.id;

  // Cards with a dependency: the API waits for the schema.
  const create = (title: string, extra: Record<string, unknown> = {}) =>
    okTool<Card>(a, "create_card", { column_id: column("Todo"), title, owner_type: "agent", ...extra });
  const schema = await create("Schema");
  const api = await create("API");
  await okTool(a, "add_blocker", { card_id: api.id, blocker_id: schema.id });
  // A retried create (same idempotency_key) makes one card.
  const docs = await create("Docs", { idempotency_key: "create-docs-1" });
  const docsAgain = await callTool(a, "create_card", {
    column_id: column("Todo"),
    title: "Docs",
    owner_type: "agent",
    idempotency_key: "create-docs-1",
  });
  expect(docsAgain.structuredContent).toMatchObject({ id: docs.id, number: docs.number });
  expect(docsAgain._meta).toEqual({ idempotent_replayed: true });
  const titled = await okTool<Page<Card>>(a, "find_cards", { project_id: project.id, q: "Docs" });
  expect(titled.data.map((card) => card.id)).toEqual([docs.id]);

  // The ready queue: the blocked card is not in it.
  const ready = await okTool<Page<Card>>(b, "list_ready_cards", { project_id: project.id });
  expect(ready.data.map((card) => card.title)).toEqual(["Schema", "Docs"]);

  // Bob claims the next card; his retry (same key, after a timeout say) returns it, one lease.
  const claimed = await okTool<Card>(b, "claim_next_card", {
    project_id: project.id,
    idempotency_key: "next-1",
  });
  expect(claimed).toMatchObject({ id: schema.id, claimed_by: bob.user.id });
  const retried = await callTool(b, "claim_next_card", { project_id: project.id, idempotency_key: "next-1" });
  expect(retried.structuredContent).toMatchObject({ id: schema.id, claimed_by: bob.user.id });
  const bobs = await okTool<Page<Card>>(b, "find_cards", { project_id: project.id, claimed_by: bob.user.id });
  expect(bobs.data.map((card) => card.id)).toEqual([schema.id]);
  // Ada gets Docs; the blocked API card is never offered, and the reason says so.
  expect(await okTool<Card>(a, "claim_next_card", { project_id: project.id })).toMatchObject({ id: docs.id });
  const none = await okTool<Empty>(a, "claim_next_card", { project_id: project.id });
  expect(none).toEqual({ result: null, reason: expect.stringContaining("1 blocked by cards not done yet") });

  // Bob splits the schema work; the children are ready agent cards after their parent.
  const split = await okTool<{ parent: Card; children: Card[] }>(b, "decompose_card", {
    card_id: schema.id,
    cards: [{ title: "Tables" }, { title: "Migrations", checklist: ["Write", "Apply"] }],
  });
  expect(split.children.map((child) => [child.title, child.parent_id, child.owner_type])).toEqual([
    ["Tables", schema.id, "agent"],
    ["Migrations", schema.id, "agent"],
  ]);

  // Ada follows the project: she is woken within a second of Bob's move.
  let after = (await okTool<EventPage>(a, "wait_for_events", { project_id: project.id, limit: 200 }))
    .next_after;
  for (;;) {
    const page = await okTool<EventPage>(a, "wait_for_events", { project_id: project.id, after, limit: 200 });
    if (page.data.length === 0) break;
    after = page.next_after;
  }
  const waiting = okTool<EventPage>(a, "wait_for_events", {
    project_id: project.id,
    after,
    wait_seconds: 20,
  });
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 300));
  const movedAt = Date.now();
  await okTool(b, "move_card", { card_id: split.children[0]!.id, to_column_id: column("Done") });
  const woken = await waiting;
  const wokenAt = Date.now();
  expect(woken.data[0]).toMatchObject({ type: "card.moved", actor_id: bob.user.id });
  expect(wokenAt - started).toBeGreaterThanOrEqual(300);
  expect(wokenAt - movedAt).toBeLessThan(1000);

  // Ada assigns the API card to Bob: he is notified, and marks it read.
  await okTool(a, "update_card", { card_id: api.id, assignee_id: bob.user.id });
  const unread = await okTool<Page<{ id: string; kind: string; card_id: string; actor_id: string }>>(
    b,
    "list_notifications",
    { unread: true },
  );
  expect(unread.data).toEqual([
    expect.objectContaining({ kind: "assigned", card_id: api.id, actor_id: ada.user.id }),
  ]);
  await okTool(b, "mark_notification_read", { notification_id: unread.data[0]!.id });
  expect((await okTool<Page<unknown>>(b, "list_notifications", { unread: true })).data).toEqual([]);

  // Finish: the parent goes to Done only once its children are; moving it releases Bob's claim.
  const early = toolError(
    await callTool(b, "move_card", { card_id: schema.id, to_column_id: column("Done") }),
  );
  expect(early).toMatchObject({ code: "conflict", message: expect.stringContaining("Migrations") });
  await okTool(b, "move_card", { card_id: split.children[1]!.id, to_column_id: column("Done") });
  const finished = await okTool<Card>(b, "move_card", { card_id: schema.id, to_column_id: column("Done") });
  expect(finished).toMatchObject({ column_id: column("Done"), claimed_by: null });
  const doneDocs = await okTool<Card>(a, "move_card", { card_id: docs.id, to_column_id: column("Done") });
  expect(doneDocs.claimed_by).toBeNull();
  // Its blocker done, the API card is ready — for Bob, its assignee, and not for Ada.
  expect(
    (await okTool<Page<Card>>(b, "list_ready_cards", { project_id: project.id })).data.map((c) => c.id),
  ).toEqual([api.id]);
  expect((await okTool<Page<Card>>(a, "list_ready_cards", { project_id: project.id })).data).toEqual([]);
  expect(await okTool<Card>(b, "claim_next_card", { project_id: project.id })).toMatchObject({ id: api.id });

  // What the person sees over HTTP is what the agents did.
  const board = (await owner.api.get(`/projects/${project.id}/columns`)).body as {
    data: Array<{ name: string; cards: Card[] }>;
  };
  const titles = (name: string) =>
    board.data.find((found) => found.name === name)!.cards.map((card) => card.title);
  expect(titles("Done").sort()).toEqual(["Docs", "Migrations", "Schema", "Tables"]);
  expect(titles("Todo")).toEqual(["API"]);
});

describe("the mistakes an agent or its host makes on the transport", () => {
  const headers = (token: string, extra: Record<string, string> = {}) => ({
    Authorization: `Bearer ${token}`,
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
    ...extra,
  });
  const list = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });

  it("a foreign Origin is 403, a typo in the session URL is 400, malformed JSON-RPC is -32700/-32600", async () => {
    const agent = await makeUser(t);
    const post = (body: string, extra: Record<string, string> = {}, query = "") =>
      fetch(`${mcp.base}/mcp${query}`, { method: "POST", headers: headers(agent.token, extra), body });

    const foreign = await post(list, { Origin: "https://attacker.example" });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32000 } });

    // The official client, given a URL with a typo, fails to connect instead of writing unguarded.
    await expect(mcp.connect(agent.token, { query: "?readonly=true" })).rejects.toThrow(/read_only/);
    for (const query of ["?readonly=true", "?toolset=all", "?toolsets=everything"]) {
      const res = await post(list, {}, query);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { code: -32000, message: expect.stringMatching(/allowed|use core, all/) },
      });
    }

    const notJson = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: { code: -32700 } });
    const notJsonRpc = await post(JSON.stringify({ id: 1, method: "tools/list" }));
    expect(notJsonRpc.status).toBe(400);
    expect(await notJsonRpc.json()).toMatchObject({ error: { code: -32600 } });
    const emptyBatch = await post("[]");
    expect(await emptyBatch.json()).toMatchObject({ error: { code: -32600 } });
    const badCall = await post(
      JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { tool: "get_card" } }),
    );
    expect(await badCall.json()).toMatchObject({ id: 2, error: { code: -32602 } });

    // A tool name with a typo names the right one.
    const client = await mcp.connect(agent.token);
    await expect(callTool(client, "list_ready_card", {})).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("Did you mean list_ready_cards?"),
    });
  });
});
