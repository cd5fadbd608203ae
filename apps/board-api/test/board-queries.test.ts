import pg from "pg";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { makeBoard, makeCard, makeColumn } from "./helpers/fixtures.ts";

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

describe("GET /projects/{id}/columns", () => {
  it("uses the same number of queries for 1 card as for 5 columns of 12 cards with labels and checklists", async () => {
    const { owner, project, column } = await makeBoard(t);
    await makeCard(owner.api, column.id);
    const board = () => owner.api.get(`/projects/${project.id}/columns`).expect(200);
    await board(); // warm up: prepared statements, connections
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
