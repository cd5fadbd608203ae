// A pending invitation belongs to whoever issued it (issue 28, point 1): another administrator can
// neither replace it (a re-invite would hand them the new link, and the colleague's first passkey)
// nor revoke it; the first passkey is bound to the invite it came from; and when the issuer of an
// invite is removed, the passkey it made is flagged in the dashboard and the audit log.
// Two instances on one database: the attack and the issuer's own actions cross them.
import request from "supertest";
import type { Express } from "express";
import { SoftwareAuthenticator } from "../src/testing/index.ts";
import { ADMIN_ORIGIN, adminLogin, signedInAdmin } from "./helpers/admin.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { failure, registerPasskey, registerStart } from "./helpers/flows.ts";

let t: TestApp;
let sibling: Express;
type SignedIn = Awaited<ReturnType<typeof signedInAdmin>>;
let root: SignedIn;
let issuer: SignedIn;
let rogue: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  sibling = t.sibling();
  // The first administrator is the root one.
  root = await signedInAdmin(t, { email: "root@example.test", name: "Root" });
  issuer = await signedInAdmin(t, { email: "issuer@example.test", name: "Issuer" });
  rogue = await signedInAdmin(t, { email: "rogue@example.test", name: "Rogue" });
});
afterAll(() => t.close());

/** A dashboard request of `who` on `app` (the session and its CSRF token work on every instance). */
const as = (who: SignedIn, app: Express) => ({
  invite: (email: string, name: string) =>
    request(app)
      .post("/admin/api/admins")
      .set("Cookie", who.cookie)
      .set("X-CSRF-Token", who.csrf)
      .send({ email, name }),
  remove: (adminId: string) =>
    request(app)
      .delete(`/admin/api/admins/${adminId}`)
      .set("Cookie", who.cookie)
      .set("X-CSRF-Token", who.csrf),
  admins: () => request(app).get("/admin/api/admins").set("Cookie", who.cookie).query({ limit: 100 }),
  audit: (type: string) =>
    request(app).get("/admin/api/audit").set("Cookie", who.cookie).query({ type, limit: 100 }),
});
const codeOf = (url: string) => new URL(url).searchParams.get("code") as string;
const refusal = (email: string) =>
  failure(
    "forbidden",
    `${email} has a pending invitation issued by another administrator: only its issuer or ` +
      "the root administrator (the longest-serving one) may replace or revoke it.",
  );

/** The colleague's side: open the link, make the first passkey through it. */
async function makeFirstPasskey(code: string, authenticator: SoftwareAuthenticator) {
  const token = await request(t.app).get("/admin/invite/user-token").query({ code });
  expect(token.status).toBe(200);
  const registered = await registerPasskey(t.app, token.body.userToken as string, authenticator);
  expect(registered.status).toBe(200);
  return registered.body.passkeyId as string;
}

