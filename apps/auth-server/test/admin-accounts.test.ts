// Administrator accounts (issue 18, point 1): invite links only create new administrators; a
// passkey reaches an administrator's account only through their own first invite or their own
// dashboard session; removal ends everything at once; sign-ins and refusals are audited.
import request from "supertest";
import { inviteAdmin } from "../src/services/admins.ts";
import { SoftwareAuthenticator } from "../src/testing/index.ts";
import { hashSecret } from "@org/service-kit";
import { ADMIN_ORIGIN, adminCtx, adminLogin, invite, signedInAdmin, signInToken } from "./helpers/admin.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { failure, login, registerPasskey, registerStart } from "./helpers/flows.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const passkeysOf = (email: string) =>
  t.database.db.authCredential.count({ where: { user: { externalId: email } } });

describe("invite links only create new administrators", () => {
  it("re-inviting an active colleague is refused, from the dashboard and from the CLI", async () => {
    const rogue = await signedInAdmin(t, { email: "rogue@example.test", name: "Rogue" });
    const colleague = await signedInAdmin(t, { email: "ada@example.test", name: "Ada" });
    expect(await passkeysOf("ada@example.test")).toBe(1);

    // The takeover: the link of a "re-invite" goes back to the inviter, who would add a passkey of
    // their own to Ada's account.
    const res = await rogue.browser
      .post("/admin/api/admins")
      .set("X-CSRF-Token", rogue.csrf)
      .send({ email: "ADA@example.test", name: "Ada" });
    expect(res.status).toBe(409);
    expect(res.body).toEqual(
      failure(
        "conflict",
        "ada@example.test is already an administrator. Invite links only create new administrators; " +
          "they add passkeys from their own dashboard (Passkeys).",
      ),
    );
    await expect(
      inviteAdmin({ ctx: adminCtx(t), email: "ada@example.test", name: "Ada" }),
    ).rejects.toMatchObject({ code: "conflict" });
    expect(await t.database.db.authAdminInvite.count({ where: { adminId: colleague.admin.id } })).toBe(1);
    expect(await passkeysOf("ada@example.test")).toBe(1);
  });

  it("a spent link makes one passkey: its token and its claim add none to an account that has one", async () => {
    const { code } = await invite(t, { email: "grace@example.test", name: "Grace" });
    const browser = request.agent(t.app);
    const first = await browser.get("/admin/invite/user-token").query({ code });
    expect(first.status).toBe(200);
    const token = first.body.userToken as string;
    const laptop = new SoftwareAuthenticator({ origin: ADMIN_ORIGIN });
    expect((await registerPasskey(t.app, token, laptop)).status).toBe(200);

    // The same token, still within its two minutes, for a second (the attacker's) authenticator.
    const second = await registerStart(t.app, token);
    expect(second.status).toBe(403);
    expect(second.body).toEqual(
      failure(
        "forbidden",
        "This invite link has already made this administrator's passkey, or no longer works. " +
          "Administrators add more passkeys from their own dashboard (Passkeys).",
      ),
    );
    // The browser's claim (a retry of a cancelled ceremony) gets no new token either.
    const again = await browser.get("/admin/invite/user-token").query({ code });
    expect(again.status).toBe(404);
    expect((await browser.get("/admin/invite").query({ code })).status).toBe(410);
    expect(await passkeysOf("grace@example.test")).toBe(1);
    const stored = await t.database.db.authCredential.findFirstOrThrow({
      where: { user: { externalId: "grace@example.test" } },
    });
    expect(stored.createdVia).toBe("invite");
  });

  it("two ceremonies racing on one link store one passkey", async () => {
    const { code } = await invite(t, { email: "race@example.test", name: "Race" });
    const token = (await request(t.app).get("/admin/invite/user-token").query({ code })).body.userToken;
    // Both ceremonies start while the account has no passkey; both finish at once.
    const started = await Promise.all([1, 2].map(() => registerStart(t.app, token)));
    const results = await Promise.all(
      started.map(({ body }) =>
        request(t.app)
          .post("/auth/v1/register/finish")
          .set("Authorization", `Bearer ${token}`)
          .send({
            challengeId: body.challengeId,
            credential: new SoftwareAuthenticator({ origin: ADMIN_ORIGIN }).register(body.options),
          }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(await passkeysOf("race@example.test")).toBe(1);
  });

  it("re-inviting someone who has no passkey yet replaces their earlier link", async () => {
    const first = await invite(t, { email: "late@example.test", name: "Late" });
    const second = await invite(t, { email: "late@example.test", name: "Late" });
    expect((await request(t.app).get("/admin/invite").query({ code: first.code })).status).toBe(410);
    expect((await request(t.app).get("/admin/invite").query({ code: second.code })).status).toBe(200);
  });

  it("an invite token manages nothing, and no admin-tenant token or cookie reaches /auth/v1/passkeys", async () => {
    const { code } = await invite(t, { email: "probe@example.test", name: "Probe" });
    const token = (await request(t.app).get("/admin/invite/user-token").query({ code })).body.userToken;
    const list = await request(t.app).get("/auth/v1/passkeys").set("Authorization", `Bearer ${token}`);
    expect(list.status).toBe(403);
    expect(list.body).toEqual(
      failure("forbidden", "Administrators add and remove their passkeys from the dashboard (Passkeys)."),
    );
  });
});

describe("an administrator's own passkeys (/admin/api/me/passkeys)", () => {
  type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
  const startAdding = (who: Admin, body: object = {}) =>
    who.browser.post("/admin/api/me/passkeys/register/start").set("X-CSRF-Token", who.csrf).send(body);
  const finishAdding = (who: Admin, body: object) =>
    who.browser.post("/admin/api/me/passkeys/register/finish").set("X-CSRF-Token", who.csrf).send(body);
  async function addPasskey(who: Admin, authenticator: SoftwareAuthenticator, name?: string) {
    const started = await startAdding(who, name ? { name } : {});
    expect(started.status).toBe(200);
    const credential = authenticator.register(started.body.options);
    return finishAdding(who, { challengeId: started.body.challengeId, credential });
  }

  it("lists, adds and removes them; the last one stays", async () => {
    const me = await signedInAdmin(t, { email: "keys@example.test", name: "Keys" });
    const listed = await me.browser.get("/admin/api/me/passkeys");
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      data: [
        {
          id: expect.any(String),
          name: expect.any(String),
          aaguid: expect.any(String),
          authenticator: null,
          synced: false,
          created_at: expect.any(String),
          last_used: expect.any(String),
          created_via: "invite",
        },
      ],
      next_cursor: null,
    });
    const [first] = listed.body.data as { id: string }[];

    const phone = new SoftwareAuthenticator({ origin: ADMIN_ORIGIN });
    const added = await addPasskey(me, phone, "Work phone");
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: "Work phone", created_via: "dashboard" });
    expect(added.body.last_used).toBeUndefined();
    expect((await me.browser.get("/admin/api/me/passkeys")).body.data).toHaveLength(2);
    // The new passkey signs in.
    expect(
      (
        await request(t.app)
          .post("/admin/session")
          .send({ challengeId: await adminLogin(t, phone) })
      ).status,
    ).toBe(200);

    const del = (id: string) =>
      me.browser.delete(`/admin/api/me/passkeys/${id}`).set("X-CSRF-Token", me.csrf);
    expect((await del(first!.id)).status).toBe(204);
    const last = await del(added.body.id);
    expect(last.status).toBe(409);
    expect(last.body).toEqual(
      failure("conflict", "This is your only passkey: add another before you remove it."),
    );
    expect(
      (await me.browser.get("/admin/api/me/passkeys")).body.data.map((p: { id: string }) => p.id),
    ).toEqual([added.body.id]);
    const events = await t.database.db.authAuditEvent.findMany({
      where: { adminId: me.admin.id, type: { in: ["registration", "passkey_deleted"] } },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((e) => [e.type, e.detail])).toEqual([
      ["registration", expect.objectContaining({ passkeyId: added.body.id, createdVia: "dashboard" })],
      ["passkey_deleted", { passkeyId: first!.id }],
    ]);
  });

  it("nobody adds a passkey to, or removes one from, another administrator's account", async () => {
    const victim = await signedInAdmin(t, { email: "victim@example.test", name: "Victim" });
    const rogue = await signedInAdmin(t, { email: "rogue2@example.test", name: "Rogue" });
    // A ceremony started in the victim's session, finished in the rogue's: bound to the victim.
    const started = await startAdding(victim);
    const credential = new SoftwareAuthenticator({ origin: ADMIN_ORIGIN }).register(started.body.options);
    const stolen = await finishAdding(rogue, { challengeId: started.body.challengeId, credential });
    expect(stolen.status).toBe(410);
    expect(stolen.body.error_code).toBe("challenge_expired");
    expect(await passkeysOf("victim@example.test")).toBe(1);
    expect(await passkeysOf("rogue2@example.test")).toBe(1);

    const [victimKey] = (await victim.browser.get("/admin/api/me/passkeys")).body.data as { id: string }[];
    const removed = await rogue.browser
      .delete(`/admin/api/me/passkeys/${victimKey!.id}`)
      .set("X-CSRF-Token", rogue.csrf);
    expect(removed.status).toBe(404);
    // The dashboard's delete of any user's passkey never reaches an administrator's.
    const viaTenantRoute = await rogue.browser
      .delete(`/admin/api/passkeys/${victimKey!.id}`)
      .set("X-CSRF-Token", rogue.csrf);
    expect(viaTenantRoute.status).toBe(404);
    expect(await passkeysOf("victim@example.test")).toBe(1);
  });

  it("adding needs the session and its CSRF token", async () => {
    const me = await signedInAdmin(t);
    expect((await request(t.app).post("/admin/api/me/passkeys/register/start").send({})).status).toBe(401);
    expect((await request(t.app).get("/admin/api/me/passkeys")).status).toBe(401);
    const noCsrf = await me.browser.post("/admin/api/me/passkeys/register/start").send({});
    expect(noCsrf.status).toBe(403);
  });
});

