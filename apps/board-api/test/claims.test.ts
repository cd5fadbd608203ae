import type { Card } from "@org/contracts";
import pg from "pg";
import type request from "supertest";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { addMember, makeBoard, makeCard, makeColumn, makeUser } from "../src/testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const conflict = { error: { code: "conflict", message: expect.any(String) } };

/** Moves the card's lease `seconds` into the past (as if time had passed). */
async function expireLease(cardId: string) {
  await t.database.db.$executeRaw`
    UPDATE cards SET claim_expires_at = (now() AT TIME ZONE 'UTC') - interval '1 second'
    WHERE id = ${cardId}::uuid`;
}

async function teamBoard() {
  const board = await makeBoard(t);
  const agent = await makeUser(t);
  const other = await makeUser(t);
  await addMember(board.owner.api, board.project.id, agent, "member");
  await addMember(board.owner.api, board.project.id, other, "member");
  return { ...board, agent, other };
}

describe("claims", () => {
  it("claims with a default 2 hour lease, renews for the holder, conflicts for others", async () => {
    const { column, agent, other } = await teamBoard();
    const card = await makeCard(agent.api, column.id);
    const before = Date.now();
    const res = await agent.api.post(`/cards/${card.id}/claim`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: card.id, claimed_by: agent.user.id });
    const claimedAt = Date.parse(res.body.claimed_at);
    const expires = Date.parse(res.body.claim_expires_at);
    expect(claimedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(expires - claimedAt).toBeGreaterThanOrEqual(7200_000 - 1000);
    expect(expires - claimedAt).toBeLessThanOrEqual(7200_000 + 1000);

    const other409 = await other.api.post(`/cards/${card.id}/claim`);
    expect(other409.status).toBe(409);
    expect(other409.body).toEqual(conflict);

    const renewed = await agent.api.post(`/cards/${card.id}/claim`, { lease_seconds: 60 });
    expect(renewed.status).toBe(200);
    expect(renewed.body.claimed_at).toBe(res.body.claimed_at);
    const left = Date.parse(renewed.body.claim_expires_at) - Date.now();
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(61_000);
  });

  it("a claim lost in a race names the holder who won it (not @?)", async () => {
    const { column, agent, other } = await teamBoard();
    const card = await makeCard(agent.api, column.id);
    // The winner's claim commits while the loser's waits for the card's row lock (a connection of
    // the test's own holds it).
    const winner = new pg.Client({ connectionString: t.database.url });
    await winner.connect();
    let res: request.Response;
    try {
      await winner.query("BEGIN");
      await winner.query("SELECT id FROM cards WHERE id = $1 FOR UPDATE", [card.id]);
      const lost = other.api.post(`/cards/${card.id}/claim`).then((response) => response);
      for (let tries = 0; tries < 100; tries++) {
        const waiting = await winner.query(
          "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        if (waiting.rowCount) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await winner.query(
        `UPDATE cards SET claimed_by = $1, claimed_at = now() AT TIME ZONE 'UTC',
           claim_expires_at = (now() AT TIME ZONE 'UTC') + interval '1 hour' WHERE id = $2`,
        [agent.user.id, card.id],
      );
      await winner.query("COMMIT");
      res = await lost;
    } finally {
      await winner.end();
    }
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain(`(@${agent.user.handle}, user_id ${agent.user.id})`);
    expect(res.body.error.message).not.toContain("@?");
  });

  it("validates lease_seconds 60..86400", async () => {
    const { column, agent } = await teamBoard();
    const card = await makeCard(agent.api, column.id);
    // Numbers as strings follow the one rule (plain base-10 digits): "6e1" is refused, "60" is 60.
    for (const lease_seconds of [59, 86_401, 1.5, "6e1", "59"]) {
      const res = await agent.api.post(`/cards/${card.id}/claim`, { lease_seconds });
      expect(res.status).toBe(422);
      expect(res.body.error.details[0].path).toBe("lease_seconds");
    }
    expect((await agent.api.post(`/cards/${card.id}/claim`, { lease_seconds: 86_400 })).status).toBe(200);
  });

  it("an expired lease counts as unclaimed: another agent can claim it", async () => {
    const { column, agent, other } = await teamBoard();
    const card = await makeCard(agent.api, column.id);
    await agent.api.post(`/cards/${card.id}/claim`, { lease_seconds: 60 });
    await expireLease(card.id);
    const res = await other.api.post(`/cards/${card.id}/claim`);
    expect(res.status).toBe(200);
    expect(res.body.claimed_by).toBe(other.user.id);
    // The former holder's renewal is now a conflict.
    expect((await agent.api.post(`/cards/${card.id}/claim`)).status).toBe(409);
  });

  it("unclaim: the holder or an admin; others forbidden; viewers forbidden; archived cards conflict", async () => {
    const { owner, project, column, agent, other } = await teamBoard();
    const viewer = await makeUser(t);
    await addMember(owner.api, project.id, viewer, "viewer");
    const card = await makeCard(agent.api, column.id);
    expect((await viewer.api.post(`/cards/${card.id}/claim`)).status).toBe(403);
    await agent.api.post(`/cards/${card.id}/claim`);
    const denied = await other.api.delete(`/cards/${card.id}/claim`);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe("forbidden");
    const released = await agent.api.delete(`/cards/${card.id}/claim`);
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ claimed_by: null, claimed_at: null, claim_expires_at: null });

    await other.api.post(`/cards/${card.id}/claim`);
    const byOwner = await owner.api.delete(`/cards/${card.id}/claim`);
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.claimed_by).toBeNull();

    // An expired claim of someone else is no claim: anyone may clear it.
    await other.api.post(`/cards/${card.id}/claim`);
    await expireLease(card.id);
    expect((await agent.api.delete(`/cards/${card.id}/claim`)).body.claimed_by).toBeNull();

    await owner.api.post(`/cards/${card.id}/archive`);
    expect((await agent.api.post(`/cards/${card.id}/claim`)).status).toBe(409);
    const stranger = await makeUser(t);
    expect((await stranger.api.post(`/cards/${card.id}/claim`)).status).toBe(404);
  });
});

