// Due-date reminders (the sweeper's sendDueReminders): a day before, each assignee of an open card
// gets a due_soon notification, once per card and due date, even with two instances sweeping at
// the same moment; moving the due date brings a new reminder.
import { sendDueReminders } from "../src/services/due-reminders.ts";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { addMember, makeBoard, makeCard, makeColumn, makeUser } from "../src/testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe("due-date reminders", () => {
  it("remind the assignee a day before, once per card and due date, with two sweepers at once", async () => {
    const { owner, project, column } = await makeBoard(t);
    const done = await makeColumn(owner.api, project.id, { name: "Done" });
    await owner.api.patch(`/columns/${done.id}`, { done: true });
    const bob = await makeUser(t, { name: "Bob" });
    await addMember(owner.api, project.id, bob, "member");
    const soon = await makeCard(owner.api, column.id, {
      title: "Ship it",
      assignee_id: bob.user.id,
      due_at: inHours(20),
    });
    // Not yet (two days), unassigned, finished, or archived: no reminder.
    await makeCard(owner.api, column.id, { title: "Later", assignee_id: bob.user.id, due_at: inHours(48) });
    await makeCard(owner.api, column.id, { title: "Nobody's", due_at: inHours(5) });
    await makeCard(owner.api, done.id, { title: "Finished", assignee_id: bob.user.id, due_at: inHours(5) });
    const archived = await makeCard(owner.api, column.id, {
      title: "Shelved",
      assignee_id: bob.user.id,
      due_at: inHours(5),
    });
    await owner.api.post(`/cards/${archived.id}/archive`);
    await bob.api.post("/me/notifications/read");

    const db = t.database.db;
    const counts = await Promise.all([sendDueReminders({ db }), sendDueReminders({ db })]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendDueReminders({ db })).toBe(0);

    const [reminder, ...rest] = (await bob.api.get("/me/notifications?unread=true")).body.data;
    expect(rest).toEqual([]);
    expect(reminder).toMatchObject({
      kind: "due_soon",
      card_id: soon.id,
      card_title: "Ship it",
      actor_id: null,
      actor_name: null,
      excerpt: expect.stringMatching(/^Due \d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
    });

    // A new due date (still within a day) is reminded of again; the same one is not.
    await owner.api.patch(`/cards/${soon.id}`, { due_at: inHours(10) });
    expect(await sendDueReminders({ db })).toBe(1);
    await owner.api.patch(`/cards/${soon.id}`, { title: "Ship it now" });
    expect(await sendDueReminders({ db })).toBe(0);
    expect((await bob.api.get("/me/notifications?unread=true")).body.data).toHaveLength(2);
  });
});
