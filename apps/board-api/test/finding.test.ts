// Finding cards without knowing their ids: find_cards (a project's cards by number, text and
// filters), list_my_cards (the caller's claimed and assigned cards), list_columns (columns with
// their done flag and card counts), and create_card with labels and a checklist in one call.
import type { Card } from "@org/contracts";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import {
  addMember,
  makeBoard,
  makeCard,
  makeColumn,
  makeProject,
  makeUser,
} from "../src/testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const titles = (res: { body: { data: Card[] } }) => res.body.data.map((card) => card.title);

async function teamBoard() {
  const board = await makeBoard(t);
  const agent = await makeUser(t);
  await addMember(board.owner.api, board.project.id, agent, "member");
  return { ...board, agent };
}

describe("create_card with label_ids and checklist", () => {
  it("creates the card with its labels and checklist items in one call", async () => {
    const { owner, project, column } = await makeBoard(t);
    const bug = (await owner.api.post(`/projects/${project.id}/labels`, { name: "bug" })).body;
    const ui = (await owner.api.post(`/projects/${project.id}/labels`, { name: "ui" })).body;
    const res = await owner.api.post(`/columns/${column.id}/cards`, {
      title: "Fix the header",
      label_ids: [ui.id, bug.id],
      checklist: ["Reproduce", " Fix ", "Test"],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ checklist_total: 3, checklist_done: 0 });
    expect(res.body.labels.map((label: { name: string }) => label.name)).toEqual(["bug", "ui"]);
    const items = await owner.api.get(`/cards/${res.body.id}/checklist`);
    expect(items.body.data.map((item: { text: string; position: number; done: boolean }) => item)).toEqual([
      expect.objectContaining({ text: "Reproduce", position: 0, done: false }),
      expect.objectContaining({ text: "Fix", position: 1, done: false }),
      expect.objectContaining({ text: "Test", position: 2, done: false }),
    ]);
  });

  it("writes nothing when a label id is not a label of the project", async () => {
    const { owner, project, column } = await makeBoard(t);
    const bug = (await owner.api.post(`/projects/${project.id}/labels`, { name: "bug" })).body;
    const elsewhere = await makeProject(owner.api, { name: "Elsewhere" });
    const foreign = (await owner.api.post(`/projects/${elsewhere.id}/labels`, { name: "x" })).body;
    const itemsBefore = await t.database.db.checklistItem.count();
    const res = await owner.api.post(`/columns/${column.id}/cards`, {
      title: "Half written?",
      label_ids: [bug.id, foreign.id],
      checklist: ["one"],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details).toEqual([
      { path: "label_ids.1", message: expect.stringContaining("list_labels") },
    ]);
    // No card, no checklist item, and the number was not used up.
    expect((await owner.api.get(`/projects/${project.id}/cards`)).body.data).toEqual([]);
    expect(await t.database.db.checklistItem.count()).toBe(itemsBefore);
    expect((await makeCard(owner.api, column.id)).number).toBe(1);
  });

  it("validates the new fields' types", async () => {
    const { owner, column } = await makeBoard(t);
    for (const [body, path] of [
      [{ label_ids: "abc" }, "label_ids"],
      [{ label_ids: [7] }, "label_ids.0"],
      [{ checklist: ["ok", ""] }, "checklist.1"],
      [{ checklist: "one" }, "checklist"],
    ] as const) {
      const res = await owner.api.post(`/columns/${column.id}/cards`, { title: "x", ...body });
      expect(res.status).toBe(422);
      expect(res.body.error.details).toEqual([{ path, message: expect.any(String) }]);
    }
  });
});

describe("GET /projects/{project_id}/cards (find_cards)", () => {
  it("finds cards by number, text and every filter, in number order", async () => {
    const { owner, project, column, agent } = await teamBoard();
    const review = await makeColumn(owner.api, project.id, { name: "Review" });
    const bug = (await owner.api.post(`/projects/${project.id}/labels`, { name: "bug" })).body;
    const login = await makeCard(owner.api, column.id, { title: "Login page", label_ids: [bug.id] });
    const logout = await makeCard(owner.api, column.id, {
      title: "Logout",
      body: "The 100% LOGIN flow",
      owner_type: "agent",
      assignee_id: agent.user.id,
    });
    const other = await makeCard(owner.api, review.id, { title: "Docs", owner_type: "agent" });
    const gone = await makeCard(owner.api, review.id, { title: "Old login" });
    await owner.api.post(`/cards/${gone.id}/archive`);
    await agent.api.post(`/cards/${other.id}/claim`);

    const find = (query: string) => agent.api.get(`/projects/${project.id}/cards${query}`);
    const all = await find("");
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      data: [login, logout, other].map((card) => expect.objectContaining({ id: card.id })),
      next_cursor: null,
    });
    // A number names one card, archived or not.
    expect((await find(`?number=${logout.number}`)).body.data).toEqual([
      expect.objectContaining({ id: logout.id, number: logout.number }),
    ]);
    expect(titles(await find(`?number=${gone.number}`))).toEqual(["Old login"]);
    expect(titles(await find(`?number=${gone.number}&archived=false`))).toEqual([]);
    expect(titles(await find("?number=99"))).toEqual([]);
    // Text: title or body, case-insensitive; % and _ are literal.
    expect(titles(await find("?q=login"))).toEqual(["Login page", "Logout"]);
    expect(titles(await find("?q=100%25"))).toEqual(["Logout"]);
    expect(titles(await find("?q=1_0"))).toEqual([]);
    expect(titles(await find("?q=login&archived=true"))).toEqual(["Old login"]);
    expect(titles(await find(`?column_id=${review.id}`))).toEqual(["Docs"]);
    expect(titles(await find(`?label_id=${bug.id}`))).toEqual(["Login page"]);
    expect(titles(await find(`?assignee_id=${agent.user.id}`))).toEqual(["Logout"]);
    expect(titles(await find(`?claimed_by=${agent.user.id}`))).toEqual(["Docs"]);
    expect(titles(await find("?owner_type=agent"))).toEqual(["Logout", "Docs"]);
    expect(titles(await find(`?owner_type=agent&column_id=${column.id}`))).toEqual(["Logout"]);
    // An expired lease is no claim.
    await t.database.db.$executeRaw`
      UPDATE cards SET claim_expires_at = (now() AT TIME ZONE 'UTC') - interval '1 second' WHERE id = ${other.id}::uuid`;
    expect(titles(await find(`?claimed_by=${agent.user.id}`))).toEqual([]);
  });

  it("finds by priority, any live claim and due window (the web app's search)", async () => {
    const { owner, project, column, agent } = await teamBoard();
    const high = (await owner.api.post(`/projects/${project.id}/priorities`, { name: "High" })).body;
    const day = 24 * 3600 * 1000;
    const inDays = (days: number) => new Date(Date.now() + days * day).toISOString();
    await makeCard(owner.api, column.id, { title: "Late", due_at: inDays(-2), priority_id: high.id });
    const soon = await makeCard(owner.api, column.id, { title: "Soon", due_at: inDays(3) });
    await makeCard(owner.api, column.id, { title: "Later", due_at: inDays(20), owner_type: "agent" });
    await makeCard(owner.api, column.id, { title: "Undated" });
    await owner.api.patch(`/cards/${soon.id}`, { owner_type: "agent" });
    await agent.api.post(`/cards/${soon.id}/claim`);
    const find = (query: string) => agent.api.get(`/projects/${project.id}/cards${query}`);
    expect(titles(await find(`?priority_id=${high.id}`))).toEqual(["Late"]);
    expect(titles(await find("?due=overdue"))).toEqual(["Late"]);
    expect(titles(await find("?due=week"))).toEqual(["Soon"]);
    expect(titles(await find("?claimed=true"))).toEqual(["Soon"]);
    expect(titles(await find("?claimed=false"))).toEqual(["Late", "Later", "Undated"]);
    expect(titles(await find("?claimed=false&owner_type=agent"))).toEqual(["Later"]);
    const bad = await find("?due=tomorrow");
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toEqual([{ path: "due", message: expect.any(String) }]);
  });

  it("pages in number order", async () => {
    const { owner, project, column } = await makeBoard(t);
    for (const title of ["a", "b", "c"]) await makeCard(owner.api, column.id, { title });
    const first = await owner.api.get(`/projects/${project.id}/cards?limit=2`);
    expect(titles(first)).toEqual(["a", "b"]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await owner.api.get(
      `/projects/${project.id}/cards?limit=2&cursor=${first.body.next_cursor}`,
    );
    expect(titles(second)).toEqual(["c"]);
    expect(second.body.next_cursor).toBeNull();
  });

  it("refuses bad filters and hides other people's projects", async () => {
    const { owner, project } = await makeBoard(t);
    for (const [query, path] of [
      ["number=1e2", "number"],
      ["number=0", "number"],
      ["owner_type=robot", "owner_type"],
      ["archived=yes", "archived"],
      ["column_id=7", "column_id"],
    ]) {
      const res = await owner.api.get(`/projects/${project.id}/cards?${query}`);
      expect(res.status).toBe(422);
      expect(res.body.error.details).toEqual([{ path, message: expect.any(String) }]);
    }
    const stranger = await makeUser(t);
    const hidden = await stranger.api.get(`/projects/${project.id}/cards`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe("not_found");
  });
});

describe("GET /me/cards (list_my_cards)", () => {
  it("lists the cards the caller holds a claim on or is assigned, across projects", async () => {
    const { owner, project, column, agent } = await teamBoard();
    const second = await makeProject(owner.api, { name: "Second" });
    const secondColumn = await makeColumn(owner.api, second.id);
    await addMember(owner.api, second.id, agent, "member");
    await makeCard(owner.api, column.id, { title: "assigned", assignee_id: agent.user.id });
    const claimed = await makeCard(owner.api, secondColumn.id, { title: "claimed" });
    await makeCard(owner.api, column.id, { title: "someone else's", assignee_id: owner.user.id });
    const archived = await makeCard(owner.api, column.id, { title: "archived", assignee_id: agent.user.id });
    await owner.api.post(`/cards/${archived.id}/archive`);
    await agent.api.post(`/cards/${claimed.id}/claim`);

    expect(titles(await agent.api.get("/me/cards"))).toEqual(["assigned", "claimed"]);
    expect(titles(await agent.api.get("/me/cards?claimed=true"))).toEqual(["claimed"]);
    expect(titles(await agent.api.get("/me/cards?assigned=true"))).toEqual(["assigned"]);
    expect(titles(await agent.api.get("/me/cards?assigned=true&claimed=true"))).toEqual([
      "assigned",
      "claimed",
    ]);
    const page = await agent.api.get("/me/cards?limit=1");
    expect(titles(page)).toEqual(["assigned"]);
    expect(titles(await agent.api.get(`/me/cards?limit=1&cursor=${page.body.next_cursor}`))).toEqual([
      "claimed",
    ]);
    // Finished (in a done column): no longer the caller's work.
    const done = await makeColumn(owner.api, project.id, { name: "Done" });
    await owner.api.patch(`/columns/${done.id}`, { done: true });
    const finished = await makeCard(owner.api, done.id, { title: "finished", assignee_id: agent.user.id });
    expect(titles(await agent.api.get("/me/cards"))).toEqual(["assigned", "claimed"]);
    expect(titles(await agent.api.get(`/projects/${project.id}/cards?assignee_id=${agent.user.id}`))).toEqual(
      ["assigned", finished.title],
    );
    // Released: no longer the caller's.
    await agent.api.delete(`/cards/${claimed.id}/claim`);
    expect(titles(await agent.api.get("/me/cards?claimed=true"))).toEqual([]);
    // Everyone sees their own.
    expect(titles(await owner.api.get("/me/cards"))).toEqual(["someone else's"]);
    expect((await agent.api.get("/me/cards?claimed=maybe")).status).toBe(422);
  });
});

describe("GET /projects/{project_id}/columns/summary (list_columns)", () => {
  it("lists the columns with their done flag and card counts, without cards", async () => {
    const { owner, project, column } = await makeBoard(t);
    const done = await makeColumn(owner.api, project.id, { name: "Done" });
    await owner.api.patch(`/columns/${done.id}`, { done: true });
    await makeCard(owner.api, column.id);
    await makeCard(owner.api, column.id);
    const old = await makeCard(owner.api, done.id);
    await owner.api.post(`/cards/${old.id}/archive`);
    const res = await owner.api.get(`/projects/${project.id}/columns/summary`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        expect.objectContaining({
          id: column.id,
          name: "Todo",
          position: 0,
          done: false,
          card_count: 2,
          archived_card_count: 0,
        }),
        expect.objectContaining({
          id: done.id,
          name: "Done",
          position: 1,
          done: true,
          card_count: 0,
          archived_card_count: 1,
        }),
      ],
      next_cursor: null,
    });
    expect(res.body.data[0].cards).toBeUndefined();
    const empty = await makeProject(owner.api);
    expect((await owner.api.get(`/projects/${empty.id}/columns/summary`)).body).toEqual({
      data: [],
      next_cursor: null,
    });
    const stranger = await makeUser(t);
    expect((await stranger.api.get(`/projects/${project.id}/columns/summary`)).status).toBe(404);
  });
});

