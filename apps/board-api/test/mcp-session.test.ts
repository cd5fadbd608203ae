// Two agents work one board through MCP's default toolset (`core`) alone, with the official
// client, knowing only the tools' names, descriptions and schemas. A person sets the project up
// over HTTP (the kanban template, labels, a gate on Review, the agents as members), as a person
// would in the web app; everything after that is the agents'.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CORE_TOOLSET, type Card, type Project } from "@org/contracts";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { addMember, makeUser } from "../src/testing/fixtures.ts";
import { allTools, listenMcp, okTool } from "./helpers/mcp.ts";

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
interface ColumnSummary {
  id: string;
  name: string;
  done: boolean;
}
interface Gate {
  satisfied: boolean;
  criteria: Array<{ id: string; text: string; acked: boolean }>;
}

/** Every call goes through a tool the session lists: an agent cannot call what it was not offered. */
function agent(client: Client, offered: Set<string>) {
  return <T>(name: string, args: Record<string, unknown> = {}) => {
    if (!offered.has(name)) throw new Error(`${name} is not offered`);
    return okTool<T>(client, name, args);
  };
}

it("two agents find, claim, plan, tick, gate, move, comment, hand off (noticed in notifications) and release on core alone", async () => {
  // The person: a project from the kanban template, two labels, a gate on Review, two agents.
  const owner = await makeUser(t, { name: "Owner" });
  const ada = await makeUser(t, { name: "Ada" });
  const bob = await makeUser(t, { name: "Bob" });
  const project = (await owner.api.post("/projects", { name: "Shop", template: "kanban" })).body as Project;
  for (const name of ["bug", "docs"]) {
    expect((await owner.api.post(`/projects/${project.id}/labels`, { name })).status).toBe(201);
  }
  await addMember(owner.api, project.id, ada, "member");
  await addMember(owner.api, project.id, bob, "member");

  const sessionA = await mcp.connect(ada.token);
  const sessionB = await mcp.connect(bob.token);
  const offered = new Set((await allTools(sessionA)).map((tool) => tool.name));
  expect([...offered].sort()).toEqual([...CORE_TOOLSET].sort());
  const a = agent(sessionA, offered);
  const b = agent(sessionB, offered);

  // Ada finds the project, its columns; the person gives the labels' ids with the task.
  const me = { id: ada.user.id };
  const projects = await a<Page<Project>>("list_projects");
  const projectId = projects.data.find((candidate) => candidate.name === "Shop")!.id;
  const columns = (await a<Page<ColumnSummary>>("list_columns", { project_id: projectId })).data;
  expect(columns.map((column) => [column.name, column.done])).toEqual([
    ["Backlog", false],
    ["Todo", false],
    ["In progress", false],
    ["Review", false],
    ["Done", true],
  ]);
  const column = (name: string) => columns.find((candidate) => candidate.name === name)!.id;
  const gate = await owner.api.post(`/projects/${project.id}/gate-criteria`, {
    text: "Tests pass",
    column_id: column("Review"),
  });
  expect(gate.status).toBe(201);
  const labels = (await owner.api.get(`/projects/${project.id}/labels`)).body.data as Array<{
    id: string;
    name: string;
  }>;
  const label = (name: string) => labels.find((candidate) => candidate.name === name)!.id;

  // Cards with labels and a checklist in one call each: two to do, one already done, one the
  // person keeps for themselves.
  const create = (column_id: string, title: string, extra: Record<string, unknown> = {}) =>
    a<Card>("create_card", {
      column_id,
      title,
      owner_type: "agent",
      label_ids: [label("bug")],
      checklist: ["Reproduce", "Fix"],
      ...extra,
    });
  const first = await create(column("Todo"), "Checkout fails");
  const second = await create(column("Todo"), "Cart rounding");
  const finished = await create(column("Done"), "Old bug");
  const theirs = await create(column("Todo"), "Owner's own", { assignee_id: owner.user.id });
  expect(first).toMatchObject({ owner_type: "agent", checklist_total: 2, checklist_done: 0 });
  expect(first.labels.map((attached) => attached.name)).toEqual(["bug"]);

  // claim-next never hands out a done card or someone else's.
  const claimedByA = await a<Card>("claim_next_card", { project_id: projectId });
  const claimedByB = await b<Card>("claim_next_card", { project_id: projectId });
  expect([claimedByA.id, claimedByB.id]).toEqual([first.id, second.id]);
  expect(claimedByA.claimed_by).toBe(me.id);
  const nothing = await a<{ result: null; reason: string }>("claim_next_card", { project_id: projectId });
  expect(nothing).toEqual({ result: null, reason: expect.any(String) });
  for (const card of [finished, theirs]) {
    expect((await a<Card>("get_card", { card_id: card.id })).claimed_by).toBeNull();
  }

  // Ada plans, ticks her checklist, labels, comments and moves the card along.
  await a("publish_plan", { card_id: first.id, summary: "Fix the total", steps: ["Write a test"] });
  const items = (await a<Page<{ id: string; text: string }>>("list_checklist", { card_id: first.id })).data;
  for (const item of items) await a("update_checklist_item", { item_id: item.id, done: true });
  await a("move_card", { card_id: first.id, to_column_id: column("In progress") });
  await a("create_comment", { card_id: first.id, body: "Found it: rounding in the tax step." });
  await a("move_card", { card_id: first.id, to_column_id: column("Review") });

  // Review's gate: read it, ack it.
  const before = await a<Gate>("get_card_gate", { card_id: first.id });
  expect(before).toMatchObject({ satisfied: false, criteria: [{ text: "Tests pass", acked: false }] });
  await a("ack_gate_criterion", {
    card_id: first.id,
    criterion_id: before.criteria[0]!.id,
    note: "CI green",
  });
  expect(await a<Gate>("get_card_gate", { card_id: first.id })).toMatchObject({ satisfied: true });

  // Ada hands the card to Bob for review; Bob finds it in his work.
  const members = (
    await a<Page<{ user_id: string; name: string }>>("list_members", { project_id: projectId })
  ).data;
  const bobId = members.find((member) => member.name === "Bob")!.user_id;
  await a("handoff_card", { card_id: first.id, to_user_id: bobId, note: "Please review the fix." });
  const handedOver = await a<Card>("get_card", { card_id: first.id });
  expect(handedOver).toMatchObject({ assignee_id: bobId, claimed_by: null, checklist_done: 2 });
  expect(handedOver.labels.map((attached) => attached.name)).toEqual(["bug"]);
  const bobsWork = await b<Page<Card>>("find_cards", { project_id: projectId, assignee_id: bobId });
  expect(bobsWork.data.map((card) => card.id)).toEqual([first.id]);
  const bobsClaims = await b<Page<Card>>("find_cards", { project_id: projectId, claimed_by: bobId });
  expect(bobsClaims.data.map((card) => card.id)).toEqual([second.id]);
  // Bob notices the handoff among his notifications, from Ada, with her note.
  const notifications = await b<Page<{ kind: string; card_id: string; actor_id: string; excerpt: string }>>(
    "list_notifications",
    { unread: true },
  );
  expect(notifications.data).toEqual([
    expect.objectContaining({
      kind: "handoff",
      card_id: first.id,
      actor_id: me.id,
      excerpt: expect.stringContaining("Please review"),
    }),
  ]);
  expect((await a<Page<unknown>>("list_notifications", {})).data).toEqual([]);
  const found = await b<Page<Card>>("find_cards", { project_id: projectId, number: first.number });
  expect(found.data.map((card) => card.id)).toEqual([first.id]);
  const comments = await b<Page<{ kind: string; body: string }>>("list_comments", { card_id: first.id });
  expect(comments.data.map((comment) => comment.kind)).toContain("handoff");

  // Bob takes the reviewed card to Done (which releases his claim) and gives back the one he no
  // longer works on (a handoff to nobody).
  await b("claim_card", { card_id: first.id });
  expect(await b<Card>("move_card", { card_id: first.id, to_column_id: column("Done") })).toMatchObject({
    claimed_by: null,
  });
  expect(await b<Card>("handoff_card", { card_id: second.id, note: "Not mine after all." })).toMatchObject({
    claimed_by: null,
  });

  // Released, the second card is Ada's next; the done ones and the person's never are.
  expect(await a<Card>("claim_next_card", { project_id: projectId })).toMatchObject({ id: second.id });
  const empty = await b<{ result: null; reason: string }>("claim_next_card", { project_id: projectId });
  expect(empty.result).toBeNull();

  // What the person sees over HTTP is what the agents did.
  const board = (await owner.api.get(`/projects/${project.id}/columns`)).body as {
    data: Array<{ name: string; cards: Card[] }>;
  };
  const titles = (name: string) =>
    board.data.find((candidate) => candidate.name === name)!.cards.map((card) => card.title);
  expect(titles("Done")).toEqual(["Old bug", "Checkout fails"]);
  expect(titles("Todo")).toEqual(["Cart rounding", "Owner's own"]);
});
