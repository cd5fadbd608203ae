// Administrator accounts (issue 18, point 1): invite links only create new administrators; a
// passkey reaches an administrator's account only through their own first invite or their own
// dashboard session; removal ends everything at once; sign-ins and refusals are audited.
import request from "supertest";
import { inviteAdmin } from "../src/services/admins.ts";
import { SoftwareAuthenticator } from "../src/testing/index.ts";
import { ADMIN_ORIGIN, adminCtx, invite, signedInAdmin } from "./helpers/admin.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { failure, registerPasskey } from "./helpers/flows.ts";

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
    const attacker = new SoftwareAuthenticator({ origin: ADMIN_ORIGIN });
    const second = await registerPasskey(t.app, token, attacker);
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
    const results = await Promise.all(
      [1, 2].map(() => registerPasskey(t.app, token, new SoftwareAuthenticator({ origin: ADMIN_ORIGIN }))),
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