describe("searching cards by text (issue 28: ?q= read every title and body, with no time limit)", () => {
  it("goes through the trigram indexes on title and body", async () => {
    const plan = await t.database.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
        "EXPLAIN SELECT id FROM cards WHERE title ILIKE '%login%' OR body ILIKE '%login%'",
      );
    });
    const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toContain("cards_title_trgm_idx");
    expect(text).toContain("cards_body_trgm_idx");
  });

  it("is stopped by its statement timeout when no index can serve it: 422 saying to narrow it, never a long stall", async () => {
    const slow = await createTestApp({ CARD_SEARCH_TIMEOUT_MS: "1" });
    try {
      const { owner, project, column } = await makeBoard(slow);
      await slow.database.db.$executeRawUnsafe(
        `INSERT INTO cards (id, project_id, column_id, number, title, body, position, updated_at)
         SELECT gen_random_uuid(), '${project.id}'::uuid, '${column.id}'::uuid, 1000 + g, 'Card ' || g,
                (SELECT string_agg(md5(g::text || ':' || i::text), ' ') FROM generate_series(1, 100) i), g, now()
         FROM generate_series(1, 400) g`,
      );
      const started = Date.now();
      const res = await owner.api.get(`/projects/${project.id}/cards?q=zq`);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe("validation_failed");
      expect(res.body.error.message).toBe(
        "The query took too long and was stopped: narrow it (a longer search text, or more filters).",
      );
      expect(Date.now() - started).toBeLessThan(2_000);
      // Listing without a text is not limited so.
      const listed = await owner.api.get(`/projects/${project.id}/cards?limit=5`);
      expect([listed.status, listed.body.data.length]).toEqual([200, 5]);
    } finally {
      await slow.close();
    }
  });
});
