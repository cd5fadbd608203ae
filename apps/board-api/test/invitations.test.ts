// Invitations: nobody joins a project without accepting, and an email address earns nothing until
// its owner proved they receive mail there. Mail goes through a real SMTP server (smtp-server).
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createTestDatabase } from "@org/db/testing";
import { startSmtpCatcher, type SmtpCatcher } from "@org/service-kit/testing";
import pg from "pg";
import request from "supertest";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { addMember, client, makeBoard, makeProject, makeUser, type Client } from "../src/testing/fixtures.ts";
import { connect, startLiveInstance } from "../src/testing/live.ts";
import { loadBoardEnv } from "../src/env.ts";
import { webConfig } from "../src/http/web.ts";
import { createUser } from "../src/services/users.ts";
import { startWebSession } from "../src/services/web-sessions.ts";

let smtp: SmtpCatcher;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "http://localhost:4000" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** What a caller sees of a response, request id aside. */
const visible = (res: request.Response) => ({
  status: res.status,
  text: res.text,
  contentType: res.headers["content-type"],
  contentLength: res.headers["content-length"],
});

type Person = { user: { id: string; email: string }; api: Client };

/** The secret of the last verification link mailed to `email` after `since` mails. */
async function mailedVerification(email: string, since: number): Promise<string> {
  const mail = await smtp.waitFor(email, { since });
  expect(mail.subject).toBe("Confirm your email address for Board");
  return /http:\/\/localhost:4000\/app\/verify-email#(\S+)/.exec(mail.text)![1]!;
}

/** The person verifies their address as they would: ask for the mail, open its link signed in. */
async function verify(person: Person) {
  const since = smtp.received.length;
  await person.api.post("/me/email-verification").expect(201);
  const token = await mailedVerification(person.user.email, since);
  const confirmed = await person.api.post("/me/email-verification/confirm", { token });
  expect(confirmed.status).toBe(200);
  expect(confirmed.body.email_verified).toBe(true);
}

