// The project's trash (issue 31): delete_card moves a card there, where no other read sees it;
// who may delete (its creator, an admin or owner); list_trash, restore_card, empty_trash; and the
// sweeper's purge of cards trashed more than 30 days ago, with their files.
import { existsSync } from "node:fs";
import path from "node:path";
import type { Card } from "@org/contracts";
import { FileStore } from "../src/services/file-store.ts";
import { purgeExpiredTrash } from "../src/services/trash.ts";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { addMember, makeBoard, makeCard, makeColumn, makeUser } from "../src/testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const IN_TRASH =
  "The card is in the project's trash: restore_card brings it back (list_trash lists the trash).";

/** A board with an owner, an admin and two members, and a card the first member created. */
async function team() {
  const { owner, project, column } = await makeBoard(t);
  const admin = await makeUser(t, { name: "Ada Admin" });
  const creator = await makeUser(t, { name: "Cleo Creator" });
  const other = await makeUser(t, { name: "Otto Other" });
  await addMember(owner.api, project.id, admin, "admin");
  await addMember(owner.api, project.id, creator, "member");
  await addMember(owner.api, project.id, other, "member");
  const card = await makeCard(creator.api, column.id, { title: "Draft", assignee_id: creator.user.id });
  return { owner, admin, creator, other, project, column, card };
}

const titles = (cards: Card[]) => cards.map((card) => card.title);

