// Dependencies between cards ("blocked by") and the ready queue, over HTTP and MCP (official client).
import type { Card } from "@org/contracts";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { addMember, makeBoard, makeCard, makeColumn, makeUser } from "../src/testing/fixtures.ts";
import { callTool, listenMcp, okTool, toolError } from "./helpers/mcp.ts";

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

async function teamBoard() {
  const board = await makeBoard(t);
  const done = (await board.owner.api.post(`/projects/${board.project.id}/columns`, { name: "Done" }))
    .body as { id: string };
  expect((await board.owner.api.patch(`/columns/${done.id}`, { done: true })).status).toBe(200);
  const agent = await makeUser(t);
  await addMember(board.owner.api, board.project.id, agent, "member");
  const agentCard = (title: string) =>
    makeCard(board.owner.api, board.column.id, { title, owner_type: "agent" });
  return { ...board, done, agent, agentCard };
}

const ref = (card: Card, done = false) => ({ id: card.id, number: card.number, title: card.title, done });

describe("blockers", () => {
  it("adds, lists on both sides and in get_card, removes; adding twice keeps one link", async () => {
    const { owner, agentCard } = await teamBoard();
    const a = await agentCard("Schema");
    const b = await agentCard("API");
    const added = await owner.api.post(`/cards/${b.id}/blockers`, { blocker_id: a.id });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ card_id: b.id, blocker_id: a.id, created_at: expect.any(String) });
    const again = await owner.api.post(`/cards/${b.id}/blockers`, { blocker_id: a.id });
    expect(again.body).toEqual(added.body);

    expect((await owner.api.get(`/cards/${b.id}/blockers`)).body).toEqual({
      data: [ref(a)],
      next_cursor: null,
    });
    expect((await owner.api.get(`/cards/${a.id}/blocking`)).body).toEqual({
      data: [ref(b)],
      next_cursor: null,
    });
    expect((await owner.api.get(`/cards/${a.id}/blockers`)).body.data).toEqual([]);
    const got = await owner.api.get(`/cards/${b.id}`);
    expect(got.body).toMatchObject({ blocked_by: [ref(a)], blocks: [] });
    expect((await owner.api.get(`/cards/${a.id}`)).body).toMatchObject({ blocked_by: [], blocks: [ref(b)] });

    expect((await owner.api.delete(`/cards/${b.id}/blockers/${a.id}`)).status).toBe(204);
    expect((await owner.api.delete(`/cards/${b.id}/blockers/${a.id}`)).status).toBe(204);
    expect((await owner.api.get(`/cards/${b.id}`)).body.blocked_by).toEqual([]);
  });

  it("refuses a cycle naming its path, a card of another project, a number and a viewer", async () => {
    const { owner, project, agentCard } = await teamBoard();
    const [a, b, c] = [await agentCard("A"), await agentCard("B"), await agentCard("C")];
    await owner.api.post(`/cards/${b.id}/blockers`, { blocker_id: a.id });
    await owner.api.post(`/cards/${c.id}/blockers`, { blocker_id: b.id });
    const cycle = await owner.api.post(`/cards/${a.id}/blockers`, { blocker_id: c.id });
    expect(cycle.status).toBe(409);
    expect(cycle.body.error.code).toBe("conflict");
    expect(cycle.body.error.message).toContain(`#${a.number} → #${c.number} → #${b.number} → #${a.number}`);
    const self = await owner.api.post(`/cards/${a.id}/blockers`, { blocker_id: a.id });
    expect(self.status).toBe(409);
    expect(self.body.error.message).toContain(`#${a.number} → #${a.number}`);

    const elsewhere = await makeBoard(t);
    const foreign = await makeCard(elsewhere.owner.api, elsewhere.column.id);
    const cross = await owner.api.post(`/cards/${a.id}/blockers`, { blocker_id: foreign.id });
    expect(cross.status).toBe(422);
    expect(cross.body.error.details).toEqual([
      { path: "blocker_id", message: expect.stringContaining("Not a card of this card's project") },
    ]);
    expect((await owner.api.post(`/cards/${a.id}/blockers`, { blocker_id: `#${b.number}` })).status).toBe(
      422,
    );

    const viewer = await makeUser(t);
    await addMember(owner.api, project.id, viewer, "viewer");
    expect((await viewer.api.post(`/cards/${c.id}/blockers`, { blocker_id: a.id })).status).toBe(403);
    expect((await viewer.api.get(`/cards/${c.id}/blockers`)).status).toBe(200);
    const stranger = await makeUser(t);
    expect((await stranger.api.get(`/cards/${c.id}/blockers`)).status).toBe(404);
  });

  it("concurrent opposite links never make a cycle", async () => {
    const { owner, agentCard } = await teamBoard();
    const a = await agentCard("A");
    const b = await agentCard("B");
    const results = await Promise.all([
      owner.api.post(`/cards/${a.id}/blockers`, { blocker_id: b.id }),
      owner.api.post(`/cards/${b.id}/blockers`, { blocker_id: a.id }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
  });
});

describe("the ready queue", () => {
  it("claim-next never offers a blocked card; list_ready_cards previews its order without claiming", async () => {
    const { owner, project, column, done, agent, agentCard } = await teamBoard();
    const first = await agentCard("First");
    const second = await agentCard("Second");
    const third = await agentCard("Third");
    await makeCard(owner.api, column.id, { title: "Human" });
    await owner.api.post(`/cards/${first.id}/blockers`, { blocker_id: third.id });

    const ready = await agent.api.get(`/projects/${project.id}/ready`);
    expect(ready.status).toBe(200);
    expect(ready.body.data.map((card: Card) => card.id)).toEqual([second.id, third.id]);
    expect(ready.body.next_cursor).toBeNull();
    expect((await agent.api.get(`/projects/${project.id}/ready?limit=1`)).body.data).toHaveLength(1);
    expect((await agent.api.get(`/projects/${project.id}/ready?limit=0`)).status).toBe(422);
    // Nothing was claimed.
    expect((await agent.api.get(`/cards/${second.id}`)).body.claimed_by).toBeNull();

    const claimed = await agent.api.post(`/projects/${project.id}/claim-next`, {});
    expect(claimed.body.id).toBe(second.id);
    expect((await agent.api.post(`/projects/${project.id}/claim-next`, {})).body.id).toBe(third.id);
    // The first waits for the third: nothing more to claim.
    expect((await agent.api.post(`/projects/${project.id}/claim-next`, {})).status).toBe(204);
    expect((await agent.api.get(`/projects/${project.id}/ready`)).body.data).toEqual([]);

    // The blocker done: the first is ready and claimable.
    await owner.api.post(`/cards/${third.id}/move`, { to_column_id: done.id });
    expect((await owner.api.get(`/cards/${first.id}`)).body.blocked_by).toEqual([
      { ...ref(third), done: true },
    ]);
    expect((await agent.api.get(`/projects/${project.id}/ready`)).body.data.map((c: Card) => c.id)).toEqual([
      first.id,
    ]);
    expect((await agent.api.post(`/projects/${project.id}/claim-next`, {})).body.id).toBe(first.id);
  });

  it("an archived blocker no longer blocks", async () => {
    const { owner, project, agent, agentCard } = await teamBoard();
    const waiting = await agentCard("Waiting");
    const blocker = await makeCard(owner.api, (await makeColumn(owner.api, project.id)).id, { title: "B" });
    await owner.api.post(`/cards/${waiting.id}/blockers`, { blocker_id: blocker.id });
    expect((await agent.api.get(`/projects/${project.id}/ready`)).body.data).toEqual([]);
    await owner.api.post(`/cards/${blocker.id}/archive`);
    expect((await agent.api.get(`/projects/${project.id}/ready`)).body.data.map((c: Card) => c.id)).toEqual([
      waiting.id,
    ]);
  });

  it("the ready queue follows every change of a blocker: done column toggled, reopened, archived, deleted", async () => {
    const { owner, project, agent, agentCard } = await teamBoard();
    const readyIds = async () =>
      ((await agent.api.get(`/projects/${project.id}/ready`)).body.data as Card[]).map((c) => c.id);
    const waiting = await agentCard("Waiting");
    const side = await makeColumn(owner.api, project.id);
    const blocker = await makeCard(owner.api, side.id, { title: "Blocker" });
    const other = await makeCard(owner.api, side.id, { title: "Other blocker" });
    await owner.api.post(`/cards/${waiting.id}/blockers`, { blocker_id: blocker.id });
    expect(await readyIds()).toEqual([]);
    // The blocker's column becomes a done column, then stops being one.
    expect((await owner.api.patch(`/columns/${side.id}`, { done: true })).status).toBe(200);
    expect(await readyIds()).toEqual([waiting.id]);
    // A second link to a card of a done column does not block either.
    await owner.api.post(`/cards/${waiting.id}/blockers`, { blocker_id: other.id });
    expect(await readyIds()).toEqual([waiting.id]);
    expect((await owner.api.patch(`/columns/${side.id}`, { done: false })).status).toBe(200);
    expect(await readyIds()).toEqual([]);
    // Archived, unarchived, deleted: only the other blocker is left, then none.
    await owner.api.post(`/cards/${blocker.id}/archive`);
    await owner.api.post(`/cards/${other.id}/archive`);
    expect(await readyIds()).toEqual([waiting.id]);
    await owner.api.post(`/cards/${blocker.id}/unarchive`);
    expect(await readyIds()).toEqual([]);
    expect((await owner.api.delete(`/cards/${blocker.id}`)).status).toBe(204);
    expect(await readyIds()).toEqual([waiting.id]);
    expect((await agent.api.post(`/projects/${project.id}/claim-next`, {})).body.id).toBe(waiting.id);
  });

  it("links added while their blockers go to a done column leave no card wrongly blocked", async () => {
    const { owner, project, done, agent, agentCard } = await teamBoard();
    const side = await makeColumn(owner.api, project.id);
    const pairs = [];
    for (let i = 0; i < 6; i++) {
      pairs.push({ waiting: await agentCard(`W${i}`), blocker: await makeCard(owner.api, side.id) });
    }
    await Promise.all(
      pairs.flatMap(({ waiting, blocker }) => [
        owner.api.post(`/cards/${waiting.id}/blockers`, { blocker_id: blocker.id }),
        owner.api.post(`/cards/${blocker.id}/move`, { to_column_id: done.id }),
      ]),
    );
    const ready = (await agent.api.get(`/projects/${project.id}/ready`)).body.data as Card[];
    expect(ready.map((c) => c.id).sort()).toEqual(pairs.map(({ waiting }) => waiting.id).sort());
  });

  it("over MCP: add_blocker, list_ready_cards, and claim_next_card's reason counts blocked cards", async () => {
    const { owner, project, agent, agentCard } = await teamBoard();
    const a = await agentCard("A");
    const b = await agentCard("B");
    const client = await mcp.connect(agent.token, { query: "?toolsets=core,dependencies,claims" });
    expect(await okTool(client, "add_blocker", { card_id: b.id, blocker_id: a.id })).toMatchObject({
      card_id: b.id,
      blocker_id: a.id,
    });
    const cycle = toolError(await callTool(client, "add_blocker", { card_id: a.id, blocker_id: b.id }));
    expect(cycle.code).toBe("conflict");
    expect(cycle.message).toContain(`#${a.number} → #${b.number} → #${a.number}`);
    const ready = await okTool<{ data: Card[] }>(client, "list_ready_cards", { project_id: project.id });
    expect(ready.data.map((card) => card.id)).toEqual([a.id]);
    expect(await okTool(client, "claim_next_card", { project_id: project.id })).toMatchObject({ id: a.id });
    expect(await okTool(client, "claim_next_card", { project_id: project.id })).toEqual({
      result: null,
      reason:
        "No card is eligible: of 2 agent cards outside done columns, 1 claimed by someone with a live lease, " +
        "1 blocked by cards not done yet (get_card shows their blocked_by; list_ready_cards what is ready).",
    });
    await okTool(client, "remove_blocker", { card_id: b.id, blocker_id: a.id });
    expect(await okTool(client, "claim_next_card", { project_id: project.id })).toMatchObject({ id: b.id });
    expect((await owner.api.get(`/cards/${b.id}`)).body.blocked_by).toEqual([]);
  });
});

describe("parents, children and done columns", () => {
  it("decomposed children take label_ids, body, checklist and inherit owner_type, priority and labels", async () => {
    const { owner, project, column } = await teamBoard();
    const label = (await owner.api.post(`/projects/${project.id}/labels`, { name: "backend" })).body;
    const other = (await owner.api.post(`/projects/${project.id}/labels`, { name: "docs" })).body;
    const priority = (await owner.api.post(`/projects/${project.id}/priorities`, { name: "P1" })).body;
    const parent = await makeCard(owner.api, column.id, {
      title: "Parent",
      owner_type: "agent",
      priority_id: priority.id,
      label_ids: [label.id],
    });
    const res = await owner.api.post(`/cards/${parent.id}/decompose`, {
      cards: [
        { title: "Inherits" },
        {
          title: "Own",
          body: "Details",
          label_ids: [other.id],
          checklist: ["one", "two"],
          owner_type: "human",
        },
        { title: "No labels", label_ids: [] },
      ],
    });
    expect(res.status).toBe(201);
    const [inherits, own, bare] = res.body.children as Card[];
    expect(inherits).toMatchObject({ owner_type: "agent", priority_id: priority.id, body: "" });
    expect(inherits!.labels.map((l) => l.id)).toEqual([label.id]);
    expect(own).toMatchObject({
      owner_type: "human",
      body: "Details",
      checklist_done: 0,
      checklist_total: 2,
    });
    expect(own!.labels.map((l) => l.id)).toEqual([other.id]);
    expect(bare!.labels).toEqual([]);
    const items = (await owner.api.get(`/cards/${own!.id}/checklist`)).body.data;
    expect(items.map((item: { text: string }) => item.text)).toEqual(["one", "two"]);

    const bad = await owner.api.post(`/cards/${parent.id}/decompose`, {
      cards: [{ title: "x" }, { title: "y", label_ids: [parent.id] }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toEqual([
      { path: "cards.1.label_ids.0", message: "Not a label of the project (list_labels has them)." },
    ]);
  });

  it("over MCP: children inherit by default, priority_id null and label_ids [] clear, and claim-next offers them", async () => {
    const { owner, project, column, agent } = await teamBoard();
    const label = (await owner.api.post(`/projects/${project.id}/labels`, { name: "api" })).body;
    const priority = (await owner.api.post(`/projects/${project.id}/priorities`, { name: "P0" })).body;
    const parent = await makeCard(owner.api, column.id, {
      title: "Parent",
      body: "The parent's own text",
      owner_type: "agent",
      priority_id: priority.id,
      label_ids: [label.id],
    });
    const client = await mcp.connect(owner.token, { query: "?toolsets=all" });
    const { children } = await okTool<{ children: Card[] }>(client, "decompose_card", {
      card_id: parent.id,
      cards: [
        { title: "Inherits", body: "Child text" },
        { title: "Plain", priority_id: null, label_ids: [] },
      ],
    });
    const [inherits, plain] = children as [Card, Card];
    expect(inherits).toMatchObject({
      parent_id: parent.id,
      body: "Child text",
      owner_type: "agent",
      priority_id: priority.id,
      labels: [expect.objectContaining({ id: label.id })],
    });
    expect(plain).toMatchObject({ body: "", owner_type: "agent", priority_id: null, labels: [] });
    // Children that inherit owner_type agent are in the ready queue another agent claims from.
    const agentClient = await mcp.connect(agent.token);
    const ready = await okTool<{ data: Card[] }>(agentClient, "list_ready_cards", { project_id: project.id });
    expect(ready.data.map((card) => card.id)).toEqual(expect.arrayContaining([inherits.id, plain.id]));
    // A name where a child's label id goes is told where label ids come from.
    const error = toolError(
      await callTool(client, "decompose_card", {
        card_id: parent.id,
        cards: [{ title: "x", label_ids: ["api"] }],
      }),
    );
    expect(error.details).toEqual([
      {
        path: "cards.0.label_ids.0",
        message:
          'Expected a label id (UUID), got "api": list_labels gives them (HTTP: GET /projects/{project_id}/labels).',
      },
    ]);
  });

  it("a parent enters a done column only with its children done (409 naming them) or with force", async () => {
    const { owner, done, agentCard } = await teamBoard();
    const parent = await agentCard("Parent");
    const children = (
      await owner.api.post(`/cards/${parent.id}/decompose`, {
        cards: [{ title: "Schema" }, { title: "API" }],
      })
    ).body.children as Card[];
    const [schema, api] = children as [Card, Card];
    const refused = await owner.api.post(`/cards/${parent.id}/move`, { to_column_id: done.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      `The card has 2 children that are not done: #${schema.number} "Schema", #${api.number} "API". ` +
        "Move them to a done column (or archive them) first, or pass force: true.",
    );
    await owner.api.post(`/cards/${schema.id}/move`, { to_column_id: done.id });
    await owner.api.post(`/cards/${api.id}/archive`);
    expect((await owner.api.post(`/cards/${parent.id}/move`, { to_column_id: done.id })).status).toBe(200);

    const other = await agentCard("Other parent");
    await owner.api.post(`/cards/${other.id}/decompose`, { cards: [{ title: "Open" }] });
    const forced = await owner.api.post(`/cards/${other.id}/move`, { to_column_id: done.id, force: true });
    expect(forced.status).toBe(200);
    expect(forced.body.column_id).toBe(done.id);
  });

  it("moving a card into a done column releases its claim", async () => {
    const { owner, done, agent, agentCard } = await teamBoard();
    const card = await agentCard("Finish me");
    expect((await agent.api.post(`/cards/${card.id}/claim`)).status).toBe(200);
    const moved = await agent.api.post(`/cards/${card.id}/move`, { to_column_id: done.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ claimed_by: null, claimed_at: null, claim_expires_at: null });
    // Moving within ordinary columns keeps it.
    const kept = await agentCard("Keep my claim");
    await agent.api.post(`/cards/${kept.id}/claim`);
    const elsewhere = await makeColumn(owner.api, card.project_id, { name: "Review" });
    expect(
      (await agent.api.post(`/cards/${kept.id}/move`, { to_column_id: elsewhere.id })).body.claimed_by,
    ).toBe(agent.user.id);
  });
});