const unique = (name: string) =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe("adding a member by email", () => {
  it("answers the same for an address with an account, without one, and of a member", async () => {
    const { owner, project } = await makeBoard(t);
    const bob = await makeUser(t, { email: unique("bob") });
    const carol = await makeUser(t);
    await addMember(owner.api, project.id, carol, "viewer");
    const invite = (email: string) =>
      owner.api.post(`/projects/${project.id}/members`, { email, role: "member" });

    const known = await invite(bob.user.email);
    const nobody = unique("nobody");
    const unknown = await invite(nobody);
    const member = await invite(carol.user.email);
    expect(visible(known)).toEqual({ status: 202, text: "", contentType: undefined, contentLength: "0" });
    expect(visible(unknown)).toEqual(visible(known));
    expect(visible(member)).toEqual(visible(known));

    // Nobody was added: the member list says nothing either.
    const members = await owner.api.get(`/projects/${project.id}/members`);
    expect(members.body.data.map((m: { user_id: string }) => m.user_id)).toEqual([
      owner.user.id,
      carol.user.id,
    ]);
    const invitations = await owner.api.get(`/projects/${project.id}/invitations`);
    expect(invitations.body.data.map((i: { email: string }) => i.email).sort()).toEqual(
      [bob.user.email, carol.user.email, nobody].sort(),
    );
  });

  it("an unverified address sees and accepts nothing sent to it: signing up first with it hijacks nothing", async () => {
    const { owner, project } = await makeBoard(t);
    const victim = unique("victim");
    await owner.api.post(`/projects/${project.id}/members`, { email: victim, role: "admin" }).expect(202);
    // Mallory signs up with the invited address, which she does not own.
    const mallory = await makeUser(t, { email: victim, name: "Mallory" });
    expect((await mallory.api.get("/me")).body.email_verified).toBe(false);
    expect((await mallory.api.get("/me/invitations")).body.data).toEqual([]);
    const [pending] = (await owner.api.get(`/projects/${project.id}/invitations`)).body.data;
    expect((await mallory.api.post(`/invitations/${pending.id}/accept`)).status).toBe(404);
    expect((await mallory.api.delete(`/invitations/${pending.id}`)).status).toBe(404);
    expect((await mallory.api.get(`/projects/${project.id}`)).status).toBe(404);

    // Verifying needs the mail, which goes to the address's real owner, not to Mallory.
    const since = smtp.received.length;
    await mallory.api.post("/me/email-verification").expect(201);
    const token = await mailedVerification(victim, since);
    const guess = await mallory.api.post("/me/email-verification/confirm", { token: "ev_guessed" });
    expect(guess.status).toBe(404);
    // A link opened by another account (the victim's own, or a mail scanner's) verifies nothing.
    const eve = await makeUser(t);
    expect((await eve.api.post("/me/email-verification/confirm", { token })).status).toBe(404);
    expect((await eve.api.get("/me")).body.email_verified).toBe(false);
    expect((await mallory.api.get("/me/invitations")).body.data).toEqual([]);
    expect((await owner.api.get(`/projects/${project.id}/members`)).body.data).toHaveLength(1);
  });

  it("a verified address sees and accepts invitations sent to it; nobody else can", async () => {
    const { owner, project } = await makeBoard(t);
    const bob = await makeUser(t, { email: unique("bob") });
    const mallory = await makeUser(t);
    await verify(bob);
    // Addresses are compared trimmed and in lower case, as accounts store them.
    await owner.api
      .post(`/projects/${project.id}/members`, { email: ` ${bob.user.email.toUpperCase()} `, role: "admin" })
      .expect(202);
    const mine = await bob.api.get("/me/invitations");
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      data: [
        {
          id: expect.any(String),
          project_id: project.id,
          project_name: project.name,
          email: bob.user.email,
          user_id: null,
          role: "admin",
          invited_by: owner.user.id,
          invited_by_name: owner.user.name,
          created_at: expect.any(String),
          expires_at: expect.any(String),
        },
      ],
      next_cursor: null,
    });
    const invitationId = mine.body.data[0].id;
    expect((await mallory.api.get("/me/invitations")).body.data).toEqual([]);
    expect((await mallory.api.post(`/invitations/${invitationId}/accept`)).status).toBe(404);
    expect((await mallory.api.delete(`/invitations/${invitationId}`)).status).toBe(404);
    expect((await mallory.api.get(`/projects/${project.id}/invitations`)).status).toBe(404);

    const accepted = await bob.api.post(`/invitations/${invitationId}/accept`);
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ project_id: project.id, user_id: bob.user.id, role: "admin" });
    expect((await bob.api.get(`/projects/${project.id}`)).body.role).toBe("admin");
    expect((await bob.api.get("/me/invitations")).body.data).toEqual([]);
    expect((await bob.api.post(`/invitations/${invitationId}/accept`)).status).toBe(404);
  });

  it("reaches an account created later, once verified; declined by the invitee, revoked by an admin", async () => {
    const { owner, project } = await makeBoard(t);
    const email = unique("later");
    await owner.api.post(`/projects/${project.id}/members`, { email }).expect(202);
    const created = await createUser({ db: t.database.db, email, name: "Later" });
    const later = { user: created.user, api: client(t, created.token) };
    expect((await later.api.get("/me/invitations")).body.data).toEqual([]);
    await verify(later);
    const mine = await later.api.get("/me/invitations");
    expect(mine.body.data).toEqual([expect.objectContaining({ project_id: project.id, role: "member" })]);
    expect((await later.api.delete(`/invitations/${mine.body.data[0].id}`)).status).toBe(204);
    expect((await later.api.get(`/projects/${project.id}`)).status).toBe(404);

    await owner.api.post(`/projects/${project.id}/members`, { email, role: "viewer" }).expect(202);
    const pending = await owner.api.get(`/projects/${project.id}/invitations`);
    expect((await owner.api.delete(`/invitations/${pending.body.data[0].id}`)).status).toBe(204);
    expect((await owner.api.get(`/projects/${project.id}/invitations`)).body.data).toEqual([]);
  });

  it("needs admin; only an owner invites an owner; inviting again replaces the role", async () => {
    const { owner, project } = await makeBoard(t);
    const admin = await makeUser(t);
    const member = await makeUser(t);
    await addMember(owner.api, project.id, admin, "admin");
    await addMember(owner.api, project.id, member, "member");
    const email = unique("role");
    expect((await member.api.post(`/projects/${project.id}/members`, { email })).status).toBe(403);
    expect((await member.api.post(`/projects/${project.id}/invitations`, { email })).status).toBe(403);
    expect((await member.api.get(`/projects/${project.id}/invitations`)).status).toBe(403);
    expect((await admin.api.post(`/projects/${project.id}/members`, { email, role: "owner" })).status).toBe(
      403,
    );
    expect(
      (await admin.api.post(`/projects/${project.id}/invitations`, { email, role: "owner" })).status,
    ).toBe(403);
    await admin.api.post(`/projects/${project.id}/members`, { email, role: "viewer" }).expect(202);
    await owner.api.post(`/projects/${project.id}/members`, { email, role: "owner" }).expect(202);
    const pending = await admin.api.get(`/projects/${project.id}/invitations`);
    expect(pending.body.data).toEqual([
      expect.objectContaining({ email, role: "owner", invited_by: owner.user.id }),
    ]);
  });
});