describe("a removed administrator", () => {
  it("loses sessions on every instance, the invite links they issued, and their passkeys, at once", async () => {
    const root = await signedInAdmin(t, { email: "root2@example.test", name: "Root" });
    const rogue = await signedInAdmin(t, { email: "gone@example.test", name: "Gone" });
    const sibling = t.sibling();
    expect((await request(sibling).get("/admin/api/csrf").set("Cookie", rogue.cookie)).status).toBe(200);

    // Links the rogue issued: one pending, one spent by the rogue's own browser (its claim live),
    // with a user token in hand for a passkey not yet made.
    const issue = async (email: string) => {
      const res = await rogue.browser
        .post("/admin/api/admins")
        .set("X-CSRF-Token", rogue.csrf)
        .send({ email, name: email });
      expect(res.status).toBe(201);
      return new URL(res.body.url as string).searchParams.get("code") as string;
    };
    const pending = await issue("sock1@example.test");
    const spent = await issue("sock2@example.test");
    const claimer = request.agent(t.app);
    const token = (await claimer.get("/admin/invite/user-token").query({ code: spent })).body.userToken;
    expect(token).toMatch(/^ut_/);
    const ceremony = (await registerStart(t.app, token)).body as { challengeId: string; options: never };

    const removed = await root.browser
      .delete(`/admin/api/admins/${rogue.admin.id}`)
      .set("X-CSRF-Token", root.csrf);
    expect(removed.status).toBe(204);

    // Sessions: the next request on either instance is 401.
    for (const app of [t.app, sibling]) {
      const res = await request(app).get("/admin/api/tenants").set("Cookie", rogue.cookie);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(failure("unauthenticated", "Sign in to the admin dashboard first."));
    }
    // Invite links they issued.
    expect((await request(t.app).get("/admin/invite").query({ code: pending })).status).toBe(410);
    expect((await request(sibling).get("/admin/invite/user-token").query({ code: pending })).status).toBe(
      404,
    );
    expect((await claimer.get("/admin/invite/user-token").query({ code: spent })).status).toBe(404);
    // A ceremony begun before the removal stores nothing; a new one does not begin.
    const late = await request(t.app)
      .post("/auth/v1/register/finish")
      .set("Authorization", `Bearer ${token}`)
      .send({
        challengeId: ceremony.challengeId,
        credential: new SoftwareAuthenticator({ origin: ADMIN_ORIGIN }).register(ceremony.options),
      });
    expect(late.status).toBe(403);
    expect((await registerStart(t.app, token)).status).toBe(403);
    expect(await passkeysOf("sock2@example.test")).toBe(0);
    // Their passkey signs in nowhere.
    await expect(adminLogin(t, rogue.authenticator)).rejects.toThrow(/credential_not_found/);
    expect(await passkeysOf("gone@example.test")).toBe(0);
  });
});

