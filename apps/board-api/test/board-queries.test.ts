import pg from "pg";
import { TOKEN_CACHE_TTL_MS } from "../src/services/token-cache.ts";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { makeBoard, makeCard, makeColumn } from "../src/testing/fixtures.ts";
import { listenMcp, okTool } from "./helpers/mcp.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Statement {
  text: string;
  values: unknown[];
}

/** The statements that reach PostgreSQL while `run` executes (Prisma and queryPrepared alike). */
async function recordStatements(run: () => Promise<unknown>): Promise<Statement[]> {
  const original = pg.Client.prototype.query;
  const seen: Statement[] = [];
  pg.Client.prototype.query = function recorded(this: pg.Client, ...args: unknown[]) {
    const [query, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    seen.push(
      typeof query === "string"
        ? { text: query, values: values ?? [] }
        : { text: query.text, values: query.values ?? values ?? [] },
    );
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return seen;
}

async function countQueries(run: () => Promise<unknown>): Promise<number> {
  return (await recordStatements(run)).length;
}

/** A SELECT of the `cards` row whose id is `cardId` (by `id = $n`, not a column, parent or exclusion). */
function readsCard(statement: Statement, cardId: string): boolean {
  const text = statement.text.trim();
  if (!/^select\b/i.test(text) || !/\bfrom\s+(?:"public"\.)?"?cards"?(?:\s|$)/i.test(text)) return false;
  return [...text.matchAll(/(?:^|[\s."(])"?id"?\s*=\s*\$(\d+)/g)].some(
    (match) => statement.values[Number(match[1]) - 1] === cardId,
  );
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

describe("POST /cards/{card_id}/move and move_card", () => {
  it("reads the card once, in one statement with the caller's role and the target column, and answers from the write", async () => {
    const { owner, project, column: todo } = await makeBoard(t);
    const done = await makeColumn(owner.api, project.id, { name: "Done", done: true } as { name: string });
    const card = await makeCard(owner.api, todo.id);
    await makeCard(owner.api, todo.id);
    await makeCard(owner.api, done.id);
    const move = (to: string, position?: number) =>
      owner.api.post(`/cards/${card.id}/move`, { to_column_id: to, position }).expect(200);
    await move(done.id); // warm up: prepared statements, connections, the token cache's listener
    await move(todo.id, 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await owner.api.post(`/cards/${card.id}/claim`, {}).expect(200);

    let answer: Record<string, unknown> = {};
    const statements = await recordStatements(async () => {
      answer = (await move(done.id, 0)).body;
    });

    expect(statements.filter((statement) => readsCard(statement, card.id))).toHaveLength(1);
    expect(statements.length).toBeLessThanOrEqual(12);
    const stored = await t.database.db.card.findUniqueOrThrow({ where: { id: card.id } });
    expect(answer).toMatchObject({
      id: card.id,
      column_id: done.id,
      position: 0,
      claimed_by: null,
      claim_expires_at: null,
      updated_at: stored.updatedAt.toISOString(),
    });
    const { body: board } = await owner.api.get(`/projects/${project.id}/columns`).expect(200);
    const positions = (
      board.data as Array<{ id: string; cards: Array<{ id: string; position: number }> }>
    ).map((column) => [column.id, column.cards.map((c) => c.position)]);
    expect(positions).toEqual([
      [todo.id, [0]],
      [done.id, [0, 1]],
    ]);

    const mcp = await listenMcp(t);
    try {
      const agent = await mcp.connect(owner.token);
      const viaTool = (to: string) =>
        okTool<{ column_id: string }>(agent, "move_card", { card_id: card.id, to_column_id: to });
      await viaTool(todo.id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const toolStatements = await recordStatements(() => viaTool(done.id));
      expect(toolStatements.filter((statement) => readsCard(statement, card.id))).toHaveLength(1);
      expect(toolStatements.length).toBe(statements.length);
    } finally {
      await mcp.close();
    }
  });

  it("still says why when the card cannot move: archived, in the trash, another project's column", async () => {
    const { owner, project, column: todo } = await makeBoard(t);
    const other = await makeBoard(t);
    const done = await makeColumn(owner.api, project.id, { name: "Done" });
    const card = await makeCard(owner.api, todo.id);
    const move = (to: string) => owner.api.post(`/cards/${card.id}/move`, { to_column_id: to });

    const foreign = await move(other.column.id).expect(422);
    expect(foreign.body.error.details).toEqual([
      { path: "to_column_id", message: "Not a column of the card's project (list_columns has them)." },
    ]);
    await owner.api.post(`/cards/${card.id}/archive`).expect(200);
    expect((await move(done.id).expect(409)).body.error.message).toBe(
      "The card is archived; unarchive it first.",
    );
    await owner.api.post(`/cards/${card.id}/unarchive`).expect(200);
    await owner.api.delete(`/cards/${card.id}`).expect(204);
    expect((await move(done.id).expect(404)).body.error.message).toMatch(/trash/);
  });
});