describe("claim-next", () => {
  it("30 concurrent callers over 20 agent cards: each card claimed exactly once, the rest 204", async () => {
    const { owner, project, column } = await teamBoard();
    const agents = await Promise.all(Array.from({ length: 5 }, () => makeUser(t)));
    for (const agent of agents) await addMember(owner.api, project.id, agent, "member");
    const cards: Card[] = [];
    for (let i = 0; i < 20; i += 1) cards.push(await makeCard(owner.api, column.id, { owner_type: "agent" }));
    await makeCard(owner.api, column.id, { owner_type: "human" });

    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        agents[i % agents.length]!.api.post(`/projects/${project.id}/claim-next`),
      ),
    );
    const ok = results.filter((res) => res.status === 200);
    const empty = results.filter((res) => res.status === 204);
    expect(ok).toHaveLength(20);
    expect(empty).toHaveLength(10);
    expect(empty.every((res) => res.text === "")).toBe(true);
    const claimedIds = ok.map((res) => res.body.id as string);
    expect(new Set(claimedIds).size).toBe(20);
    expect(claimedIds.sort()).toEqual(cards.map((card) => card.id).sort());
    for (const res of ok) expect(res.body.owner_type).toBe("agent");
    const rows = await t.database.db.card.findMany({ where: { projectId: project.id, ownerType: "agent" } });
    expect(rows.every((row) => row.claimedById !== null)).toBe(true);
  });

  it("orders by priority rung (none last), then column position, then card position", async () => {
    const { owner, project, column: first, agent } = await teamBoard();
    const second = await makeColumn(owner.api, project.id, { name: "Doing" });
    const high = (await owner.api.post(`/projects/${project.id}/priorities`, { name: "High" })).body;
    const low = (await owner.api.post(`/projects/${project.id}/priorities`, { name: "Low" })).body;
    const agentCard = (column: string, extra: object = {}) =>
      makeCard(owner.api, column, { owner_type: "agent", ...extra });
    const none1 = await agentCard(first.id);
    const lowSecond = await agentCard(second.id, { priority_id: low.id });
    const lowFirst = await agentCard(first.id, { priority_id: low.id });
    const highSecond = await agentCard(second.id, { priority_id: high.id });
    const none2 = await agentCard(first.id, { position: 0 });
    const expected = [highSecond, lowFirst, lowSecond, none2, none1].map((card) => card.id);
    const got: string[] = [];
    for (;;) {
      const res = await agent.api.post(`/projects/${project.id}/claim-next`, { lease_seconds: 120 });
      if (res.status === 204) break;
      expect(res.status).toBe(200);
      expect(res.body.claimed_by).toBe(agent.user.id);
      got.push(res.body.id);
    }
    expect(got).toEqual(expected);
  });

  it("keeps that order as priorities and columns are reordered, cards move or change priority", async () => {
    const { owner, project, column: a, agent } = await teamBoard();
    const b = await makeColumn(owner.api, project.id, { name: "B" });
    const high = (await owner.api.post(`/projects/${project.id}/priorities`, { name: "High" })).body;
    const low = (await owner.api.post(`/projects/${project.id}/priorities`, { name: "Low" })).body;
    const agentCard = (column: string, extra: object = {}) =>
      makeCard(owner.api, column, { owner_type: "agent", ...extra });
    const a1 = await agentCard(a.id, { priority_id: low.id });
    const a2 = await agentCard(a.id);
    const b1 = await agentCard(b.id, { priority_id: high.id });
    const b2 = await agentCard(b.id, { priority_id: low.id });

    await owner.api.patch(`/columns/${b.id}`, { position: 0 }).expect(200);
    await owner.api.patch(`/priorities/${low.id}`, { position: 0 }).expect(200);
    await owner.api.post(`/cards/${a2.id}/move`, { to_column_id: b.id, position: 0 }).expect(200);
    await owner.api.patch(`/cards/${b2.id}`, { priority_id: high.id }).expect(200);
    await owner.api.delete(`/priorities/${low.id}`).expect(204);
    // High: B's b1 then b2 (a2 sits before them in B, without priority); none: a2 (B), a1 (A).
    const expected = [b1, b2, a2, a1].map((card) => card.id);
    const got: string[] = [];
    for (;;) {
      const res = await agent.api.post(`/projects/${project.id}/claim-next`);
      if (res.status === 204) break;
      got.push(res.body.id);
    }
    expect(got).toEqual(expected);
  });

  it("skips archived and claimed cards, takes expired ones, and needs member", async () => {
    const { owner, project, column, agent, other } = await teamBoard();
    const viewer = await makeUser(t);
    await addMember(owner.api, project.id, viewer, "viewer");
    const archived = await makeCard(owner.api, column.id, { owner_type: "agent" });
    await owner.api.post(`/cards/${archived.id}/archive`);
    const held = await makeCard(owner.api, column.id, { owner_type: "agent" });
    await other.api.post(`/cards/${held.id}/claim`);
    expect((await agent.api.post(`/projects/${project.id}/claim-next`)).status).toBe(204);
    await expireLease(held.id);
    const res = await agent.api.post(`/projects/${project.id}/claim-next`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: held.id, claimed_by: agent.user.id });
    expect((await viewer.api.post(`/projects/${project.id}/claim-next`)).status).toBe(403);
    const stranger = await makeUser(t);
    expect((await stranger.api.post(`/projects/${project.id}/claim-next`)).status).toBe(404);
  });
});

