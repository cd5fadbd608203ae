import { createTestApp, type TestApp } from "../src/testing/app.ts";
import {
  addMember,
  makeBoard,
  makeCard,
  makeColumn,
  makeUser,
  type Client,
} from "../src/testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function teamBoard() {
  const board = await makeBoard(t);
  const agent = await makeUser(t);
  const viewer = await makeUser(t);
  await addMember(board.owner.api, board.project.id, agent, "member");
  await addMember(board.owner.api, board.project.id, viewer, "viewer");
  return { ...board, agent, viewer };
}

async function columnCards(api: Client, projectId: string) {
  const res = await api.get(`/projects/${projectId}/columns`);
  return res.body.data[0].cards as Array<{ id: string; position: number; number: number }>;
}

describe("plans", () => {
  it("versions count up, as_checklist appends the steps, GET /cards/{card_id} shows the latest", async () => {
    const { column, agent, viewer } = await teamBoard();
    const card = await makeCard(agent.api, column.id);
    expect((await agent.api.get(`/cards/${card.id}`)).body.plan).toBeNull();
    const first = await agent.api.post(`/cards/${card.id}/plan`, { summary: "Do it", steps: ["a", "b"] });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      card_id: card.id,
      version: 1,
      summary: "Do it",
      steps: ["a", "b"],
      author_id: agent.user.id,
      created_at: expect.any(String),
    });
    expect((await agent.api.get(`/cards/${card.id}/checklist`)).body.data).toEqual([]);
    const second = await agent.api.post(`/cards/${card.id}/plan`, {
      summary: "Better",
      steps: ["x", "y", "z"],
      as_checklist: true,
    });
    expect(second.body.version).toBe(2);
    const got = (await viewer.api.get(`/cards/${card.id}`)).body;
    expect(got.plan).toEqual(second.body);
    expect(got).toMatchObject({ checklist_total: 3, checklist_done: 0 });
    const items = (await agent.api.get(`/cards/${card.id}/checklist`)).body.data;
    expect(items.map((item: { text: string; position: number }) => [item.text, item.position])).toEqual([
      ["x", 0],
      ["y", 1],
      ["z", 2],
    ]);
    expect((await agent.api.post(`/cards/${card.id}/plan`, { steps: [] })).status).toBe(422);
    expect((await viewer.api.post(`/cards/${card.id}/plan`, { summary: "no" })).status).toBe(403);
  });

  it("concurrent publishes get distinct versions", async () => {
    const { column, agent } = await teamBoard();
    const card = await makeCard(agent.api, column.id);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => agent.api.post(`/cards/${card.id}/plan`, { summary: `v${i}` })),
    );
    expect(results.map((res) => res.body.version).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe("decompose", () => {
  it("places children right after the parent with new numbers and parent_id; positions stay dense", async () => {
    const { owner, project, column, agent } = await teamBoard();
    const prio = (await owner.api.post(`/projects/${project.id}/priorities`, { name: "P0" })).body;
    const before = await makeCard(agent.api, column.id, { title: "before" });
    const parent = await makeCard(agent.api, column.id, {
      title: "parent",
      owner_type: "agent",
      priority_id: prio.id,
    });
    const after = await makeCard(agent.api, column.id, { title: "after" });
    const res = await agent.api.post(`/cards/${parent.id}/decompose`, {
      cards: [
        { title: "one", body: "b1" },
        { title: "two", owner_type: "human", priority_id: null },
        { title: "three" },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.parent).toMatchObject({ id: parent.id, position: 1 });
    const children = res.body.children as Array<Record<string, unknown>>;
    expect(children.map((c) => [c.title, c.number, c.position, c.parent_id, c.column_id])).toEqual([
      ["one", 4, 2, parent.id, column.id],
      ["two", 5, 3, parent.id, column.id],
      ["three", 6, 4, parent.id, column.id],
    ]);
    expect(children[0]).toMatchObject({ body: "b1", owner_type: "agent", priority_id: prio.id });
    expect(children[1]).toMatchObject({ owner_type: "human", priority_id: null });
    const cards = await columnCards(agent.api, project.id);
    expect(cards.map((card) => card.id)).toEqual([
      before.id,
      parent.id,
      ...children.map((c) => c.id),
      after.id,
    ]);
    expect(cards.map((card) => card.position)).toEqual([0, 1, 2, 3, 4, 5]);
    expect((await makeCard(agent.api, column.id)).number).toBe(7);
  });

  it("validates 1..50 children, priorities of the project; archived parent conflicts", async () => {
    const { owner, column, agent, viewer } = await teamBoard();
    const parent = await makeCard(agent.api, column.id);
    expect((await agent.api.post(`/cards/${parent.id}/decompose`, { cards: [] })).status).toBe(422);
    const fifty = Array.from({ length: 50 }, (_, i) => ({ title: `c${i}` }));
    const tooMany = await agent.api.post(`/cards/${parent.id}/decompose`, {
      cards: [...fifty, { title: "x" }],
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.details[0].path).toBe("cards");
    const other = await makeBoard(t);
    const foreign = (await other.owner.api.post(`/projects/${other.project.id}/priorities`, { name: "P" }))
      .body;
    const bad = await agent.api.post(`/cards/${parent.id}/decompose`, {
      cards: [{ title: "a" }, { title: "b", priority_id: foreign.id }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toEqual([{ path: "cards.1.priority_id", message: expect.any(String) }]);
    expect((await viewer.api.post(`/cards/${parent.id}/decompose`, { cards: [{ title: "a" }] })).status).toBe(
      403,
    );
    const ok = await agent.api.post(`/cards/${parent.id}/decompose`, { cards: fifty });
    expect(ok.status).toBe(201);
    expect(ok.body.children).toHaveLength(50);
    await owner.api.post(`/cards/${parent.id}/archive`);
    expect((await agent.api.post(`/cards/${parent.id}/decompose`, { cards: [{ title: "a" }] })).status).toBe(
      409,
    );
  });
});

describe("handoff", () => {
  it("releases the claim, sets assignee, owner_type and work_phase, and lists the note as a handoff", async () => {
    const { owner, column, agent } = await teamBoard();
    const card = await makeCard(agent.api, column.id, { owner_type: "agent" });
    await agent.api.post(`/cards/${card.id}/claim`);
    await agent.api.post(`/cards/${card.id}/comments`, { body: "working" });
    const res = await agent.api.post(`/cards/${card.id}/handoff`, {
      note: "Needs a human review",
      to_user_id: owner.user.id,
      owner_type: "human",
      work_phase: "review",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: card.id,
      claimed_by: null,
      claimed_at: null,
      claim_expires_at: null,
      assignee_id: owner.user.id,
      owner_type: "human",
      work_phase: "review",
    });
    const comments = (await owner.api.get(`/cards/${card.id}/comments`)).body.data;
    expect(comments.map((c: { body: string; kind: string }) => [c.body, c.kind])).toEqual([
      ["working", "comment"],
      ["Needs a human review", "handoff"],
    ]);
    expect(comments[1].author_id).toBe(agent.user.id);
  });

  it("someone else's live claim: forbidden unless admin; to_user_id must be a member", async () => {
    const { owner, project, column, agent } = await teamBoard();
    const second = await makeUser(t);
    await addMember(owner.api, project.id, second, "member");
    const card = await makeCard(agent.api, column.id);
    await agent.api.post(`/cards/${card.id}/claim`);
    expect((await second.api.post(`/cards/${card.id}/handoff`, { note: "mine now" })).status).toBe(403);
    const stranger = await makeUser(t);
    const bad = await agent.api.post(`/cards/${card.id}/handoff`, {
      note: "x",
      to_user_id: stranger.user.id,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toEqual([{ path: "to_user_id", message: expect.any(String) }]);
    expect((await agent.api.post(`/cards/${card.id}/handoff`, { note: "" })).status).toBe(422);
    const byAdmin = await owner.api.post(`/cards/${card.id}/handoff`, {
      note: "taking over",
      owner_type: "agent",
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ claimed_by: null, owner_type: "agent", assignee_id: null });
  });
});

describe("rot", () => {
  async function age(cardId: string, hours: number) {
    await t.database.db.$executeRaw`
      UPDATE cards SET updated_at = (now() AT TIME ZONE 'UTC') - ${hours}::int * interval '1 hour',
        claimed_at = CASE WHEN claimed_at IS NULL THEN NULL
          ELSE (now() AT TIME ZONE 'UTC') - ${hours}::int * interval '1 hour' END
      WHERE id = ${cardId}::uuid`;
  }

  it("reports claimed_idle, claim_expired, no_activity and overdue, most idle first", async () => {
    const { project, column, agent, viewer } = await teamBoard();
    const fresh = await makeCard(agent.api, column.id, { title: "fresh" });
    const idleClaimed = await makeCard(agent.api, column.id, { title: "idle claimed" });
    await agent.api.post(`/cards/${idleClaimed.id}/claim`, { lease_seconds: 86_400 });
    await age(idleClaimed.id, 100);
    const expired = await makeCard(agent.api, column.id, { title: "expired" });
    await agent.api.post(`/cards/${expired.id}/claim`, { lease_seconds: 60 });
    await t.database.db.$executeRaw`
      UPDATE cards SET claim_expires_at = (now() AT TIME ZONE 'UTC') - interval '1 minute' WHERE id = ${expired.id}::uuid`;
    await age(expired.id, 10);
    const untouched = await makeCard(agent.api, column.id, { title: "untouched" });
    await age(untouched.id, 200);
    const overdue = await makeCard(agent.api, column.id, {
      title: "overdue",
      due_at: "2020-01-01T00:00:00Z",
    });
    // A recent comment is activity: an old card with one is not stale.
    const talked = await makeCard(agent.api, column.id, { title: "talked" });
    await age(talked.id, 300);
    await agent.api.post(`/cards/${talked.id}/comments`, { body: "still on it" });
    const archived = await makeCard(agent.api, column.id, { title: "archived" });
    await agent.api.post(`/cards/${archived.id}/archive`);
    await age(archived.id, 500);

    const res = await viewer.api.get(`/projects/${project.id}/rot`);
    expect(res.status).toBe(200);
    const rows = res.body.data as Array<{ card: { id: string }; reasons: string[]; idle_hours: number }>;
    expect(rows.map((row) => [row.card.id, row.reasons])).toEqual([
      [untouched.id, ["no_activity"]],
      [idleClaimed.id, ["claimed_idle"]],
      [expired.id, ["claim_expired"]],
      [overdue.id, ["overdue"]],
    ]);
    expect(rows[0]!.idle_hours).toBeGreaterThanOrEqual(199.9);
    expect(rows[0]!.idle_hours).toBeLessThan(200.1);
    expect(rows[0]!.card).toMatchObject({ title: "untouched", number: expect.any(Number) });
    expect(res.body.next_cursor).toBeNull();
    expect(rows.some((row) => row.card.id === fresh.id)).toBe(false);

    const tight = await viewer.api.get(`/projects/${project.id}/rot?stale_hours=5`);
    const expiredRow = tight.body.data.find((row: { card: { id: string } }) => row.card.id === expired.id);
    expect(expiredRow.reasons).toEqual(["claim_expired", "no_activity"]);
    expect((await viewer.api.get(`/projects/${project.id}/rot?stale_hours=0`)).status).toBe(422);
    expect((await viewer.api.get(`/projects/${project.id}/rot?stale_hours=abc`)).status).toBe(422);
  });

  it("skips cards in done columns", async () => {
    const { owner, project, column, agent, viewer } = await teamBoard();
    const done = await makeColumn(owner.api, project.id, { name: "Done" });
    await owner.api.patch(`/columns/${done.id}`, { done: true });
    const stale = await makeCard(agent.api, column.id, { title: "stale", due_at: "2020-01-01" });
    const finished = await makeCard(agent.api, done.id, { title: "finished", due_at: "2020-01-01" });
    await age(stale.id, 100);
    await age(finished.id, 100);
    const rows = (await viewer.api.get(`/projects/${project.id}/rot`)).body.data as Array<{
      card: { id: string };
    }>;
    expect(rows.map((row) => row.card.id)).toEqual([stale.id]);
  });
});

describe("attention", () => {
  it("one live record per user, TTL bounds, DELETE clears, expired never listed", async () => {
    const { project, column, agent, owner, viewer } = await teamBoard();
    const a = await makeCard(agent.api, column.id);
    const b = await makeCard(agent.api, column.id);
    for (const ttl_seconds of [9, 3601, 10.5]) {
      const res = await agent.api.post(`/cards/${a.id}/attention`, { ttl_seconds });
      expect(res.status).toBe(422);
      expect(res.body.error.details[0].path).toBe("ttl_seconds");
    }
    const first = await agent.api.post(`/cards/${a.id}/attention`, { note: "reading" });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      user_id: agent.user.id,
      card_id: a.id,
      note: "reading",
      since: expect.any(String),
      expires_at: expect.any(String),
    });
    const ttl = Date.parse(first.body.expires_at) - Date.parse(first.body.since);
    expect(ttl).toBeGreaterThanOrEqual(299_000);
    expect(ttl).toBeLessThanOrEqual(301_000);
    const ownerAttention = await owner.api.post(`/cards/${b.id}/attention`, { ttl_seconds: 3600 });
    expect(ownerAttention.status).toBe(200);

    const moved = await agent.api.post(`/cards/${b.id}/attention`, { ttl_seconds: 10 });
    expect(moved.body).toMatchObject({ card_id: b.id, note: null });
    const list = await viewer.api.get(`/projects/${project.id}/attention`);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    expect(list.body.data).toEqual(expect.arrayContaining([moved.body, ownerAttention.body]));

    await t.database.db.$executeRaw`
      UPDATE attention SET expires_at = (now() AT TIME ZONE 'UTC') - interval '1 second'
      WHERE user_id = ${agent.user.id}::uuid`;
    expect((await viewer.api.get(`/projects/${project.id}/attention`)).body.data).toEqual([
      ownerAttention.body,
    ]);

    expect((await owner.api.delete("/attention")).status).toBe(204);
    expect((await owner.api.delete("/attention")).status).toBe(204);
    expect((await viewer.api.get(`/projects/${project.id}/attention`)).body).toEqual({
      data: [],
      next_cursor: null,
    });
    expect((await viewer.api.post(`/cards/${a.id}/attention`, {})).status).toBe(403);
    const stranger = await makeUser(t);
    expect((await stranger.api.get(`/projects/${project.id}/attention`)).status).toBe(404);
  });
});

describe("findings", () => {
  it("validates kind, title and severity; lists newest first", async () => {
    const { column, agent, viewer } = await teamBoard();
    const card = await makeCard(agent.api, column.id);
    const first = await agent.api.post(`/cards/${card.id}/findings`, { kind: "bug", title: "Crash on save" });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      card_id: card.id,
      author_id: agent.user.id,
      kind: "bug",
      title: "Crash on save",
      body: null,
      severity: null,
      created_at: expect.any(String),
    });
    const second = await agent.api.post(`/cards/${card.id}/findings`, {
      kind: "risk",
      title: "Migration locks table",
      body: "Long lock",
      severity: "high",
    });
    expect(second.body).toMatchObject({ kind: "risk", body: "Long lock", severity: "high" });
    for (const bad of [
      { kind: "idea", title: "x" },
      { kind: "bug" },
      { kind: "bug", title: "" },
      { kind: "bug", title: "x", severity: "urgent" },
    ]) {
      expect((await agent.api.post(`/cards/${card.id}/findings`, bad)).status).toBe(422);
    }
    expect((await viewer.api.post(`/cards/${card.id}/findings`, { kind: "note", title: "x" })).status).toBe(
      403,
    );
    const list = await viewer.api.get(`/cards/${card.id}/findings`);
    expect(list.body).toEqual({ data: [second.body, first.body], next_cursor: null });
    const page = await viewer.api.get(`/cards/${card.id}/findings?limit=1`);
    expect(page.body).toEqual({ data: [second.body], next_cursor: second.body.id });
  });
});
