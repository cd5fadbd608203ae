import pg from "pg";
import { TOKEN_CACHE_TTL_MS } from "../src/services/token-cache.ts";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { makeBoard, makeCard, makeColumn } from "../src/testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** How many statements reach PostgreSQL while `run` executes (Prisma and queryPrepared alike). */
async function countQueries(run: () => Promise<unknown>): Promise<number> {
  const original = pg.Client.prototype.query;
  let count = 0;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    count += 1;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return count;
}

describe("GET /projects/{project_id}/columns", () => {
  it("uses the same number of queries for 1 card as for 5 columns of 12 cards with labels and checklists", async () => {
    const { owner, project, column } = await makeBoard(t);
    await makeCard(owner.api, column.id);
    const board = () => owner.api.get(`/projects/${project.id}/columns`).expect(200);
    // Both counts on the same footing: the token cache's entry (a second long) expired, then
    // refilled by a warm-up request, so the counted request is answered from it.
    const settled = async () => {
      await new Promise((resolve) => setTimeout(resolve, TOKEN_CACHE_TTL_MS + 50));
      await board();
    };
    await settled();
    const small = await countQueries(board);

    const label = (await owner.api.post(`/projects/${project.id}/labels`, { name: "bug" })).body;
    for (let c = 0; c < 4; c += 1) {
      const extra = await makeColumn(owner.api, project.id, { name: `Column ${c}` });
      for (let i = 0; i < 12; i += 1) {
        const card = await makeCard(owner.api, extra.id, { title: `Card ${c}.${i}` });
        if (i % 3 === 0) await owner.api.post(`/cards/${card.id}/labels`, { label_id: label.id }).expect(201);
        if (i % 4 === 0) await owner.api.post(`/cards/${card.id}/checklist`, { text: "step" }).expect(201);
      }
    }
    await settled();
    let cards = 0;
    const large = await countQueries(async () => {
      const res = await board();
      cards = (res.body.data as Array<{ cards: unknown[] }>).reduce((sum, col) => sum + col.cards.length, 0);
    });

    expect(cards).toBe(49);
    expect(small).toBeGreaterThan(0);
    expect(large).toBe(small);
  });
});

describe("GET /cards/{card_id}", () => {
  it("is one statement once the caller's token is cached: card, role and latest plan together", async () => {
    const { owner, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    await owner.api.post(`/cards/${card.id}/plan`, { summary: "Plan", steps: ["a"] }).expect(201);
    const get = () => owner.api.get(`/cards/${card.id}`).expect(200);
    await get(); // warm up: prepared statements, connections, the token cache's listener
    await new Promise((resolve) => setTimeout(resolve, 200));
    await get();
    let body: Record<string, unknown> = {};
    expect(
      await countQueries(async () => {
        body = (await get()).body;
      }),
    ).toBe(1);
    expect(body.plan).toMatchObject({ version: 1, summary: "Plan", steps: ["a"] });
  });

  it("gives the instants stored, as ISO 8601 UTC with milliseconds", async () => {
    const { owner, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id, { due_at: "2030-01-02T03:04:05.678+02:00" });
    await owner.api.post(`/cards/${card.id}/claim`, {}).expect(200);
    await owner.api.post(`/cards/${card.id}/archive`).expect(200);
    const stored = await t.database.db.card.findUniqueOrThrow({ where: { id: card.id } });
    const { body } = await owner.api.get(`/cards/${card.id}`).expect(200);
    expect(body).toMatchObject({
      due_at: "2030-01-02T01:04:05.678Z",
      claimed_at: stored.claimedAt?.toISOString(),
      claim_expires_at: stored.claimExpiresAt?.toISOString(),
      archived_at: stored.archivedAt?.toISOString(),
      created_at: stored.createdAt.toISOString(),
      updated_at: stored.updatedAt.toISOString(),
    });
  });
});

describe("GET /projects/{project_id}/columns in parts", () => {
  it("gives each column its first cards_limit cards and a cursor, then the rest column by column", async () => {
    const { owner, project, column: first } = await makeBoard(t);
    const second = await makeColumn(owner.api, project.id, { name: "Second" });
    const empty = await makeColumn(owner.api, project.id, { name: "Empty" });
    const firstCards: string[] = [];
    for (let i = 0; i < 5; i += 1) firstCards.push((await makeCard(owner.api, first.id)).id);
    const secondCard = (await makeCard(owner.api, second.id)).id;
    const archived = (await makeCard(owner.api, first.id)).id;
    await owner.api.post(`/cards/${archived}/archive`).expect(200);
    const whole = await owner.api.get(`/projects/${project.id}/columns`).expect(200);

    const res = await owner.api.get(`/projects/${project.id}/columns?cards_limit=2`).expect(200);
    const columns = res.body.data as Array<{
      id: string;
      cards: Array<{ id: string }>;
      cards_next_cursor: string | null;
    }>;
    expect(columns.map((column) => [column.id, column.cards.map((card) => card.id)])).toEqual([
      [first.id, firstCards.slice(0, 2)],
      [second.id, [secondCard]],
      [empty.id, []],
    ]);
    expect(columns[0]?.cards).toEqual(whole.body.data[0].cards.slice(0, 2));
    expect(columns[1]?.cards_next_cursor).toBeNull();
    expect(columns[2]?.cards_next_cursor).toBeNull();

    let cursor = columns[0]?.cards_next_cursor;
    const rest: string[] = [];
    while (cursor) {
      const page = await owner.api
        .get(`/projects/${project.id}/columns?column_id=${first.id}&cards_limit=2&cards_cursor=${cursor}`)
        .expect(200);
      expect(page.body.data).toHaveLength(1);
      expect(page.body.data[0]).toMatchObject({ id: first.id, name: "Todo" });
      rest.push(...page.body.data[0].cards.map((card: { id: string }) => card.id));
      cursor = page.body.data[0].cards_next_cursor;
    }
    expect(rest).toEqual(firstCards.slice(2));

    // With include_archived, archived cards come last, in the pages too.
    const all = await owner.api
      .get(`/projects/${project.id}/columns?column_id=${first.id}&include_archived=true&cards_limit=10`)
      .expect(200);
    expect(all.body.data[0].cards.map((card: { id: string }) => card.id)).toEqual([...firstCards, archived]);
    expect(all.body.data[0].cards_next_cursor).toBeNull();
  });

  it("refuses a cursor without its column, a malformed cursor and a column of another project", async () => {
    const { owner, project, column } = await makeBoard(t);
    const other = await makeBoard(t);
    const base = `/projects/${project.id}/columns`;
    const noColumn = await owner.api.get(`${base}?cards_cursor=abc`);
    expect(noColumn.status).toBe(422);
    expect(noColumn.body.error.details).toEqual([
      { path: "cards_cursor", message: "cards_cursor needs column_id (a cursor belongs to one column)." },
    ]);
    const bad = await owner.api.get(`${base}?column_id=${column.id}&cards_cursor=abc`);
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toEqual([{ path: "cards_cursor", message: "Invalid cursor." }]);
    expect((await owner.api.get(`${base}?cards_limit=0`)).status).toBe(422);
    const foreign = await owner.api.get(`${base}?column_id=${other.column.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({
      error: {
        code: "not_found",
        message:
          "Column not found. Use list_columns to get a column_id (HTTP: GET /projects/{project_id}/columns/summary).",
      },
    });
  });
});