describe("invitation links", () => {
  it("are shown once, previewed and accepted once by whoever holds the link, whatever their address", async () => {
    const { owner, project } = await makeBoard(t);
    const created = await owner.api.post(`/projects/${project.id}/invitations`, {
      email: "Dana@Example.com",
      role: "member",
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      project_id: project.id,
      project_name: project.name,
      email: "dana@example.com",
      user_id: null,
      role: "member",
      invited_by: owner.user.id,
      invited_by_name: owner.user.name,
      created_at: expect.any(String),
      expires_at: expect.any(String),
      url: expect.stringMatching(/^http:\/\/localhost:4000\/app\/invite#inv_[\w-]{43}$/),
    });
    const token = (created.body.url as string).split("#")[1]!;
    const listed = await owner.api.get(`/projects/${project.id}/invitations`);
    expect(JSON.stringify(listed.body)).not.toContain(token);
    expect(listed.body.data[0]).not.toHaveProperty("url");

    // Dana signed up with another address: the link is what counts.
    const dana = await makeUser(t, { email: unique("dana-work") });
    const preview = await dana.api.post("/invitations/preview", { token });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      project_name: project.name,
      role: "member",
      email: "dana@example.com",
      invited_by_name: owner.user.name,
      expires_at: created.body.expires_at,
      already_member: false,
    });
    expect((await dana.api.get(`/projects/${project.id}`)).status).toBe(404);
    const accepted = await dana.api.post("/invitations/accept", { token });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ project_id: project.id, user_id: dana.user.id, role: "member" });

    // Single use.
    const late = await makeUser(t);
    const again = await late.api.post("/invitations/accept", { token });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(
      "This invitation link is unknown, used, revoked or expired: ask whoever invited you for a new one.",
    );
    expect((await late.api.post("/invitations/preview", { token })).status).toBe(404);
    expect((await late.api.get(`/projects/${project.id}`)).status).toBe(404);
  });

  it("a member already is told so and leaves the link unspent", async () => {
    const { owner, project } = await makeBoard(t);
    const { url } = (await owner.api.post(`/projects/${project.id}/invitations`, { email: unique("x") }))
      .body;
    const token = (url as string).split("#")[1];
    expect((await owner.api.post("/invitations/preview", { token })).body.already_member).toBe(true);
    const own = await owner.api.post("/invitations/accept", { token });
    expect(own.status).toBe(409);
    const someone = await makeUser(t);
    expect((await someone.api.post("/invitations/accept", { token })).status).toBe(201);
  });

  it("stop working when revoked, replaced by a new invitation of the address, or expired", async () => {
    const { owner, project } = await makeBoard(t);
    const taker = await makeUser(t);
    const email = unique("link");
    const link = async () =>
      ((await owner.api.post(`/projects/${project.id}/invitations`, { email })).body.url as string).split(
        "#",
      )[1]!;

    const revoked = await link();
    const [pending] = (await owner.api.get(`/projects/${project.id}/invitations`)).body.data;
    await owner.api.delete(`/invitations/${pending.id}`).expect(204);
    expect((await taker.api.post("/invitations/accept", { token: revoked })).status).toBe(404);

    const replaced = await link();
    const current = await link();
    expect((await taker.api.post("/invitations/accept", { token: replaced })).status).toBe(404);

    await t.database.db.projectInvitation.updateMany({
      where: { projectId: project.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await taker.api.post("/invitations/accept", { token: current })).status).toBe(404);
    expect((await owner.api.get(`/projects/${project.id}/invitations`)).body.data).toEqual([]);
    expect((await taker.api.get(`/projects/${project.id}`)).status).toBe(404);
  });
});