describe("the audit log of administrators", () => {
  type AuditRow = {
    type: string;
    admin_id: string | null;
    admin_name: string | null;
    user_external_id: string | null;
    ip: string | null;
    detail: Record<string, unknown>;
  };
  const auditOf = async (who: Awaited<ReturnType<typeof signedInAdmin>>, type: string) => {
    const res = await who.browser.get("/admin/api/audit").query({ type, limit: 100 });
    expect(res.status).toBe(200);
    return res.body.data as AuditRow[];
  };

  it("names the passkey each sign-in used, under its own administrator", async () => {
    const me = await signedInAdmin(t, { email: "audited@example.test", name: "Audited" });
    const [own] = (await me.browser.get("/admin/api/me/passkeys")).body.data as {
      id: string;
      name: string;
    }[];
    const stored = await t.database.db.authCredential.findUniqueOrThrow({ where: { id: own!.id } });
    const [latest] = (await auditOf(me, "admin_signed_in")).filter((e) => e.admin_id === me.admin.id);
    expect(latest).toMatchObject({
      admin_name: "Audited",
      user_external_id: "audited@example.test",
      detail: { passkeyId: own!.id, credentialId: stored.credentialId, passkeyName: own!.name },
    });
  });

  it("records who issued the invite a browser spent", async () => {
    const root = await signedInAdmin(t, { email: "issuer@example.test", name: "Issuer" });
    const invited = await root.browser
      .post("/admin/api/admins")
      .set("X-CSRF-Token", root.csrf)
      .send({ email: "spender@example.test", name: "Spender" });
    const code = new URL(invited.body.url as string).searchParams.get("code");
    expect((await request(t.app).get("/admin/invite/user-token").query({ code })).status).toBe(200);
    const [spent] = (await auditOf(root, "admin_invite_spent")).filter(
      (e) => e.detail.invitee === invited.body.admin.id,
    );
    expect(spent).toMatchObject({ admin_id: root.admin.id, admin_name: "Issuer", ip: expect.any(String) });
  });

  it("records refused requests, a flood as a few rows with counts", async () => {
    const root = await signedInAdmin(t, { email: "watcher@example.test", name: "Watcher" });
    t.clock.advance(60); // a fresh minute
    const path = "/admin/api/tenants";
    for (let i = 0; i < 25; i += 1) {
      expect((await request(t.app).get(path).set("Cookie", "authkit_admin=adm_forged")).status).toBe(401);
    }
    // A state change without the CSRF token inside a real session: 403, under that administrator.
    expect((await root.browser.post("/admin/api/tenants").send({})).status).toBe(403);
    const refused = (await auditOf(root, "admin_request_refused")).slice(0, 3);
    expect(refused.map((e) => [e.detail.status, e.detail.countThisMinute, e.admin_id])).toEqual([
      [403, 1, root.admin.id],
      [401, 10, null],
      [401, 1, null],
    ]);
    expect(refused[1]!.detail).toEqual({
      status: 401,
      code: "unauthenticated",
      method: "GET",
      path,
      countThisMinute: 10,
    });
    t.clock.advance(60);
    await request(t.app).get(path);
    const [next] = await auditOf(root, "admin_request_refused");
    expect(next!.detail).toMatchObject({ status: 401, countThisMinute: 1 });
  });
});