describe("done columns and assignees", () => {
  it("a column is marked done with PATCH; the board and the column payload say so", async () => {
    const { owner, project, column, agent } = await teamBoard();
    expect(column.done).toBe(false);
    const patched = await owner.api.patch(`/columns/${column.id}`, { done: true });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: column.id, done: true, name: column.name });
    const board = await agent.api.get(`/projects/${project.id}/columns`);
    expect(board.body.data[0]).toMatchObject({ id: column.id, done: true });
    const created = await owner.api.post(`/projects/${project.id}/columns`, { name: "Shipped", done: true });
    expect(created.body).toMatchObject({ name: "Shipped", done: true });
    // Members do not change columns; done must be a boolean.
    expect((await agent.api.patch(`/columns/${column.id}`, { done: false })).status).toBe(403);
    const invalid = await owner.api.patch(`/columns/${column.id}`, { done: "yes" });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.details).toEqual([{ path: "done", message: expect.any(String) }]);
  });

  it("claim-next never offers a card in a done column, nor one assigned to someone else", async () => {
    const { owner, project, column, agent, other } = await teamBoard();
    const done = await makeColumn(owner.api, project.id, { name: "Done" });
    await owner.api.patch(`/columns/${done.id}`, { done: true });
    // First in claim order, but finished, or someone else's.
    const finished = await makeCard(owner.api, done.id, { owner_type: "agent", title: "finished" });
    const theirs = await makeCard(owner.api, column.id, {
      owner_type: "agent",
      title: "theirs",
      assignee_id: other.user.id,
    });
    const mine = await makeCard(owner.api, column.id, {
      owner_type: "agent",
      title: "mine",
      assignee_id: agent.user.id,
    });
    const free = await makeCard(owner.api, column.id, { owner_type: "agent", title: "free" });
    const first = await agent.api.post(`/projects/${project.id}/claim-next`);
    expect(first.body).toMatchObject({ id: mine.id, claimed_by: agent.user.id });
    const second = await agent.api.post(`/projects/${project.id}/claim-next`);
    expect(second.body).toMatchObject({ id: free.id, claimed_by: agent.user.id });
    expect((await agent.api.post(`/projects/${project.id}/claim-next`)).status).toBe(204);
    // The assignee gets theirs; the finished card is never offered, to anyone.
    expect((await other.api.post(`/projects/${project.id}/claim-next`)).body).toMatchObject({
      id: theirs.id,
    });
    expect((await owner.api.post(`/projects/${project.id}/claim-next`)).status).toBe(204);
    expect((await owner.api.get(`/cards/${finished.id}`)).body.claimed_by).toBeNull();

    // Moving a card into a done column takes it out of the pool; unmarking the column brings it back.
    const later = await makeCard(owner.api, column.id, { owner_type: "agent", title: "later" });
    await owner.api.post(`/cards/${later.id}/move`, { to_column_id: done.id });
    expect((await owner.api.post(`/projects/${project.id}/claim-next`)).status).toBe(204);
    await owner.api.patch(`/columns/${done.id}`, { done: false });
    const back = await owner.api.post(`/projects/${project.id}/claim-next`);
    expect([finished.id, later.id]).toContain(back.body.id);
  });
});