describe("a pending invitation is its issuer's", () => {
  it("another administrator can neither replace nor revoke it, on either instance; the colleague's link keeps working", async () => {
    const invited = await as(issuer, t.app).invite("ada@example.test", "Ada");
    expect(invited.status).toBe(201);
    const adaId = invited.body.admin.id as string;
    const code = codeOf(invited.body.url as string);

    // The takeover: a re-invite would give the rogue a fresh link to Ada's account.
    for (const app of [t.app, sibling]) {
      const reinvite = await as(rogue, app).invite("ADA@example.test", "Ada");
      expect(reinvite.status).toBe(403);
      expect(reinvite.body).toEqual(refusal("ada@example.test"));
      const revoke = await as(rogue, app).remove(adaId);
      expect(revoke.status).toBe(403);
      expect(revoke.body).toEqual(refusal("ada@example.test"));
    }
    expect(await t.database.db.authAdminInvite.count({ where: { adminId: adaId } })).toBe(1);
    expect((await request(sibling).get("/admin/invite").query({ code })).status).toBe(200);

    // The rogue's removal changes nothing for Ada: her passkey is hers, bound to her invite.
    const laptop = new SoftwareAuthenticator({ origin: ADMIN_ORIGIN });
    const passkeyId = await makeFirstPasskey(code, laptop);
    const invite = await t.database.db.authAdminInvite.findFirstOrThrow({ where: { adminId: adaId } });
    expect(await t.database.db.authCredential.findUniqueOrThrow({ where: { id: passkeyId } })).toMatchObject({
      createdVia: "invite",
      adminInviteId: invite.id,
      inviteIssuerId: issuer.admin.id,
      inviteIssuerRemovedAt: null,
    });
    const [registration] = (await as(root, t.app).audit("registration")).body.data.filter(
      (e: { detail: { passkeyId?: string } }) => e.detail.passkeyId === passkeyId,
    );
    expect(registration.detail).toMatchObject({ inviteId: invite.id, inviteIssuer: issuer.admin.id });
  });

  it("its issuer and the root administrator may replace or revoke it", async () => {
    const first = await as(issuer, t.app).invite("bob@example.test", "Bob");
    expect(first.status).toBe(201);
    const bobId = first.body.admin.id as string;
    // The issuer re-invites (on the other instance): the earlier link stops working.
    const second = await as(issuer, sibling).invite("bob@example.test", "Bob");
    expect(second.status).toBe(201);
    expect(
      (
        await request(t.app)
          .get("/admin/invite")
          .query({ code: codeOf(first.body.url) })
      ).status,
    ).toBe(410);
    // The root administrator may too; the invitation is theirs from then on.
    const third = await as(root, t.app).invite("bob@example.test", "Bob");
    expect(third.status).toBe(201);
    expect((await as(issuer, sibling).invite("bob@example.test", "Bob")).body).toEqual(
      refusal("bob@example.test"),
    );
    expect((await as(root, sibling).remove(bobId)).status).toBe(204);
  });

  it("a token from a link since replaced makes no passkey, even one started before; the new link's does, bound to it", async () => {
    const invited = await as(issuer, t.app).invite("dan@example.test", "Dan");
    const danId = invited.body.admin.id as string;
    const oldToken = (
      await request(t.app)
        .get("/admin/invite/user-token")
        .query({ code: codeOf(invited.body.url as string) })
    ).body.userToken as string;
    // Someone holding the old link's token starts a registration, then the root administrator
    // replaces the invitation (on the other instance).
    const oldInvite = await t.database.db.authAdminInvite.findFirstOrThrow({ where: { adminId: danId } });
    const started = await registerStart(t.app, oldToken);
    expect(started.status).toBe(200);
    const replaced = await as(root, sibling).invite("dan@example.test", "Dan");
    expect(replaced.status).toBe(201);
    // The replacement revoked the old link's token: neither the registration it started nor a new
    // one makes a passkey with it.
    const finished = await request(sibling)
      .post("/auth/v1/register/finish")
      .set("Authorization", `Bearer ${oldToken}`)
      .send({
        challengeId: started.body.challengeId,
        credential: new SoftwareAuthenticator({ origin: ADMIN_ORIGIN }).register(started.body.options),
      });
    expect(finished.status).toBe(401);
    expect(finished.body).toMatchObject({ success: false, error_code: "unauthenticated" });
    const again = await registerStart(sibling, oldToken);
    expect(again.status).toBe(401);
    expect(await t.database.db.authCredential.count({ where: { user: { admin: { id: danId } } } })).toBe(0);

    // Dan's own (new) link makes his first passkey, bound to the invitation that replaced the old one.
    const passkeyId = await makeFirstPasskey(
      codeOf(replaced.body.url as string),
      new SoftwareAuthenticator({ origin: ADMIN_ORIGIN }),
    );
    const passkey = await t.database.db.authCredential.findUniqueOrThrow({ where: { id: passkeyId } });
    expect(passkey.adminInviteId).not.toBe(oldInvite.id);
    expect(passkey).toMatchObject({ createdVia: "invite", inviteIssuerId: root.admin.id });
  });

  it("when its issuer is removed, the passkey their link made is flagged in the dashboard and the audit log", async () => {
    const helper = await signedInAdmin(t, { email: "helper@example.test", name: "Helper" });
    const invited = await as(helper, t.app).invite("cy@example.test", "Cy");
    const cyId = invited.body.admin.id as string;
    const phone = new SoftwareAuthenticator({ origin: ADMIN_ORIGIN });
    const passkeyId = await makeFirstPasskey(codeOf(invited.body.url as string), phone);
    const listed = async (app: Express) =>
      ((await as(root, app).admins()).body.data as { id: string; invite_issuer_removed: boolean }[]).find(
        (a) => a.id === cyId,
      );
    expect(await listed(t.app)).toMatchObject({ invite_issuer_removed: false });

    expect((await as(root, sibling).remove(helper.admin.id)).status).toBe(204);
    expect(await listed(t.app)).toMatchObject({ invite_issuer_removed: true });
    expect(await listed(sibling)).toMatchObject({ invite_issuer_removed: true });
    const flagged = (await as(root, t.app).audit("admin_passkey_flagged")).body.data as {
      admin_id: string;
      detail: Record<string, unknown>;
    }[];
    expect(flagged).toEqual([
      expect.objectContaining({
        admin_id: root.admin.id,
        detail: expect.objectContaining({ passkeyId, owner: cyId, removedIssuer: helper.admin.id }),
      }),
    ]);
    const [removal] = (await as(root, t.app).audit("admin_removed")).body.data.filter(
      (e: { detail: { removed?: string } }) => e.detail.removed === helper.admin.id,
    );
    expect(removal.detail.flaggedPasskeys).toBe(1);
    // Flagged, not revoked: Cy still signs in, and the root administrator decides.
    await expect(adminLogin(t, phone)).resolves.toEqual(expect.any(String));
  });
});