describe("a removed member's invitations (issue 28)", () => {
  it("die with their membership: the removed admin cannot rejoin, nor bring anyone in, through them", async () => {
    const { owner, project } = await makeBoard(t);
    const rogue = await makeUser(t);
    await addMember(owner.api, project.id, rogue, "admin");
    const link = async (email: string) =>
      ((await rogue.api.post(`/projects/${project.id}/invitations`, { email })).body.url as string).split(
        "#",
      )[1]!;
    const forSelf = await link(unique("rogue-alt"));
    const forFriend = await link(unique("friend"));
    const friend = await makeUser(t);
    expect(
      (await rogue.api.post(`/projects/${project.id}/members`, { user_id: friend.user.id })).status,
    ).toBe(202);
    const byOwner = await owner.api.post(`/projects/${project.id}/invitations`, { email: unique("kept") });

    expect((await owner.api.delete(`/projects/${project.id}/members/${rogue.user.id}`)).status).toBe(204);

    const rejoin = await rogue.api.post("/invitations/accept", { token: forSelf });
    expect(rejoin.status).toBe(404);
    expect(rejoin.body.error.message).toContain("ask whoever invited you for a new one");
    expect((await rogue.api.get(`/projects/${project.id}`)).status).toBe(404);
    expect((await friend.api.post("/invitations/preview", { token: forFriend })).status).toBe(404);
    expect((await friend.api.post("/invitations/accept", { token: forFriend })).status).toBe(404);
    expect((await friend.api.get("/me/invitations")).body.data).toEqual([]);
    const listed = (await owner.api.get(`/projects/${project.id}/invitations`)).body.data as { id: string }[];
    expect(listed.map((row) => row.id)).toEqual([byOwner.body.id]);
  });

  it("leaving on one's own ends them too, and a demoted admin's links stop working", async () => {
    const { owner, project } = await makeBoard(t);
    const admin = await makeUser(t);
    await addMember(owner.api, project.id, admin, "admin");
    const { url } = (await admin.api.post(`/projects/${project.id}/invitations`, { email: unique("z") }))
      .body;
    const token = (url as string).split("#")[1]!;
    await owner.api.post(`/projects/${project.id}/members`, { user_id: admin.user.id, role: "member" });
    const guest = await makeUser(t);
    expect((await guest.api.post("/invitations/accept", { token })).status).toBe(404);
    expect((await admin.api.post("/invitations/preview", { token })).status).toBe(404);

    await owner.api.post(`/projects/${project.id}/members`, { user_id: admin.user.id, role: "admin" });
    expect((await guest.api.post("/invitations/preview", { token })).status).toBe(200);
    expect((await admin.api.delete(`/projects/${project.id}/members/${admin.user.id}`)).status).toBe(204);
    expect((await admin.api.post("/invitations/accept", { token })).status).toBe(404);
    expect((await guest.api.post("/invitations/accept", { token })).status).toBe(404);
  });
});