describe("entry gates", () => {
  it("admin-only criteria writes; list, update, delete", async () => {
    const { owner, project, column, agent } = await teamBoard();
    const viewer = await makeUser(t);
    await addMember(owner.api, project.id, viewer, "viewer");
    const body = { text: "Acceptance criteria written" };
    expect((await agent.api.post(`/projects/${project.id}/gate-criteria`, body)).status).toBe(403);
    expect((await viewer.api.post(`/projects/${project.id}/gate-criteria`, body)).status).toBe(403);
    const created = await owner.api.post(`/projects/${project.id}/gate-criteria`, body);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      project_id: project.id,
      column_id: null,
      text: "Acceptance criteria written",
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const perColumn = await owner.api.post(`/projects/${project.id}/gate-criteria`, {
      text: "Design reviewed",
      column_id: column.id,
    });
    expect(perColumn.body.column_id).toBe(column.id);
    const otherBoard = await makeBoard(t);
    const bad = await owner.api.post(`/projects/${project.id}/gate-criteria`, {
      text: "x",
      column_id: otherBoard.column.id,
    });
    expect(bad.status).toBe(422);
    expect((await owner.api.post(`/projects/${project.id}/gate-criteria`, { text: "" })).status).toBe(422);

    const list = await viewer.api.get(`/projects/${project.id}/gate-criteria`);
    expect(list.body).toEqual({ data: [created.body, perColumn.body], next_cursor: null });

    expect((await agent.api.patch(`/gate-criteria/${created.body.id}`, { text: "y" })).status).toBe(403);
    const updated = await owner.api.patch(`/gate-criteria/${created.body.id}`, { text: "Spec linked" });
    expect(updated.status).toBe(200);
    expect(updated.body.text).toBe("Spec linked");
    expect((await agent.api.delete(`/gate-criteria/${perColumn.body.id}`)).status).toBe(403);
    expect((await owner.api.delete(`/gate-criteria/${perColumn.body.id}`)).status).toBe(204);
    expect((await owner.api.get(`/projects/${project.id}/gate-criteria`)).body.data).toEqual([updated.body]);
    expect((await owner.api.delete(`/gate-criteria/${perColumn.body.id}`)).status).toBe(404);
  });

  it("project-wide and column criteria apply; claim blocked until acked; claim-next skips; ack removal", async () => {
    const { owner, project, column: todo, agent } = await teamBoard();
    const doing = await makeColumn(owner.api, project.id, { name: "Doing" });
    const wide = (await owner.api.post(`/projects/${project.id}/gate-criteria`, { text: "Wide" })).body;
    const todoOnly = (
      await owner.api.post(`/projects/${project.id}/gate-criteria`, { text: "Todo only", column_id: todo.id })
    ).body;
    const inTodo = await makeCard(owner.api, todo.id, { owner_type: "agent" });
    const inDoing = await makeCard(owner.api, doing.id, { owner_type: "agent" });

    const gate = await agent.api.get(`/cards/${inTodo.id}/gate`);
    expect(gate.status).toBe(200);
    expect(gate.body).toEqual({
      card_id: inTodo.id,
      satisfied: false,
      criteria: [
        {
          id: wide.id,
          text: "Wide",
          column_id: null,
          acked: false,
          acked_by: null,
          acked_at: null,
          note: null,
        },
        {
          id: todoOnly.id,
          text: "Todo only",
          column_id: todo.id,
          acked: false,
          acked_by: null,
          acked_at: null,
          note: null,
        },
      ],
    });
    expect(
      (await agent.api.get(`/cards/${inDoing.id}/gate`)).body.criteria.map((c: { id: string }) => c.id),
    ).toEqual([wide.id]);

    const blocked = await agent.api.post(`/cards/${inTodo.id}/claim`);
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.message).toMatch(/gate/);
    expect((await agent.api.post(`/projects/${project.id}/claim-next`)).status).toBe(204);

    // A column criterion of another column does not apply to the card.
    const wrong = await agent.api.post(`/cards/${inDoing.id}/gate/acks`, { criterion_id: todoOnly.id });
    expect(wrong.status).toBe(422);
    const ack = await agent.api.post(`/cards/${inDoing.id}/gate/acks`, { criterion_id: wide.id, note: "ok" });
    expect(ack.status).toBe(201);
    expect(ack.body).toEqual({
      card_id: inDoing.id,
      criterion_id: wide.id,
      acked_by: agent.user.id,
      acked_at: expect.any(String),
      note: "ok",
    });
    expect((await agent.api.get(`/cards/${inDoing.id}/gate`)).body.satisfied).toBe(true);

    await agent.api.post(`/cards/${inTodo.id}/gate/acks`, { criterion_id: wide.id });
    expect((await agent.api.post(`/cards/${inTodo.id}/claim`)).status).toBe(409);
    await agent.api.post(`/cards/${inTodo.id}/gate/acks`, { criterion_id: todoOnly.id });
    // inTodo (column 0) now satisfied and first in order.
    const next = await agent.api.post(`/projects/${project.id}/claim-next`);
    expect(next.status).toBe(200);
    expect(next.body.id).toBe(inTodo.id);
    await agent.api.delete(`/cards/${inTodo.id}/claim`);

    expect((await agent.api.delete(`/cards/${inTodo.id}/gate/acks/${todoOnly.id}`)).status).toBe(204);
    expect((await agent.api.delete(`/cards/${inTodo.id}/gate/acks/${todoOnly.id}`)).status).toBe(404);
    const gateAfter = (await agent.api.get(`/cards/${inTodo.id}/gate`)).body;
    expect(gateAfter.satisfied).toBe(false);
    expect(gateAfter.criteria[0]).toMatchObject({ acked: true, acked_by: agent.user.id });
    expect((await agent.api.post(`/cards/${inTodo.id}/claim`)).status).toBe(409);
    const viaNext = await agent.api.post(`/projects/${project.id}/claim-next`);
    expect(viaNext.body.id).toBe(inDoing.id);

    const viewer = await makeUser(t);
    await addMember(owner.api, project.id, viewer, "viewer");
    expect((await viewer.api.post(`/cards/${inTodo.id}/gate/acks`, { criterion_id: wide.id })).status).toBe(
      403,
    );
    expect((await viewer.api.get(`/cards/${inTodo.id}/gate`)).status).toBe(200);
  });
});