describe("the dashboard sign-in leaves no other session", () => {
  it("sets no authkit_session; one left by an older version registers and lists nothing", async () => {
    const me = await signedInAdmin(t, { email: "nocookie@example.test", name: "No Cookie" });
    const { userId } = await t.database.db.authAdmin.findUniqueOrThrow({ where: { id: me.admin.id } });
    const res = await login(t.app, await signInToken(t), me.authenticator);
    expect(res.status).toBe(200);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await t.database.db.authSession.count({ where: { userId } })).toBe(0);

    // What an earlier sign-in used to leave: a 12-hour cookie session of the admin tenant.
    const old = "sess_left-by-an-older-version-0123456789abcdef";
    const admin = await t.database.db.authAdmin.findUniqueOrThrow({
      where: { id: me.admin.id },
      include: { user: true },
    });
    await t.database.db.authSession.create({
      data: {
        tenantId: admin.user.tenantId,
        userId,
        tokenHash: hashSecret(old),
        expiresAt: new Date(t.clock.ms + 12 * 3600 * 1000),
      },
    });
    const withOld = (req: request.Test) =>
      req.set("Cookie", `authkit_session=${old}`).set("Origin", ADMIN_ORIGIN);
    const start = await withOld(request(t.app).post("/auth/v1/register/start").send({}));
    expect(start.status).toBe(401);
    expect((await withOld(request(t.app).get("/auth/v1/passkeys"))).status).toBe(401);
    expect(await passkeysOf("nocookie@example.test")).toBe(1);
  });

  it("after logout, nothing from that sign-in registers a passkey or signs in again", async () => {
    const me = await signedInAdmin(t, { email: "bye@example.test", name: "Bye" });
    const browser = request.agent(t.app);
    const challengeId = await adminLogin(t, me.authenticator);
    const session = await browser.post("/admin/session").send({ challengeId });
    expect(session.status).toBe(200);
    const cookie = String(session.headers["set-cookie"]).split(";")[0] as string;
    const csrf = (await browser.get("/admin/api/csrf")).body.token as string;
    expect((await browser.post("/admin/logout").set("X-CSRF-Token", csrf)).status).toBe(204);

    const replayed = await request(t.app).post("/admin/session").send({ challengeId });
    expect(replayed.status).toBe(404);
    const adding = await request(t.app)
      .post("/admin/api/me/passkeys/register/start")
      .set("Cookie", cookie)
      .set("X-CSRF-Token", csrf)
      .send({});
    expect(adding.status).toBe(401);
    // The browser holds no other credential of that sign-in.
    const viaAuth = await browser.post("/auth/v1/register/start").set("Origin", ADMIN_ORIGIN).send({});
    expect(viaAuth.status).toBe(401);
    expect(await passkeysOf("bye@example.test")).toBe(1);
  });
});

describe("a new administrator starts from nothing", () => {
  it("inviting an address whose admin-tenant user still holds a passkey (no admin row) leaves it none", async () => {
    const former = await signedInAdmin(t, { email: "former@example.test", name: "Former" });
    // The admin row gone behind the dashboard's back; the user and their passkey remain.
    await t.database.db.authAdmin.delete({ where: { id: former.admin.id } });
    const { code } = await invite(t, { email: "former@example.test", name: "Former" });
    expect(await passkeysOf("former@example.test")).toBe(0);
    await expect(adminLogin(t, former.authenticator)).rejects.toThrow(/credential_not_found/);
    expect((await request(t.app).get("/admin/invite").query({ code })).status).toBe(200);
  });
});