describe("adding a user by id", () => {
  it("invites them: they join only by accepting, may decline, and nobody else can take it", async () => {
    const { owner, project } = await makeBoard(t);
    const bob = await makeUser(t);
    const mallory = await makeUser(t);
    const invited = await owner.api.post(`/projects/${project.id}/members`, {
      user_id: bob.user.id,
      role: "admin",
    });
    expect(visible(invited)).toEqual({ status: 202, text: "", contentType: undefined, contentLength: "0" });
    expect((await bob.api.get(`/projects/${project.id}`)).status).toBe(404);
    const [invitation] = (await bob.api.get("/me/invitations")).body.data;
    expect(invitation).toMatchObject({
      project_id: project.id,
      user_id: bob.user.id,
      email: null,
      role: "admin",
    });
    expect((await mallory.api.post(`/invitations/${invitation.id}/accept`)).status).toBe(404);
    expect((await bob.api.delete(`/invitations/${invitation.id}`)).status).toBe(204);
    expect((await bob.api.get(`/projects/${project.id}`)).status).toBe(404);
    expect((await owner.api.get(`/projects/${project.id}/members`)).body.data).toHaveLength(1);
    // An admin cannot make an owner this way either.
    const admin = await makeUser(t);
    await addMember(owner.api, project.id, admin, "admin");
    const owned = await admin.api.post(`/projects/${project.id}/members`, {
      user_id: bob.user.id,
      role: "owner",
    });
    expect(owned.status).toBe(403);
  });
});

