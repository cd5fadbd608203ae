// Watching a card (watch_card, unwatch_card, get_card_watch): a watcher hears of what others change
// on the card, through any client, in the change's own transaction; their own changes, and a
// former member, hear nothing. The agent's mistakes (a wrong id, an id of the wrong type) say what
// to do next.
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { addMember, makeBoard, makeCard, makeColumn, makeUser } from "../src/testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const kinds = (res: { body: { data: Array<{ kind: string; excerpt: string }> } }) =>
  res.body.data.map((n) => `${n.kind}: ${n.excerpt}`);

describe("watching a card", () => {
  it("watch, read back and unwatch; any member may, viewers too", async () => {
    const { owner, project, column } = await makeBoard(t);
    const viewer = await makeUser(t);
    await addMember(owner.api, project.id, viewer, "viewer");
    const card = await makeCard(owner.api, column.id);

    expect((await viewer.api.get(`/cards/${card.id}/watch`)).body).toEqual({
      card_id: card.id,
      watching: false,
      watcher_count: 0,
    });
    const watched = await viewer.api.post(`/cards/${card.id}/watch`);
    expect(watched.status).toBe(200);
    expect(watched.body).toEqual({ card_id: card.id, watching: true, watcher_count: 1 });
    // Watching twice changes nothing.
    expect((await viewer.api.post(`/cards/${card.id}/watch`)).body.watcher_count).toBe(1);
    expect((await owner.api.get(`/cards/${card.id}/watch`)).body).toEqual({
      card_id: card.id,
      watching: false,
      watcher_count: 1,
    });
    const unwatched = await viewer.api.delete(`/cards/${card.id}/watch`);
    expect(unwatched.status).toBe(200);
    expect(unwatched.body).toEqual({ card_id: card.id, watching: false, watcher_count: 0 });
    expect((await viewer.api.delete(`/cards/${card.id}/watch`)).status).toBe(200);
  });

  it("a stranger's watch is not_found; a card number for the id says it takes a UUID and where to get one", async () => {
    const { owner, column } = await makeBoard(t);
    const stranger = await makeUser(t);
    const card = await makeCard(owner.api, column.id);

    const refused = await stranger.api.post(`/cards/${card.id}/watch`);
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe("not_found");
    expect(refused.body.error.message).toBe(
      "Card not found. Use find_cards or list_my_cards to get a card_id " +
        "(HTTP: GET /projects/{project_id}/cards, GET /me/cards).",
    );
    const byNumber = await owner.api.post(`/cards/${card.number}/watch`);
    expect(byNumber.status).toBe(404);
    expect(byNumber.body.error.message).toMatch(
      /^Card not found: card_id takes an id \(a UUID\), not a number or a name\. Use find_cards/,
    );
    // A body where none is taken is refused naming the field.
    const extra = await owner.api.patch(`/me`, { email_notifications: "yes" });
    expect(extra.status).toBe(422);
    expect(extra.body.error.details).toEqual([expect.objectContaining({ path: "email_notifications" })]);
    expect(await t.database.db.cardWatcher.count({ where: { cardId: card.id } })).toBe(0);
  });

  it("a watcher hears of others' edits, moves, comments, handoffs and archiving; not of their own", async () => {
    const { owner, project, column } = await makeBoard(t);
    const done = await makeColumn(owner.api, project.id, { name: "Review" });
    const watcher = await makeUser(t, { name: "Wendy Watcher" });
    const agent = await makeUser(t, { name: "Agent A" });
    await addMember(owner.api, project.id, watcher, "member");
    await addMember(owner.api, project.id, agent, "member");
    const card = await makeCard(owner.api, column.id, { title: "Parser" });
    await watcher.api.post(`/cards/${card.id}/watch`);

    await agent.api.patch(`/cards/${card.id}`, { title: "Parser v2", due_at: "2030-01-01T00:00:00.000Z" });
    await agent.api.post(`/cards/${card.id}/move`, { to_column_id: done.id });
    const comment = await agent.api.post(`/cards/${card.id}/comments`, { body: "Looks\n good" });
    await agent.api.post(`/cards/${card.id}/handoff`, {
      note: "Over to the owner",
      to_user_id: owner.user.id,
    });
    // Their own change tells them nothing.
    await watcher.api.post(`/cards/${card.id}/comments`, { body: "Thanks" });
    await agent.api.post(`/cards/${card.id}/archive`);

    const list = await watcher.api.get("/me/notifications");
    expect(kinds(list)).toEqual([
      "watched: Archived",
      "watched: Handed off: Over to the owner",
      "watched: Looks good",
      "watched: Moved to Review",
      "watched: Changed title and due at",
    ]);
    expect(list.body.data[2]).toMatchObject({
      kind: "watched",
      card_id: card.id,
      comment_id: comment.body.id,
      actor_id: agent.user.id,
      actor_name: "Agent A",
    });
    // The handoff's recipient gets the handoff, not a second, "watched" one, though they watch too.
    expect(kinds(await owner.api.get("/me/notifications"))).toEqual(["handoff: Over to the owner"]);
  });

  it("the new assignee who watches gets the assignment alone; a former member hears nothing", async () => {
    const { owner, project, column } = await makeBoard(t);
    const bob = await makeUser(t);
    const leaver = await makeUser(t);
    await addMember(owner.api, project.id, bob, "member");
    await addMember(owner.api, project.id, leaver, "member");
    const card = await makeCard(owner.api, column.id);
    await bob.api.post(`/cards/${card.id}/watch`);
    await leaver.api.post(`/cards/${card.id}/watch`);
    expect((await owner.api.delete(`/projects/${project.id}/members/${leaver.user.id}`)).status).toBe(204);

    await owner.api.patch(`/cards/${card.id}`, { assignee_id: bob.user.id });
    expect(kinds(await bob.api.get("/me/notifications"))).toEqual([`assigned: ${card.title}`]);
    expect(await t.database.db.notification.count({ where: { userId: leaver.user.id } })).toBe(0);
  });

  it("a change that fails writes no notification (the notification is part of its transaction)", async () => {
    const { owner, project, column } = await makeBoard(t);
    const bob = await makeUser(t);
    await addMember(owner.api, project.id, bob, "member");
    const card = await makeCard(owner.api, column.id);
    await bob.api.post(`/cards/${card.id}/watch`);
    // A move to another project's column fails before anything is written.
    const other = await makeBoard(t);
    const refused = await owner.api.post(`/cards/${card.id}/move`, { to_column_id: other.column.id });
    expect(refused.status).toBe(422);
    // Archived, then moved: conflict, inside the transaction.
    await owner.api.post(`/cards/${card.id}/archive`);
    const conflict = await owner.api.post(`/cards/${card.id}/move`, { to_column_id: column.id });
    expect(conflict.status).toBe(409);
    expect(kinds(await bob.api.get("/me/notifications"))).toEqual(["watched: Archived"]);
  });
});
