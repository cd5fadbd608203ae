import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { addMember, makeBoard, makeCard, makeUser } from "../src/testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("comments", () => {
  it("create, list in order with pagination, delete by author or admin only", async () => {
    const { owner, project, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    const member = await makeUser(t);
    await addMember(owner.api, project.id, member, "member");
    const first = await member.api.post(`/cards/${card.id}/comments`, { body: "Hi @someone" });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      card_id: card.id,
      author_id: member.user.id,
      body: "Hi @someone",
      kind: "comment",
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const second = await owner.api.post(`/cards/${card.id}/comments`, { body: "Second" });
    const page = await owner.api.get(`/cards/${card.id}/comments?limit=1`);
    expect(page.body).toEqual({ data: [first.body], next_cursor: first.body.id });
    const rest = await owner.api.get(`/cards/${card.id}/comments?limit=1&cursor=${page.body.next_cursor}`);
    expect(rest.body).toEqual({ data: [second.body], next_cursor: null });
    expect((await owner.api.post(`/cards/${card.id}/comments`, { body: "" })).status).toBe(422);

    expect((await member.api.delete(`/comments/${second.body.id}`)).status).toBe(403);
    expect((await member.api.delete(`/comments/${first.body.id}`)).status).toBe(204);
    expect((await owner.api.delete(`/comments/${second.body.id}`)).status).toBe(204);
    expect((await owner.api.get(`/cards/${card.id}/comments`)).body).toEqual({ data: [], next_cursor: null });
  });
});

describe("editing comments", () => {
  it("only the author edits; an edit changes updated_at (shown as edited) and the body", async () => {
    const { owner, project, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    const member = await makeUser(t);
    await addMember(owner.api, project.id, member, "member");
    const mine = (await member.api.post(`/cards/${card.id}/comments`, { body: "Frist" })).body;
    const edited = await member.api.patch(`/comments/${mine.id}`, { body: " First " });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ ...mine, body: "First", updated_at: expect.any(String) });
    expect(edited.body.updated_at > mine.created_at).toBe(true);
    // Not even an admin edits another's words.
    const refused = await owner.api.patch(`/comments/${mine.id}`, { body: "Changed" });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("Only its author can edit this comment.");
    expect((await member.api.patch(`/comments/${mine.id}`, { body: "" })).status).toBe(422);
    expect((await owner.api.get(`/cards/${card.id}/comments`)).body.data).toEqual([edited.body]);
  });
});

