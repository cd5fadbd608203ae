// The admin dashboard's sign-in: invite links, the session from a passkey login at `/`, its
// cookie, idle and absolute expiry, logout.
import request from "supertest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { ADMIN_ORIGIN, adminLogin, invite, signedInAdmin, signInToken } from "./helpers/admin.ts";
import { failure, login, registerPasskey, tenantWithPasskey } from "./helpers/flows.ts";
import { SoftwareAuthenticator } from "../src/testing/index.ts";
import { adminTenant } from "../src/services/admin-tenant.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cookieHeader = (res: request.Response) => String(res.headers["set-cookie"]);

describe("the sign-in page and the admin tenant", () => {
  it("GET / is the passkey sign-in with a session token of the built-in admin tenant, under a strict CSP", async () => {
    const res = await request(t.app).get("/");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    const csp = res.headers["content-security-policy"] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(res.text).toMatch(/<authkit-authenticate\s+api-base-url="http:\/\/localhost:4100"\s+token="st_/);
    expect(res.text).toMatch(
      /<script type="module" src="\/assets\/admin-sign-in-[A-Z0-9]{8}\.js"><\/script>/,
    );
    expect(res.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script

    const tenant = await adminTenant({ db: t.database.db, publicUrl: ADMIN_ORIGIN });
    expect(tenant).toMatchObject({ name: "AuthKit admin", rpId: "localhost", origins: [ADMIN_ORIGIN] });
    // The sign-in iframe may be framed by the dashboard's own origin (the admin tenant's).
    const embed = await request(t.app).get("/auth-embed").query({ origin: ADMIN_ORIGIN });
    expect(embed.headers["content-security-policy"]).toContain(`frame-ancestors ${ADMIN_ORIGIN}`);
  });

  it("there is one admin tenant, and it follows PUBLIC_URL", async () => {
    const first = await adminTenant({ db: t.database.db, publicUrl: ADMIN_ORIGIN });
    const [a, b] = await Promise.all([
      adminTenant({ db: t.database.db, publicUrl: ADMIN_ORIGIN }),
      adminTenant({ db: t.database.db, publicUrl: ADMIN_ORIGIN }),
    ]);
    expect([a.id, b.id]).toEqual([first.id, first.id]);
    const moved = await adminTenant({ db: t.database.db, publicUrl: "https://auth.example.test" });
    expect(moved).toMatchObject({
      id: first.id,
      rpId: "auth.example.test",
      origins: ["https://auth.example.test"],
    });
    await adminTenant({ db: t.database.db, publicUrl: ADMIN_ORIGIN });
  });
});

describe("invite links", () => {
  it("open a page with authkit-register; spent by the first click, retryable by that browser only", async () => {
    const { code, url } = await invite(t, { email: "Grace@Example.test", name: "Grace Hopper" });
    expect(url).toBe(`${ADMIN_ORIGIN}/admin/invite?code=${code}`);
    const page = await request(t.app).get("/admin/invite").query({ code });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Welcome, Grace Hopper");
    expect(page.text).toContain("grace@example.test");
    expect(page.text).toContain(`assertion-url="/admin/invite/user-token?code=${code}"`);

    const browser = request.agent(t.app);
    const first = await browser.get("/admin/invite/user-token").query({ code });
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.body).toEqual({ userToken: expect.stringMatching(/^ut_/) });
    expect(cookieHeader(first)).toMatch(
      /^authkit_admin_invite=claim_[\w-]+; Path=\/admin\/invite; Expires=[^;]+; HttpOnly; SameSite=Strict$/,
    );
    // The same browser may try again (a cancelled passkey dialog) …
    expect((await browser.get("/admin/invite/user-token").query({ code })).status).toBe(200);
    expect((await browser.get("/admin/invite").query({ code })).status).toBe(200);
    // … nobody else can.
    const other = await request(t.app).get("/admin/invite/user-token").query({ code });
    expect(other.status).toBe(404);
    expect(other.body).toEqual(failure("not_found", "This invite link has expired or was already used."));
    const gone = await request(t.app).get("/admin/invite").query({ code });
    expect(gone.status).toBe(410);
    expect(gone.text).toContain("<h1>This invite link can&#39;t be used</h1>"); // as the page escapes it

    const stored = await t.database.db.authAdminInvite.findFirstOrThrow({ where: { usedAt: { not: null } } });
    expect(stored.tokenHash).not.toContain(code);
  });

  it("expire after 24 hours; an unknown code is the same page", async () => {
    const { code } = await invite(t);
    t.clock.advance(24 * 60 * 60);
    expect((await request(t.app).get("/admin/invite").query({ code })).status).toBe(410);
    expect((await request(t.app).get("/admin/invite/user-token").query({ code })).status).toBe(404);
    expect((await request(t.app).get("/admin/invite").query({ code: "inv_nope" })).status).toBe(410);
    expect((await request(t.app).get("/admin/invite")).status).toBe(400);
  });
});

describe("POST /admin/session", () => {
  it("turns an administrator's passkey login into a strict, HttpOnly dashboard cookie", async () => {
    const { browser, admin, cookie } = await signedInAdmin(t, {
      email: "ada@example.test",
      name: "Ada Lovelace",
    });
    expect(admin).toEqual({
      id: expect.any(String),
      email: "ada@example.test",
      name: "Ada Lovelace",
      status: "active",
      passkey_count: 1,
      invite_issuer_removed: false,
      created_at: expect.any(String),
    });
    expect(cookie).toMatch(/^authkit_admin=adm_[\w-]{43}$/);
    const page = await browser.get("/admin");
    expect(page.status).toBe(200);
    expect(page.text).toContain('admin-name="Ada Lovelace"');
    expect(page.text).toMatch(/<script type="module" src="\/assets\/admin-[A-Z0-9]{8}\.js"><\/script>/);
    const events = await t.database.db.authAuditEvent.findMany({ where: { adminId: admin.id } });
    expect(events.map((e) => e.type)).toEqual(["admin_signed_in"]);
  });

  it("sets HttpOnly, SameSite=Strict, Path=/admin, and Secure outside localhost", async () => {
    const secure = await createTestApp({ PUBLIC_URL: "https://auth.example.test" });
    try {
      const { code } = await invite(secure, { publicUrl: "https://auth.example.test" });
      const authenticator = new SoftwareAuthenticator({ origin: "https://auth.example.test" });
      const token = await request(secure.app).get("/admin/invite/user-token").query({ code });
      expect(cookieHeader(token)).toContain("; Secure");
      await registerPasskey(secure.app, token.body.userToken, authenticator);
      const res = await request(secure.app)
        .post("/admin/session")
        .send({
          challengeId: (await login(secure.app, await signInToken(secure), authenticator)).challengeId,
        });
      expect(res.status).toBe(200);
      expect(cookieHeader(res)).toMatch(
        /^authkit_admin=adm_[\w-]+; Path=\/admin; Expires=[^;]+; HttpOnly; Secure; SameSite=Strict$/,
      );
      const expires = new Date(/Expires=([^;]+)/.exec(cookieHeader(res))?.[1] as string).getTime();
      expect(Math.abs(expires - (secure.clock.ms + 12 * 3600 * 1000))).toBeLessThan(2000);
    } finally {
      await secure.close();
    }
  });

  it("refuses a login of another tenant, even a verified one", async () => {
    const fx = await tenantWithPasskey(t);
    const other = await login(t.app, fx.session, fx.authenticator);
    expect(other.status).toBe(200);
    const res = await request(t.app).post("/admin/session").send({ challengeId: other.challengeId });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(
      failure("not_found", "No completed login with this challengeId in the last 5 minutes."),
    );
    expect(cookieHeader(res)).toBe("undefined");
    // The tenant's own server can still confirm its login: it was not spent by the refusal.
    const verified = await request(t.app)
      .post("/api/v1/verify-auth")
      .set("X-API-KEY", fx.apiKey)
      .send({ challengeId: other.challengeId });
    expect(verified.status).toBe(200);
  });

  it("refuses a reused challengeId, an old one, and one that never was", async () => {
    const { authenticator } = await signedInAdmin(t);
    const challengeId = await adminLogin(t, authenticator);
    expect((await request(t.app).post("/admin/session").send({ challengeId })).status).toBe(200);
    const reused = await request(t.app).post("/admin/session").send({ challengeId });
    expect(reused.status).toBe(404);
    expect(reused.body.error_code).toBe("not_found");

    const old = await adminLogin(t, authenticator);
    t.clock.advance(5 * 60 + 1);
    expect((await request(t.app).post("/admin/session").send({ challengeId: old })).status).toBe(404);
    expect((await request(t.app).post("/admin/session").send({ challengeId: "nope" })).status).toBe(404);
    const bad = await request(t.app).post("/admin/session").send({});
    expect(bad.status).toBe(400);
    expect(bad.body.error_code).toBe("bad_request");
  });

  it("refuses a user of the admin tenant who is not an administrator", async () => {
    const { admin, authenticator } = await signedInAdmin(t);
    // The admin flag is gone; the user, their passkey and their login remain.
    await t.database.db.authAdmin.delete({ where: { id: admin.id } });
    const challengeId = await adminLogin(t, authenticator);
    const res = await request(t.app).post("/admin/session").send({ challengeId });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(failure("forbidden", "This passkey does not belong to an administrator."));
  });
});

describe("the dashboard session", () => {
  it("GET /admin without a session (or with a dead one) is a 303 to the sign-in page", async () => {
    const res = await request(t.app).get("/admin");
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe("/");
    const forged = await request(t.app).get("/admin").set("Cookie", "authkit_admin=adm_forged");
    expect(forged.status).toBe(303);
  });

  it("ends after 30 idle minutes; each request keeps it alive", async () => {
    const { browser } = await signedInAdmin(t);
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(29 * 60);
      expect((await browser.get("/admin/api/tenants")).status).toBe(200);
    }
    t.clock.advance(30 * 60);
    const res = await browser.get("/admin/api/tenants");
    expect(res.status).toBe(401);
    expect(res.body).toEqual(failure("unauthenticated", "Sign in to the admin dashboard first."));
    expect((await browser.get("/admin")).status).toBe(303);
  });

  it("ends 12 hours after sign-in, however busy", async () => {
    const { browser } = await signedInAdmin(t);
    for (let minutes = 25; minutes < 12 * 60; minutes += 25) {
      t.clock.advance(25 * 60);
      expect((await browser.get("/admin/api/csrf")).status).toBe(200);
    }
    t.clock.advance(25 * 60);
    expect((await browser.get("/admin/api/csrf")).status).toBe(401);
  });

  it("logout needs the CSRF token, revokes the session server-side and clears the cookie", async () => {
    const { browser, csrf, cookie, admin } = await signedInAdmin(t);
    const refused = await browser.post("/admin/logout");
    expect(refused.status).toBe(403);
    expect(refused.body.error_code).toBe("forbidden");
    expect((await browser.get("/admin/api/csrf")).status).toBe(200);

    const res = await browser.post("/admin/logout").set("X-CSRF-Token", csrf);
    expect(res.status).toBe(204);
    expect(cookieHeader(res)).toMatch(/^authkit_admin=; Path=\/admin; Expires=Thu, 01 Jan 1970/);
    // The old cookie, replayed, is dead.
    const replayed = await request(t.app).get("/admin/api/csrf").set("Cookie", cookie);
    expect(replayed.status).toBe(401);
    expect((await request(t.app).post("/admin/logout").set("Cookie", cookie)).status).toBe(204);
    const events = await t.database.db.authAuditEvent.findMany({
      where: { adminId: admin.id },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((e) => e.type)).toEqual(["admin_signed_in", "admin_signed_out"]);
  });
});
