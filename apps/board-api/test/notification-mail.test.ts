// Notifications by mail (the sweeper's mailNotifications): only to those who opted in (update_me
// email_notifications) with a verified address; each notification looked at once, even by two
// sweepers at the same moment.
import { outboxMailer } from "@org/service-kit";
import { mailNotifications } from "../src/services/notification-mail.ts";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { addMember, makeBoard, makeCard, makeUser } from "../src/testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const publicUrl = "http://board.test";

describe("notifications by mail", () => {
  it("mail an opted-in, verified assignee once; nobody else", async () => {
    const { owner, project, column } = await makeBoard(t);
    const ada = await makeUser(t, { name: "Ada Lovelace" });
    const bob = await makeUser(t, { name: "Bob" });
    const cy = await makeUser(t, { name: "Cy" });
    for (const person of [ada, bob, cy]) await addMember(owner.api, project.id, person, "member");
    const db = t.database.db;
    // Ada opts in and is verified; Bob opts in but is not verified; Cy is verified, not opted in.
    const optedIn = await ada.api.patch("/me", { email_notifications: true });
    expect(optedIn.status).toBe(200);
    expect(optedIn.body).toMatchObject({ email_notifications: true });
    expect((await cy.api.get("/me")).body).toMatchObject({ email_notifications: false });
    await bob.api.patch("/me", { email_notifications: true });
    await db.user.updateMany({
      where: { id: { in: [ada.user.id, cy.user.id] } },
      data: { emailVerifiedAt: new Date() },
    });

    const card = await makeCard(owner.api, column.id, { title: "Fix the login bug" });
    for (const person of [ada, bob, cy]) {
      await owner.api.patch(`/cards/${card.id}`, { assignee_id: person.user.id });
    }

    const mailer = outboxMailer({ from: "Board <no-reply@board.test>" });
    const sent = await Promise.all([
      mailNotifications({ db, mailer, publicUrl }),
      mailNotifications({ db, mailer, publicUrl }),
    ]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(await mailNotifications({ db, mailer, publicUrl })).toBe(0);
    const [mail, ...others] = mailer.outbox() ?? [];
    expect(others).toEqual([]);
    expect(mail).toMatchObject({
      to: ada.user.email,
      subject: `${owner.user.name} assigned you #${card.number} Fix the login bug`,
    });
    expect(mail!.text).toContain(`${publicUrl}/app/projects/${project.id}/cards/${card.id}`);
    expect(mail!.text).toContain('turned on "Email me my notifications"');

    // Turned off: no more mail.
    await ada.api.patch("/me", { email_notifications: false });
    await owner.api.post(`/cards/${card.id}/handoff`, { note: "yours again", to_user_id: ada.user.id });
    expect(await mailNotifications({ db, mailer, publicUrl })).toBe(0);
  });
});
