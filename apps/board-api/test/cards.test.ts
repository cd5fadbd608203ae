import type { Card } from "@org/contracts";
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

const invalid = (...paths: string[]) => ({
  error: {
    code: "validation_failed",
    message: "Request is invalid.",
    details: paths.map((path) => ({ path, message: expect.any(String) })),
  },
});

async function board(api: Client, projectId: string, query = "") {
  const res = await api.get(`/projects/${projectId}/columns${query}`);
  expect(res.status).toBe(200);
  return res.body.data as Array<{
    id: string;
    cards: Array<{ id: string; number: number; position: number }>;
  }>;
}

describe("cards", () => {
  it("create returns the full payload with defaults and a number", async () => {
    const { owner, project, column } = await makeBoard(t);
    const res = await owner.api.post(`/columns/${column.id}/cards`, { title: "First", body: "Do it" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      project_id: project.id,
      column_id: column.id,
      number: 1,
      title: "First",
      body: "Do it",
      position: 0,
      assignee_id: null,
      due_at: null,
      priority_id: null,
      owner_type: "human",
      shepherds: [],
      work_phase: null,
      labels: [],
      checklist_done: 0,
      checklist_total: 0,
      claimed_by: null,
      claimed_at: null,
      claim_expires_at: null,
      parent_id: null,
      archived: false,
      archived_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.any(String),
    });
    expect((await owner.api.get(`/cards/${res.body.id}`)).body).toEqual({
      ...res.body,
      plan: null,
      blocked_by: [],
      blocks: [],
    });
    expect((await owner.api.post(`/columns/${column.id}/cards`, {})).status).toBe(422);
  });

  it("a card number in the path is not_found", async () => {
    const { owner, column } = await makeBoard(t);
    await makeCard(owner.api, column.id);
    const res = await owner.api.get("/cards/1");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: {
        code: "not_found",
        message:
          "Card not found: card_id takes an id (a UUID), not a number or a name. Use find_cards or " +
          "list_my_cards to get a card_id (HTTP: GET /projects/{project_id}/cards, GET /me/cards).",
      },
    });
  });

  it("40 concurrent creates get 40 distinct numbers 1..40 and dense positions", async () => {
    const { owner, project, column } = await makeBoard(t);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => owner.api.post(`/columns/${column.id}/cards`, { title: `c${i}` })),
    );
    expect(results.map((res) => res.status)).toEqual(Array(40).fill(201));
    const numbers = results.map((res) => res.body.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const [col] = await board(owner.api, project.id);
    expect(col?.cards.map((card) => card.position)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it("never gives a deleted or archived card's number again", async () => {
    const { owner, column } = await makeBoard(t);
    const one = await makeCard(owner.api, column.id);
    const two = await makeCard(owner.api, column.id);
    expect((await owner.api.delete(`/cards/${two.id}`)).status).toBe(204);
    expect((await owner.api.get(`/cards/${two.id}`)).status).toBe(404);
    await owner.api.post(`/cards/${one.id}/archive`);
    expect((await makeCard(owner.api, column.id)).number).toBe(3);
  });

  it("PATCH sets fields and follows the clearing rules", async () => {
    const { owner, project, column } = await makeBoard(t);
    const mate = await makeUser(t);
    await addMember(owner.api, project.id, mate, "member");
    const priority = (await owner.api.post(`/projects/${project.id}/priorities`, { name: "P1" })).body;
    const card = await makeCard(owner.api, column.id);
    const set = await owner.api.patch(`/cards/${card.id}`, {
      title: "New",
      body: "b",
      assignee_id: mate.user.id,
      due_at: "2030-01-02T03:04:05+02:00",
      priority_id: priority.id,
      owner_type: "agent",
      shepherds: [owner.user.id, mate.user.id],
      work_phase: "review",
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      title: "New",
      body: "b",
      assignee_id: mate.user.id,
      due_at: "2030-01-02T01:04:05.000Z",
      priority_id: priority.id,
      owner_type: "agent",
      shepherds: [owner.user.id, mate.user.id],
      work_phase: "review",
    });
    const cleared = await owner.api.patch(`/cards/${card.id}`, {
      assignee_id: "",
      due_at: "",
      priority_id: "",
      work_phase: "",
      shepherds: [],
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      title: "New",
      assignee_id: null,
      due_at: null,
      priority_id: null,
      work_phase: null,
      shepherds: [],
      owner_type: "agent",
    });
    const bad = await owner.api.patch(`/cards/${card.id}`, { shepherds: "", title: "" });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual(invalid("title", "shepherds"));
    expect((await owner.api.patch(`/cards/${card.id}`, { owner_type: "robot" })).status).toBe(422);
    expect((await owner.api.patch(`/cards/${card.id}`, { number: 9 })).status).toBe(422);
  });

  it("takes a date alone as due_at: the end of that day, UTC", async () => {
    const { owner, column } = await makeBoard(t);
    const created = await owner.api.post(`/columns/${column.id}/cards`, {
      title: "Due",
      due_at: "2026-12-01",
    });
    expect(created.status).toBe(201);
    expect(created.body.due_at).toBe("2026-12-01T23:59:59.999Z");
    const moved = await owner.api.patch(`/cards/${created.body.id}`, { due_at: "2027-02-28" });
    expect(moved.body.due_at).toBe("2027-02-28T23:59:59.999Z");
    for (const due_at of ["2027-02-30", "2027-2-1", "tomorrow"]) {
      const bad = await owner.api.patch(`/cards/${created.body.id}`, { due_at });
      expect(bad.status).toBe(422);
      expect(bad.body).toEqual(invalid("due_at"));
    }
  });

  it("assignee and shepherds must be members; priority from the same project", async () => {
    const { owner, column } = await makeBoard(t);
    const stranger = await makeUser(t);
    const other = await makeBoard(t);
    const foreign = (await other.owner.api.post(`/projects/${other.project.id}/priorities`, { name: "X" }))
      .body;
    const card = await makeCard(owner.api, column.id);
    const res = await owner.api.patch(`/cards/${card.id}`, {
      assignee_id: stranger.user.id,
      shepherds: [owner.user.id, stranger.user.id],
      priority_id: foreign.id,
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid("assignee_id", "shepherds.1", "priority_id"));
    const create = await owner.api.post(`/columns/${column.id}/cards`, {
      title: "x",
      assignee_id: stranger.user.id,
    });
    expect(create.body).toEqual(invalid("assignee_id"));
  });
});

describe("moves", () => {
  it("moves within and across columns; past the end is last; negative and foreign columns are invalid", async () => {
    const { owner, project, column: todo } = await makeBoard(t);
    const done = await makeColumn(owner.api, project.id, { name: "Done" });
    const [a, b, c] = [
      await makeCard(owner.api, todo.id),
      await makeCard(owner.api, todo.id),
      await makeCard(owner.api, todo.id),
    ];
    const within = await owner.api.post(`/cards/${c!.id}/move`, { to_column_id: todo.id, position: 0 });
    expect(within.status).toBe(200);
    expect(within.body).toMatchObject({ column_id: todo.id, position: 0 });
    const across = await owner.api.post(`/cards/${a!.id}/move`, { to_column_id: done.id, position: 99 });
    expect(across.body).toMatchObject({ column_id: done.id, position: 0 });
    // No position: last.
    const last = await owner.api.post(`/cards/${b!.id}/move`, { to_column_id: todo.id });
    expect(last.body).toMatchObject({ column_id: todo.id, position: 1 });
    const cols = await board(owner.api, project.id);
    expect(cols.map((col) => col.cards.map((card) => [card.id, card.position]))).toEqual([
      [
        [c!.id, 0],
        [b!.id, 1],
      ],
      [[a!.id, 0]],
    ]);
    expect(
      (await owner.api.post(`/cards/${b!.id}/move`, { to_column_id: todo.id, position: -1 })).status,
    ).toBe(422);
    const other = await makeBoard(t);
    const foreign = await owner.api.post(`/cards/${b!.id}/move`, {
      to_column_id: other.column.id,
      position: 0,
    });
    expect(foreign.body).toEqual(invalid("to_column_id"));
  });

  it("40 concurrent moves leave every column's positions dense and unique", async () => {
    const { owner, project, column: first } = await makeBoard(t);
    const columns = [first, await makeColumn(owner.api, project.id), await makeColumn(owner.api, project.id)];
    const cards: Card[] = [];
    for (let i = 0; i < 12; i += 1) cards.push(await makeCard(owner.api, columns[i % 3]!.id));
    const moves = Array.from({ length: 40 }, (_, i) =>
      owner.api.post(`/cards/${cards[(i * 7) % cards.length]!.id}/move`, {
        to_column_id: columns[(i * 5) % 3]!.id,
        position: (i * 3) % 6,
      }),
    );
    const results = await Promise.all(moves);
    expect(results.map((res) => res.status)).toEqual(Array(40).fill(200));
    const cols = await board(owner.api, project.id);
    expect(cols.flatMap((col) => col.cards)).toHaveLength(12);
    for (const col of cols) {
      expect(col.cards.map((card) => card.position)).toEqual(col.cards.map((_, i) => i));
    }
  });
  it("30 concurrent moves of one card answer 200, or 409 asking to try again, never a 500", async () => {
    const { owner, project, column: first } = await makeBoard(t);
    const second = await makeColumn(owner.api, project.id);
    for (let i = 0; i < 5; i += 1) await makeCard(owner.api, second.id);
    const card = await makeCard(owner.api, first.id);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        owner.api.post(`/cards/${card.id}/move`, { to_column_id: i % 2 ? first.id : second.id, position: 0 }),
      ),
    );
    for (const res of results) {
      if (res.status !== 200) {
        expect(res.status).toBe(409);
        expect(res.body.error.message).toBe("The card kept moving while this request waited: try again.");
      }
    }
    expect(results.filter((res) => res.status === 200).length).toBeGreaterThan(0);
    const cols = await board(owner.api, project.id);
    expect(cols.flatMap((col) => col.cards)).toHaveLength(6);
    for (const col of cols) {
      expect(col.cards.map((c) => c.position)).toEqual(col.cards.map((_, i) => i));
    }
  });
});