describe("checklist", () => {
  it("appends, reorders densely, counts on the card payload, deletes", async () => {
    const { owner, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    const items = [];
    for (const text of ["a", "b", "c"]) {
      const res = await owner.api.post(`/cards/${card.id}/checklist`, { text });
      expect(res.status).toBe(201);
      items.push(res.body);
    }
    expect(items.map((item) => item.position)).toEqual([0, 1, 2]);
    const moved = await owner.api.patch(`/checklist/${items[2].id}`, { position: 0, done: true, text: "c!" });
    expect(moved.body).toMatchObject({ position: 0, done: true, text: "c!" });
    const list = await owner.api.get(`/cards/${card.id}/checklist`);
    expect(
      list.body.data.map((item: { text: string; position: number }) => [item.text, item.position]),
    ).toEqual([
      ["c!", 0],
      ["a", 1],
      ["b", 2],
    ]);
    expect((await owner.api.get(`/cards/${card.id}`)).body).toMatchObject({
      checklist_done: 1,
      checklist_total: 3,
    });
    expect((await owner.api.delete(`/checklist/${items[0].id}`)).status).toBe(204);
    const after = await owner.api.get(`/cards/${card.id}/checklist`);
    expect(
      after.body.data.map((item: { text: string; position: number }) => [item.text, item.position]),
    ).toEqual([
      ["c!", 0],
      ["b", 1],
    ]);
    expect((await owner.api.patch(`/checklist/${items[1].id}`, { position: -1 })).status).toBe(422);
    expect((await owner.api.post(`/cards/${card.id}/checklist`, { text: "" })).status).toBe(422);
    const board = await owner.api.get(`/projects/${card.project_id}/columns`);
    expect(board.body.data[0].cards[0]).toMatchObject({ checklist_done: 1, checklist_total: 2 });
  });
});

describe("labels", () => {
  it("project labels, attach/detach on cards, listed on the card payload", async () => {
    const { owner, project, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    const bug = await owner.api.post(`/projects/${project.id}/labels`, { name: "bug", color: "#ff0000" });
    expect(bug.status).toBe(201);
    expect(bug.body).toEqual({
      id: expect.any(String),
      project_id: project.id,
      name: "bug",
      color: "#ff0000",
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const feature = (await owner.api.post(`/projects/${project.id}/labels`, { name: "feature" })).body;
    expect(feature.color).toBe("#808080");
    expect((await owner.api.post(`/projects/${project.id}/labels`, { name: "bug" })).status).toBe(409);
    expect((await owner.api.post(`/projects/${project.id}/labels`, { name: "x", color: "red" })).status).toBe(
      422,
    );

    expect((await owner.api.post(`/cards/${card.id}/labels`, { label_id: feature.id })).status).toBe(201);
    expect((await owner.api.post(`/cards/${card.id}/labels`, { label_id: bug.body.id })).status).toBe(201);
    expect((await owner.api.post(`/cards/${card.id}/labels`, { label_id: bug.body.id })).status).toBe(201);
    const payload = (await owner.api.get(`/cards/${card.id}`)).body;
    expect(payload.labels).toEqual([
      { id: bug.body.id, name: "bug", color: "#ff0000" },
      { id: feature.id, name: "feature", color: "#808080" },
    ]);
    const onCard = await owner.api.get(`/cards/${card.id}/labels`);
    expect(onCard.body.data.map((label: { name: string }) => label.name)).toEqual(["bug", "feature"]);

    const renamed = await owner.api.patch(`/labels/${bug.body.id}`, { name: "defect" });
    expect(renamed.body.name).toBe("defect");
    expect((await owner.api.delete(`/cards/${card.id}/labels/${feature.id}`)).status).toBe(204);
    expect((await owner.api.delete(`/cards/${card.id}/labels/${feature.id}`)).status).toBe(404);
    expect((await owner.api.delete(`/labels/${bug.body.id}`)).status).toBe(204);
    expect((await owner.api.get(`/cards/${card.id}`)).body.labels).toEqual([]);
    expect((await owner.api.get(`/projects/${project.id}/labels`)).body.data).toHaveLength(1);

    const other = await makeBoard(t);
    const foreign = (await other.owner.api.post(`/projects/${other.project.id}/labels`, { name: "x" })).body;
    const res = await owner.api.post(`/cards/${card.id}/labels`, { label_id: foreign.id });
    expect(res.status).toBe(422);
  });
});

describe("priorities", () => {
  it("a ladder: appended at the bottom, reordered densely, delete nulls cards", async () => {
    const { owner, project, column } = await makeBoard(t);
    const names = ["urgent", "high", "low"];
    const created = [];
    for (const name of names)
      created.push((await owner.api.post(`/projects/${project.id}/priorities`, { name })).body);
    expect(created.map((p) => p.position)).toEqual([0, 1, 2]);
    expect(created[0]).toEqual({
      id: expect.any(String),
      project_id: project.id,
      name: "urgent",
      color: null,
      position: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const moved = await owner.api.patch(`/priorities/${created[2].id}`, { position: 0, color: "#00ff00" });
    expect(moved.body).toMatchObject({ position: 0, color: "#00ff00", name: "low" });
    const ladder = await owner.api.get(`/projects/${project.id}/priorities`);
    expect(ladder.body.data.map((p: { name: string; position: number }) => [p.name, p.position])).toEqual([
      ["low", 0],
      ["urgent", 1],
      ["high", 2],
    ]);
    const card = await makeCard(owner.api, column.id, { priority_id: created[1].id });
    expect(card.priority_id).toBe(created[1].id);
    expect((await owner.api.delete(`/priorities/${created[1].id}`)).status).toBe(204);
    expect((await owner.api.get(`/cards/${card.id}`)).body.priority_id).toBeNull();
    const after = await owner.api.get(`/projects/${project.id}/priorities`);
    expect(after.body.data.map((p: { name: string; position: number }) => [p.name, p.position])).toEqual([
      ["low", 0],
      ["urgent", 1],
    ]);
  });
});