describe("deleting a card moves it to the trash", () => {
  it("its creator may, another member is forbidden and told who can, an admin may delete anyone's", async () => {
    const { admin, creator, other, column, card } = await team();

    const refused = await other.api.delete(`/cards/${card.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: "forbidden",
      message:
        "Only the card's creator or a project admin or owner may delete this card; archive_card files it away instead.",
    });
    expect((await other.api.get(`/cards/${card.id}`)).status).toBe(200);

    expect((await creator.api.delete(`/cards/${card.id}`)).status).toBe(204);

    const othersCard = await makeCard(other.api, column.id, { title: "Other's" });
    expect((await admin.api.delete(`/cards/${othersCard.id}`)).status).toBe(204);
  });

  it("a trashed card leaves the board, searches, /me/cards, the column counts and card reads", async () => {
    const { owner, creator, project, column, card } = await team();
    const kept = await makeCard(owner.api, column.id, { title: "Kept" });
    expect((await creator.api.delete(`/cards/${card.id}`)).status).toBe(204);

    const board = (await owner.api.get(`/projects/${project.id}/columns?include_archived=true`)).body;
    expect(titles(board.data[0].cards)).toEqual(["Kept"]);
    expect(board.data[0].cards[0].position).toBe(0);
    expect(titles((await owner.api.get(`/projects/${project.id}/cards`)).body.data)).toEqual(["Kept"]);
    expect((await owner.api.get(`/projects/${project.id}/cards?q=Draft`)).body.data).toEqual([]);
    expect((await owner.api.get(`/projects/${project.id}/cards?number=${card.number}`)).body.data).toEqual(
      [],
    );
    expect((await creator.api.get("/me/cards")).body.data).toEqual([]);
    const summary = (await owner.api.get(`/projects/${project.id}/columns/summary`)).body.data;
    expect(summary[0]).toMatchObject({ card_count: 1, archived_card_count: 0 });

    // A member is told where it went; a stranger learns nothing.
    const read = await owner.api.get(`/cards/${card.id}`);
    expect(read.status).toBe(404);
    expect(read.body.error.message).toBe(IN_TRASH);
    expect((await owner.api.post(`/cards/${card.id}/comments`, { body: "hi" })).body.error.message).toBe(
      IN_TRASH,
    );
    const stranger = await makeUser(t);
    expect((await stranger.api.get(`/cards/${card.id}`)).body.error.message).toMatch(/^Card not found\./);
    expect((await owner.api.get(`/cards/${kept.id}`)).status).toBe(200);
  });

  it("what a trashed card holds is out of reach by its own id too, and back with the card", async () => {
    const { owner, creator, card } = await team();
    const comment = (await creator.api.post(`/cards/${card.id}/comments`, { body: "a note" })).body;
    const item = (await creator.api.post(`/cards/${card.id}/checklist`, { text: "a step" })).body;
    const file = (
      await creator.api.post(`/cards/${card.id}/attachments`).attach("file", Buffer.from("bytes"), "a.txt")
    ).body;
    const commentFile = (
      await creator.api
        .post(`/comments/${comment.id}/attachments`)
        .attach("file", Buffer.from("bytes"), "b.txt")
    ).body;
    expect((await creator.api.delete(`/cards/${card.id}`)).status).toBe(204);

    const attempts = () => [
      owner.api.patch(`/comments/${comment.id}`, { body: "edited" }),
      owner.api.delete(`/comments/${comment.id}`),
      owner.api.get(`/comments/${comment.id}/attachments`),
      owner.api.patch(`/checklist/${item.id}`, { done: true }),
      owner.api.delete(`/checklist/${item.id}`),
      owner.api.get(`/attachments/${file.id}`),
      owner.api.delete(`/attachments/${file.id}`),
      owner.api.get(`/attachments/${commentFile.id}`),
    ];
    for (const res of await Promise.all(attempts())) {
      expect([res.status, res.body.error?.message]).toEqual([404, IN_TRASH]);
    }
    // A stranger learns nothing more than of any id.
    const stranger = await makeUser(t);
    const probe = await stranger.api.patch(`/comments/${comment.id}`, { body: "x" });
    expect([probe.status, probe.body.error.message]).toEqual([
      404,
      expect.stringMatching(/^Comment not found\./),
    ]);

    expect((await owner.api.post(`/cards/${card.id}/restore`)).status).toBe(200);
    expect((await creator.api.patch(`/comments/${comment.id}`, { body: "edited" })).status).toBe(200);
    expect((await owner.api.patch(`/checklist/${item.id}`, { done: true })).status).toBe(200);
    expect((await owner.api.get(`/attachments/${file.id}`)).status).toBe(200);
  });

  it("list_trash shows it with who deleted it; restore_card brings it back last in its column", async () => {
    const { owner, creator, other, project, column, card } = await team();
    await makeCard(owner.api, column.id, { title: "Second" });
    await creator.api.post(`/cards/${card.id}/comments`, { body: "a note" });
    await creator.api.delete(`/cards/${card.id}`);

    const trash = await other.api.get(`/projects/${project.id}/trash`);
    expect(trash.status).toBe(200);
    expect(trash.body.data).toEqual([
      expect.objectContaining({
        id: card.id,
        title: "Draft",
        deleted_by: creator.user.id,
        deleted_at: expect.any(String),
      }),
    ]);

    // Any member may restore it, with its comments.
    const restored = await other.api.post(`/cards/${card.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: card.id, column_id: column.id, position: 1 });
    const board = (await owner.api.get(`/projects/${project.id}/columns`)).body;
    expect(titles(board.data[0].cards)).toEqual(["Second", "Draft"]);
    expect((await owner.api.get(`/cards/${card.id}/comments`)).body.data).toHaveLength(1);
    expect((await owner.api.get(`/projects/${project.id}/trash`)).body.data).toEqual([]);
    // Restoring a card not in the trash changes nothing.
    expect((await other.api.post(`/cards/${card.id}/restore`)).body.position).toBe(1);
  });

  it("empty_trash: admins and owners only; the cards are gone for good", async () => {
    const { owner, admin, creator, project, column, card } = await team();
    const two = await makeCard(owner.api, column.id, { title: "Two" });
    await creator.api.delete(`/cards/${card.id}`);
    await owner.api.delete(`/cards/${two.id}`);

    const refused = await creator.api.delete(`/projects/${project.id}/trash`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    const emptied = await admin.api.delete(`/projects/${project.id}/trash`);
    expect(emptied.status).toBe(200);
    expect(emptied.body).toEqual({ deleted_count: 2 });
    expect((await owner.api.get(`/projects/${project.id}/trash`)).body.data).toEqual([]);
    const gone = await owner.api.post(`/cards/${card.id}/restore`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toMatch(/^Card in the trash not found\. Use list_trash/);
  });

  it("deleting its column deletes the column's trashed cards for good", async () => {
    const { owner, project } = await makeBoard(t);
    const doomed = await makeColumn(owner.api, project.id, { name: "Doomed" });
    const card = await makeCard(owner.api, doomed.id);
    await owner.api.delete(`/cards/${card.id}`);
    expect((await owner.api.delete(`/columns/${doomed.id}`)).status).toBe(204);
    expect((await owner.api.get(`/projects/${project.id}/trash`)).body.data).toEqual([]);
  });
});

describe("the sweeper", () => {
  it("deletes cards trashed more than 30 days ago, with their files, and keeps younger ones", async () => {
    const { owner, project, column } = await makeBoard(t);
    const old = await makeCard(owner.api, column.id, { title: "Old" });
    const upload = await owner.api
      .post(`/cards/${old.id}/attachments`)
      .attach("file", Buffer.from("bytes"), "notes.txt");
    expect(upload.status).toBe(201);
    const stored = await t.database.db.attachment.findFirstOrThrow({ where: { cardId: old.id } });
    const file = path.join(t.attachmentsDir, stored.storageKey);
    expect(existsSync(file)).toBe(true);
    await owner.api.delete(`/cards/${old.id}`);
    const young = await makeCard(owner.api, column.id, { title: "Young" });
    await owner.api.delete(`/cards/${young.id}`);
    await t.database.db.card.update({
      where: { id: old.id },
      data: { deletedAt: new Date(Date.now() - 31 * DAY) },
    });

    expect(await purgeExpiredTrash(t.database.db, new FileStore(t.attachmentsDir))).toBe(1);
    expect(titles((await owner.api.get(`/projects/${project.id}/trash`)).body.data)).toEqual(["Young"]);
    expect(existsSync(file)).toBe(false);
    // Day 29 of the young one: still there.
    expect(
      await purgeExpiredTrash(
        t.database.db,
        new FileStore(t.attachmentsDir),
        new Date(Date.now() + 29 * DAY),
      ),
    ).toBe(0);
  });
});

describe("renaming and recolouring a label", () => {
  it("an admin renames and recolours it and the cards show it; a member is forbidden", async () => {
    const { owner, admin, creator, project, card } = await team();
    const label = (await owner.api.post(`/projects/${project.id}/labels`, { name: "bug", color: "#ff0000" }))
      .body;
    await creator.api.post(`/cards/${card.id}/labels`, { label_id: label.id });

    const renamed = await admin.api.patch(`/labels/${label.id}`, { name: "defect", color: "#00aa00" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: label.id, name: "defect", color: "#00aa00" });
    expect((await creator.api.get(`/cards/${card.id}`)).body.labels).toEqual([
      { id: label.id, name: "defect", color: "#00aa00" },
    ]);

    const refused = await creator.api.patch(`/labels/${label.id}`, { name: "nope" });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    await owner.api.post(`/projects/${project.id}/labels`, { name: "ui" });
    const taken = await admin.api.patch(`/labels/${label.id}`, { name: "ui" });
    expect(taken.status).toBe(409);
    const badColour = await admin.api.patch(`/labels/${label.id}`, { color: "green" });
    expect(badColour.status).toBe(422);
  });
});
