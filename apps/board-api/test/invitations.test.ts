// Adding a member by email answers the same whether or not the address has an account: it records
// an invitation that only the person with that email sees and accepts.
import type request from "supertest";
import { createTestDatabase } from "@org/db/testing";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { connect, startLiveInstance } from "./helpers/live.ts";
import { addMember, client, makeBoard, makeUser } from "./helpers/fixtures.ts";
import { createUser } from "../src/services/users.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What a caller sees of a response, request id aside. */
const visible = (res: request.Response) => ({
  status: res.status,
  text: res.text,
  contentType: res.headers["content-type"],
  contentLength: res.headers["content-length"],
});

describe("adding a member by email", () => {
  it("answers the same for an address with an account, without one, and of a member", async () => {
    const { owner, project } = await makeBoard(t);
    const bob = await makeUser(t, { email: `bob-${Date.now()}@example.com` });
    const carol = await makeUser(t);
    await addMember(owner.api, project.id, carol.user.id, "viewer");
    const invite = (email: string) =>
      owner.api.post(`/projects/${project.id}/members`, { email, role: "member" });

    const known = await invite(bob.user.email);
    const nobody = `nobody-${Date.now()}@example.com`;
    const unknown = await invite(nobody);
    const member = await invite(carol.user.email);
    expect(visible(known)).toEqual({
      status: 202,
      text: "",
      contentType: undefined,
      contentLength: "0",
    });
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

  it("the invitee sees and accepts it; nobody else can", async () => {
    const { owner, project } = await makeBoard(t);
    const bob = await makeUser(t);
    const mallory = await makeUser(t);
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
          role: "admin",
          invited_by: owner.user.id,
          invited_by_name: owner.user.name,
          created_at: expect.any(String),
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

  it("reaches an account created later; declined by the invitee, revoked by an admin", async () => {
    const { owner, project } = await makeBoard(t);
    const email = `later-${Date.now()}@example.com`;
    await owner.api.post(`/projects/${project.id}/members`, { email }).expect(202);
    const later = client(t, (await createUser({ db: t.database.db, email, name: "Later" })).token);
    const mine = await later.get("/me/invitations");
    expect(mine.body.data).toEqual([expect.objectContaining({ project_id: project.id, role: "member" })]);
    expect((await later.delete(`/invitations/${mine.body.data[0].id}`)).status).toBe(204);
    expect((await later.get(`/projects/${project.id}`)).status).toBe(404);

    await owner.api.post(`/projects/${project.id}/members`, { email, role: "viewer" }).expect(202);
    const pending = await owner.api.get(`/projects/${project.id}/invitations`);
    expect((await owner.api.delete(`/invitations/${pending.body.data[0].id}`)).status).toBe(204);
    expect((await owner.api.get(`/projects/${project.id}/invitations`)).body.data).toEqual([]);
  });

  it("needs admin; only an owner invites an owner; inviting again replaces the role", async () => {
    const { owner, project } = await makeBoard(t);
    const admin = await makeUser(t);
    const member = await makeUser(t);
    await addMember(owner.api, project.id, admin.user.id, "admin");
    await addMember(owner.api, project.id, member.user.id, "member");
    const email = `role-${Date.now()}@example.com`;
    expect((await member.api.post(`/projects/${project.id}/members`, { email })).status).toBe(403);
    expect((await member.api.get(`/projects/${project.id}/invitations`)).status).toBe(403);
    expect((await admin.api.post(`/projects/${project.id}/members`, { email, role: "owner" })).status).toBe(
      403,
    );
    await admin.api.post(`/projects/${project.id}/members`, { email, role: "viewer" }).expect(202);
    await owner.api.post(`/projects/${project.id}/members`, { email, role: "owner" }).expect(202);
    const pending = await admin.api.get(`/projects/${project.id}/invitations`);
    expect(pending.body.data).toEqual([
      expect.objectContaining({ email, role: "owner", invited_by: owner.user.id }),
    ]);
  });
});

describe("invitations live", () => {
  it("reach the invitee's open pages at once, with the inviter's name, and leave them when gone", async () => {
    const database = await createTestDatabase();
    const live = await startLiveInstance(database);
    try {
      const { owner, project } = await makeBoard(live);
      const bob = await makeUser(live);
      const carol = await makeUser(live);
      const [bobSocket, carolSocket] = await Promise.all([
        connect(live.url, bob.token),
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
          role: "member",
          invited_by: owner.user.id,
          invited_by_name: owner.user.name,
          created_at: expect.any(String),
        },
      });
      const invitationId = (created.data.invitation as { id: string }).id;
      await bob.api.post(`/invitations/${invitationId}/accept`).expect(201);
      const gone = await bobSocket.waitFor("invitation.deleted");
      expect(gone.data).toEqual({ invitation_id: invitationId });
      // Only the invitee heard of it; an address without an account reaches nobody.
      await owner.api
        .post(`/projects/${project.id}/members`, {
          email: `nobody-${Date.now()}@example.com`,
          role: "member",
        })
        .expect(202);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(carolSocket.received).toEqual([]);
      bobSocket.close();
      carolSocket.close();
    } finally {
      await live.close();
      await database.drop();
    }
  });
});