describe("archive", () => {
  it("archived cards leave the board, stay readable, show with include_archived; unarchive puts them last", async () => {
    const { owner, project, column } = await makeBoard(t);
    const [a, b, c] = [
      await makeCard(owner.api, column.id),
      await makeCard(owner.api, column.id),
      await makeCard(owner.api, column.id),
    ];
    const archived = await owner.api.post(`/cards/${a!.id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ archived: true, archived_at: expect.any(String), number: 1 });
    expect((await board(owner.api, project.id))[0]?.cards.map((card) => [card.id, card.position])).toEqual([
      [b!.id, 0],
      [c!.id, 1],
    ]);
    expect((await owner.api.get(`/cards/${a!.id}`)).body.archived).toBe(true);
    const all = await board(owner.api, project.id, "?include_archived=true");
    expect(all[0]?.cards.map((card) => card.id)).toEqual([b!.id, c!.id, a!.id]);
    const moveArchived = await owner.api.post(`/cards/${a!.id}/move`, {
      to_column_id: column.id,
      position: 0,
    });
    expect(moveArchived.status).toBe(409);
    const back = await owner.api.post(`/cards/${a!.id}/unarchive`);
    expect(back.body).toMatchObject({ archived: false, archived_at: null, position: 2 });
    expect((await owner.api.get(`/projects/${project.id}/columns?include_archived=maybe`)).status).toBe(422);
  });
});

describe("columns", () => {
  it("create, rename, reorder densely, and delete only when empty", async () => {
    const { owner, project, column: a } = await makeBoard(t);
    const b = await makeColumn(owner.api, project.id, { name: "B" });
    const c = await makeColumn(owner.api, project.id, { name: "C", position: 0 });
    expect(c.position).toBe(0);
    const renamed = await owner.api.patch(`/columns/${a.id}`, { name: "A2", position: 10 });
    expect(renamed.body).toMatchObject({ name: "A2", position: 2 });
    expect((await board(owner.api, project.id)).map((col) => col.id)).toEqual([c.id, b.id, a.id]);
    const card = await makeCard(owner.api, b.id);
    await owner.api.post(`/cards/${card.id}/archive`);
    const conflict = await owner.api.delete(`/columns/${b.id}`);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe("conflict");
    await owner.api.delete(`/cards/${card.id}`);
    expect((await owner.api.delete(`/columns/${b.id}`)).status).toBe(204);
    const cols = await board(owner.api, project.id);
    expect(cols.map((col) => [col.id, (col as unknown as { position: number }).position])).toEqual([
      [c.id, 0],
      [a.id, 1],
    ]);
  });
});