describe("adding by id tells nothing, and strangers are not flooded (issue 28)", () => {
  it("an unknown id answers exactly like a known one, and records nothing", async () => {
    const { owner, project } = await makeBoard(t);
    const known = await makeUser(t);
    const add = (user_id: string) =>
      owner.api.post(`/projects/${project.id}/members`, { user_id, role: "member" });
    const forKnown = await add(known.user.id);
    const forUnknown = await add(randomUUID());
    expect(forKnown.status).toBe(202);
    expect(visible(forUnknown)).toEqual(visible(forKnown));
    const listed = (await owner.api.get(`/projects/${project.id}/invitations`)).body.data as {
      user_id: string;
    }[];
    expect(listed.map((row) => row.user_id)).toEqual([known.user.id]);
  });

  it("an unknown id costs the same work as a known one: the same SQL statements, so no timing tells", async () => {
    const { owner, project } = await makeBoard(t);
    const known = await makeUser(t);
    // The token's lookup and last use are written by a first request, not by the measured ones.
    await owner.api.get("/me").expect(200);
    /** The SQL text of every statement sent to PostgreSQL while add_member runs for `user_id`. */
    const statementsOf = async (user_id: string): Promise<string[]> => {
      const spy = jest.spyOn(pg.Client.prototype, "query");
      try {
        const res = await owner.api.post(`/projects/${project.id}/members`, { user_id, role: "member" });
        expect(res.status).toBe(202);
        return spy.mock.calls.map(([query]) =>
          typeof query === "string" ? query : (query as { text: string }).text,
        );
      } finally {
        spy.mockRestore();
      }
    };
    const forKnown = await statementsOf(known.user.id);
    const forUnknown = await statementsOf(randomUUID());
    expect(forUnknown).toEqual(forKnown);
    expect(forKnown.some((sql) => /INSERT INTO ("public"\.)?"?project_invitations/.test(sql))).toBe(true);
    // The known user was invited, the unknown id recorded nothing.
    const [invitation] = (await known.api.get("/me/invitations")).body.data;
    expect(invitation).toMatchObject({ project_id: project.id, user_id: known.user.id, role: "member" });
  });

  it("invitations to people who share none of the inviter's projects are limited per inviter", async () => {
    const limited = await createTestApp({
      INVITES_TO_STRANGERS_PER_HOUR: "3",
      PUBLIC_URL: "http://localhost:4000",
    });
    try {
      const { owner, project } = await makeBoard(limited);
      const colleague = await makeUser(limited);
      await addMember(owner.api, project.id, colleague, "member"); // a stranger then: 1 of 3
      const other = await makeProject(owner.api, { name: "Other" });
      const add = (body: object) =>
        owner.api.post(`/projects/${other.id}/members`, { role: "member", ...body });
      expect((await add({ user_id: (await makeUser(limited)).user.id })).status).toBe(202); // 2
      expect((await owner.api.post(`/projects/${other.id}/invitations`, { email: unique("s") })).status).toBe(
        201,
      ); // 3
      const known = await add({ user_id: (await makeUser(limited)).user.id });
      const unknown = await add({ user_id: randomUUID() });
      const byEmail = await add({ email: unique("s") });
      for (const refused of [known, unknown, byEmail]) {
        expect(refused.status).toBe(429);
        expect(refused.body.error.code).toBe("rate_limited");
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      }
      expect(unknown.body.error.message).toBe(known.body.error.message);
      // Someone who shares a project with the inviter is no stranger: not counted.
      expect((await add({ user_id: colleague.user.id })).status).toBe(202);
      expect((await add({ email: colleague.user.email })).status).toBe(202);
      // The limit is the inviter's own.
      const { owner: someoneElse, project: theirs } = await makeBoard(limited);
      const res = await someoneElse.api.post(`/projects/${theirs.id}/members`, { user_id: randomUUID() });
      expect(res.status).toBe(202);
    } finally {
      await limited.close();
    }
  });
});

describe("invitations live", () => {
  it("reach the invitee's open pages at once, with the inviter's name, and leave them when gone; an unverified address hears nothing", async () => {
    const database = await createTestDatabase();
    const live = await startLiveInstance(database, {
      env: { SMTP_URL: smtp.url, PUBLIC_URL: "http://localhost:4000" },
    });
    try {
      const { owner, project } = await makeBoard(live);
      const bob = await makeUser(live, { email: unique("bob-live") });
      const squatter = await makeUser(live, { email: unique("squatted") });
      const carol = await makeUser(live);
      const since = smtp.received.length;
      await bob.api.post("/me/email-verification").expect(201);
      const token = /verify-email#(\S+)/.exec((await smtp.waitFor(bob.user.email, { since })).text)![1];
      await bob.api.post("/me/email-verification/confirm", { token }).expect(200);
      const [bobSocket, squatterSocket, carolSocket] = await Promise.all([
        connect(live.url, bob.token),
        connect(live.url, squatter.token),
        connect(live.url, carol.token),
      ]);
      await owner.api
        .post(`/projects/${project.id}/members`, { email: bob.user.email, role: "member" })
        .expect(202);
      const created = await bobSocket.waitFor("invitation.created");
      expect(created).toMatchObject({
        project_id: project.id,
        actor_id: owner.user.id,
        to_user_id: bob.user.id,
      });
      expect(created.data).toEqual({
        invitation: {
          id: expect.any(String),
          project_id: project.id,
          project_name: project.name,
          email: bob.user.email,
          user_id: null,
          role: "member",
          invited_by: owner.user.id,
          invited_by_name: owner.user.name,
          created_at: expect.any(String),
          expires_at: expect.any(String),
        },
      });
      const invitationId = (created.data.invitation as { id: string }).id;
      await bob.api.post(`/invitations/${invitationId}/accept`).expect(201);
      const gone = await bobSocket.waitFor("invitation.deleted");
      expect(gone.data).toEqual({ invitation_id: invitationId });
      // An invitation of a user by id reaches that user.
      await owner.api.post(`/projects/${project.id}/members`, { user_id: carol.user.id }).expect(202);
      expect((await carolSocket.waitFor("invitation.created")).to_user_id).toBe(carol.user.id);
      // The unverified holder of an invited address, and an address without an account, reach nobody.
      await owner.api.post(`/projects/${project.id}/members`, { email: squatter.user.email }).expect(202);
      await owner.api.post(`/projects/${project.id}/members`, { email: unique("nobody") }).expect(202);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(squatterSocket.received).toEqual([]);
      expect(carolSocket.received.map((event) => event.type)).toEqual(["invitation.created"]);
      for (const socket of [bobSocket, squatterSocket, carolSocket]) socket.close();
    } finally {
      await live.close();
      await database.drop();
    }
  });
});

describe("email verification", () => {
  it("a link works once, for the account it was sent to; one mail a minute; verified is conflict", async () => {
    const ada = await makeUser(t, { email: unique("ada") });
    const since = smtp.received.length;
    const sent = await ada.api.post("/me/email-verification");
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ email: ada.user.email, expires_at: expect.any(String) });
    const mail = await smtp.waitFor(ada.user.email, { since });
    expect(mail.to).toEqual([ada.user.email]);
    expect(mail.text).toContain(`open this link while signed in to Board as ${ada.user.email}`);
    const again = await ada.api.post("/me/email-verification");
    expect(again.status).toBe(429);
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);

    const token = await mailedVerification(ada.user.email, since);
    const confirmed = await ada.api.post("/me/email-verification/confirm", { token });
    expect(confirmed.body).toMatchObject({ id: ada.user.id, email_verified: true });
    expect((await ada.api.post("/me/email-verification/confirm", { token })).status).toBe(404);
    expect((await ada.api.post("/me/email-verification")).status).toBe(409);
    expect((await ada.api.get("/me")).body.email_verified).toBe(true);
  });

  it("quotes the display name on one line, short, and never a link (issue 28: phishing from the board's sender)", async () => {
    const lure =
      "Ada\n\nYour Board account is locked. Unlock it at https://board-unlock.example/login now\r\n";
    const cases: [string, string][] = [
      [lure, "Hello,\n\n"],
      ["Mallory \u2028 visit evil\uFF0Eexample", "Hello,\n\n"],
      ["Grace\u0085Hopper", "Hello Grace Hopper,\n\n"],
      ["A".repeat(200), `Hello ${"A".repeat(39)}…,\n\n`],
    ];
    for (const [name, greeting] of cases) {
      const person = await makeUser(t, { email: unique("named"), name });
      const since = smtp.received.length;
      await person.api.post("/me/email-verification").expect(201);
      const mail = await smtp.waitFor(person.user.email, { since });
      expect(mail.text.startsWith(greeting)).toBe(true);
      expect(mail.text).not.toMatch(/unlock|evil|locked/i);
      // Every line is the template's own: the link, and text that names no other site.
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      expect(links).toHaveLength(1);
      expect(links[0]).toMatch(/^http:\/\/localhost:4000\/app\/verify-email#/);
    }
  });

  it("without a mail server nothing is verified (503), and invitations still work by link", async () => {
    const noMail = await createTestApp({ NODE_ENV: "production", PUBLIC_URL: "http://localhost:4000" });
    try {
      const { owner, project } = await makeBoard(noMail);
      const res = await owner.api.post("/me/email-verification");
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe("service_unavailable");
      const { url } = (await owner.api.post(`/projects/${project.id}/invitations`, { email: unique("y") }))
        .body;
      const guest = await makeUser(noMail);
      const accepted = await guest.api.post("/invitations/accept", { token: (url as string).split("#")[1] });
      expect(accepted.status).toBe(201);
    } finally {
      await noMail.close();
    }
  });

  it("in development without SMTP_URL, the mail is on the outbox page of this machine", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "board-dev-mail-"));
    const dev = await createTestApp({
      NODE_ENV: "development",
      DATA_DIR: dataDir,
      PUBLIC_URL: "http://localhost:4000",
    });
    try {
      const ada = await makeUser(dev, { email: unique("dev") });
      const bob = await makeUser(dev, { email: unique("dev-bob") });
      const lifetime = webConfig(loadBoardEnv({ PUBLIC_URL: "http://localhost:4000" })).lifetime;
      const cookieOf = async (userId: string) =>
        `board_session=${(await startWebSession({ db: dev.database.db, userId, lifetime })).token}`;
      const adaCookie = await cookieOf(ada.user.id);
      const outbox = (cookie?: string) => {
        const get = request(dev.app).get("/app/dev/mail");
        return cookie ? get.set("Cookie", cookie) : get;
      };
      expect((await outbox(adaCookie)).text).toContain("No mail yet.");
      await ada.api.post("/me/email-verification").expect(201);
      // Issue 28: loopback alone is not enough (a same-host proxy is loopback too): signed out, the
      // page shows no mail; another user sees none of Ada's.
      const signedOut = await outbox();
      expect(signedOut.status).toBe(401);
      expect(signedOut.text).not.toContain("verify-email");
      const other = await outbox(await cookieOf(bob.user.id));
      expect(other.status).toBe(200);
      expect(other.text).not.toContain("verify-email");
      expect(other.text).toContain("No mail yet.");
      const page = await outbox(adaCookie);
      expect(page.status).toBe(200);
      expect(page.headers["content-security-policy"]).toContain("default-src 'none'");
      expect(page.text).toContain(`To ${ada.user.email}`);
      const token = /verify-email#([\w-]+)/.exec(page.text)![1]!;
      const confirmed = await ada.api.post("/me/email-verification/confirm", { token });
      expect(confirmed.body.email_verified).toBe(true);
    } finally {
      await dev.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
