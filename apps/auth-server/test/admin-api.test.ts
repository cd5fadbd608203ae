// /admin/api: the dashboard's JSON API, through HTTP with a real dashboard session.
import { authAdminOperationMap, authAdminOperations } from "@org/contracts";
import { defineImplementations, mountOperations } from "@org/service-kit";
import request from "supertest";
import type TestAgent from "supertest/lib/agent";
import type { AuthContext } from "../src/context.ts";
import { adminImplementations } from "../src/routes/admin/index.ts";
import { adminTenant } from "../src/services/admin-tenant.ts";
import { ADMIN_ORIGIN, signedInAdmin } from "./helpers/admin.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import {
  failure,
  login,
  makeAuthenticator,
  registerPasskey,
  sessionToken,
  userToken,
} from "./helpers/flows.ts";

let t: TestApp;
let browser: TestAgent;
let csrf: string;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({
    browser,
    csrf,
    admin: { id: adminId },
  } = await signedInAdmin(t, { email: "root@example.test", name: "Root" }));
});
afterAll(() => t.close());

const api = {
  get: (path: string) => browser.get(`/admin/api${path}`),
  post: (path: string, body?: object) =>
    browser.post(`/admin/api${path}`).set("X-CSRF-Token", csrf).send(body),
  patch: (path: string, body: object) =>
    browser.patch(`/admin/api${path}`).set("X-CSRF-Token", csrf).send(body),
  delete: (path: string) => browser.delete(`/admin/api${path}`).set("X-CSRF-Token", csrf),
};

/** The audit rows an administrator caused, oldest first. */
const auditOf = (where: { tenantId?: string; type?: string } = {}) =>
  t.database.db.authAuditEvent.findMany({
    where: { adminId, ...where } as never,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });

let tenants = 0;
async function newTenant(body: object = {}) {
  tenants += 1;
  const res = await api.post("/tenants", {
    name: `Shop ${tenants}`,
    rp_id: "shop.example.test",
    origins: ["https://shop.example.test"],
    ...body,
  });
  if (res.status !== 201) throw new Error(`create tenant: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { tenant: { id: string; name: string }; apiKey: string };
}

/** A user of the tenant with a passkey (registered on the tenant's origin). */
async function userWithPasskey(apiKey: string, externalId: string, displayName?: string) {
  const authenticator = makeAuthenticator({ origin: "https://shop.example.test" });
  const token = await userToken(t.app, apiKey, { externalId, ...(displayName ? { displayName } : {}) });
  const res = await registerPasskey(t.app, token, authenticator);
  return { authenticator, passkeyId: res.body.passkeyId as string, userId: res.body.user.id as string };
}

const ID = "0190c1d2-5b1e-7c3a-9f00-1a2b3c4d5e6f";
/** Every `/admin/api` operation of the contracts' list, its path parameters filled in. */
const routes: [string, string][] = authAdminOperations
  .filter((op) => op.path.startsWith("/admin/api/"))
  .map((op) => [
    op.method,
    op.path
      .slice("/admin/api".length)
      .replace("{external_id}", "u-1")
      .replace(/\{\w+\}/g, ID),
  ]);

describe("/admin/api access", () => {
  it.each(routes)("%s %s without a session is 401", async (method, path) => {
    const res = await (request(t.app) as unknown as Record<string, (p: string) => request.Test>)[method]!(
      `/admin/api${path}`,
    ).set("X-CSRF-Token", csrf);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(failure("unauthenticated", "Sign in to the admin dashboard first."));
  });

  it.each(routes.filter(([method]) => method !== "get"))(
    "%s %s without the CSRF token, or with another session's, is 403",
    async (method, path) => {
      const call = () =>
        (browser as unknown as Record<string, (p: string) => request.Test>)[method]!(`/admin/api${path}`);
      const missing = await call().send({});
      expect(missing.status).toBe(403);
      expect(missing.body).toEqual(
        failure("forbidden", "Missing or invalid CSRF token: send X-CSRF-Token (GET /admin/api/csrf)."),
      );
      expect((await call().set("X-CSRF-Token", otherToken(csrf)).send({})).status).toBe(403);
    },
  );

  it("the CSRF token belongs to the session; API answers are never cached", async () => {
    const other = await signedInAdmin(t);
    expect(other.csrf).not.toBe(csrf);
    const res = await api.get("/csrf");
    expect(res.body).toEqual({ token: csrf });
    expect(res.headers["cache-control"]).toBe("no-store");
    const foreign = await browser.post("/admin/api/tenants").set("X-CSRF-Token", other.csrf).send({});
    expect(foreign.status).toBe(403);
  });

  it("an unknown /admin/api path is not_found once signed in", async () => {
    expect((await api.get("/nope")).status).toBe(404);
  });

  it("an operation without an implementation does not compile, nor mount", () => {
    const { listTenants: _missing, ...rest } = adminImplementations({} as AuthContext);
    // @ts-expect-error: listTenants has no implementation
    const implementations = defineImplementations(authAdminOperationMap)(rest);
    expect(() =>
      mountOperations({ operations: authAdminOperationMap, implementations, guard: () => [] }),
    ).toThrow("no implementation of the operation listTenants");
  });
});

describe("tenants", () => {
  it("create shows the API key once; the key works; the event names the admin", async () => {
    const res = await api.post("/tenants", {
      name: "  Acme  ",
      rp_id: "Acme.Test",
      origins: ["https://acme.test/", "https://app.acme.test"],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      tenant: {
        id: expect.any(String),
        name: "Acme",
        rp_id: "acme.test",
        origins: ["https://acme.test", "https://app.acme.test"],
        registration_attachment: "any",
        qr_login: "on",
        self_signup: false,
        password_login: false,
        disabled: false,
        created_at: expect.any(String),
      },
      apiKey: expect.stringMatching(/^ak_/),
    });
    expect(
      (await request(t.app).post("/api/v1/session-token").set("X-API-KEY", res.body.apiKey)).status,
    ).toBe(200);
    const got = await api.get(`/tenants/${res.body.tenant.id}`);
    expect(got.body).toEqual(res.body.tenant);
    expect(JSON.stringify(got.body)).not.toContain("ak_");
    expect((await auditOf({ tenantId: res.body.tenant.id })).map((e) => e.type)).toEqual(["tenant_created"]);
  });

  it("create refuses bad input with the field named", async () => {
    const res = await api.post("/tenants", { name: "", rp_id: "x.test" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error_code: "bad_request", details: [{ path: "name" }] });
    const origin = await api.post("/tenants", { name: "X", rp_id: "x.test", origins: ["ftp://x.test"] });
    expect(origin.status).toBe(400);
    expect(origin.body).toEqual(failure("bad_request", "Not an origin: ftp://x.test"));
    const domain = await api.post("/tenants", { name: "X", rp_id: "not a domain" });
    expect(domain.body).toEqual(failure("bad_request", "Not a domain: not a domain"));
  });

  it("lists tenants oldest first with cursor pages, never the built-in admin tenant", async () => {
    const created = [await newTenant(), await newTenant(), await newTenant()];
    const admin = await adminTenant({ db: t.database.db, publicUrl: ADMIN_ORIGIN });
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await api.get(`/tenants?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(2);
      ids.push(...res.body.data.map((tenant: { id: string }) => tenant.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(ids).toEqual(expect.arrayContaining(created.map((c) => c.tenant.id)));
    expect(ids).not.toContain(admin.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await api.get(`/tenants/${admin.id}`)).status).toBe(404);
    expect((await api.post(`/tenants/${admin.id}/disable`)).status).toBe(404);
    expect((await api.get(`/tenants/${admin.id}/users`)).status).toBe(404);
    expect((await api.get("/tenants/not-an-id")).status).toBe(404);
    expect((await api.get("/tenants?limit=0")).status).toBe(400);
  });

  it("edit renames and replaces origins (normalised); both audited", async () => {
    const { tenant } = await newTenant();
    const res = await api.patch(`/tenants/${tenant.id}`, {
      name: "Renamed",
      origins: ["https://new.example.test:8443/path", "https://new.example.test:8443"],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Renamed", origins: ["https://new.example.test:8443"] });
    expect((await api.patch(`/tenants/${tenant.id}`, {})).status).toBe(400);
    // The audit names what changed, not what was sent; a save that changes nothing is no edit.
    const sameName = await api.patch(`/tenants/${tenant.id}`, { name: "Renamed", qr_login: "off" });
    expect(sameName.body).toMatchObject({ name: "Renamed", qr_login: "off" });
    expect((await api.patch(`/tenants/${tenant.id}`, { name: "Renamed" })).status).toBe(200);
    const events = await auditOf({ tenantId: tenant.id });
    expect(events.map((e) => [e.type, e.detail])).toEqual([
      ["tenant_created", {}],
      ["tenant_updated", { changed: "name,origins" }],
      ["tenant_updated", { changed: "qrLogin" }],
    ]);
  });

  it("edit sets registration_attachment; register/start then answers it as attachmentPolicy", async () => {
    const { tenant, apiKey } = await newTenant({ registration_attachment: "platform" });
    const res = await api.patch(`/tenants/${tenant.id}`, { registration_attachment: "any" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ registration_attachment: "any", name: tenant.name });
    const token = await request(t.app)
      .post("/api/v1/user-token")
      .set("X-API-KEY", apiKey)
      .send({ externalId: "laptop-user" });
    const start = await request(t.app)
      .post("/auth/v1/register/start")
      .set("Authorization", `Bearer ${token.body.userToken}`)
      .send({ authenticatorAttachment: "cross-platform" });
    expect(start.body.attachmentPolicy).toBe("any");
    expect(start.body.options.authenticatorSelection.authenticatorAttachment).toBeUndefined();
    const wrong = await api.patch(`/tenants/${tenant.id}`, { registration_attachment: "laptop" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      error_code: "bad_request",
      details: [{ path: "registration_attachment" }],
    });
    const events = await auditOf({ tenantId: tenant.id });
    expect(events.map((e) => [e.type, e.detail])).toEqual([
      ["tenant_created", {}],
      ["tenant_updated", { changed: "registrationAttachment" }],
    ]);
  });

  it("disable refuses the tenant's key with tenant_disabled; enable restores it; rotate replaces the key", async () => {
    const { tenant, apiKey } = await newTenant();
    const disabled = await api.post(`/tenants/${tenant.id}/disable`);
    expect(disabled.status).toBe(200);
    expect(disabled.body.disabled).toBe(true);
    const refused = await request(t.app).post("/api/v1/session-token").set("X-API-KEY", apiKey);
    expect(refused.body).toEqual(failure("tenant_disabled", "This tenant is disabled."));
    expect((await api.post(`/tenants/${tenant.id}/enable`)).body.disabled).toBe(false);
    expect((await request(t.app).post("/api/v1/session-token").set("X-API-KEY", apiKey)).status).toBe(200);

    const rotated = await api.post(`/tenants/${tenant.id}/rotate-key`);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({
      tenant: expect.objectContaining({ id: tenant.id }),
      apiKey: expect.stringMatching(/^ak_/),
    });
    expect((await request(t.app).post("/api/v1/session-token").set("X-API-KEY", apiKey)).status).toBe(401);
    const fresh = await request(t.app).post("/api/v1/session-token").set("X-API-KEY", rotated.body.apiKey);
    expect(fresh.status).toBe(200);
    const events = await auditOf({ tenantId: tenant.id });
    expect(events.map((e) => e.type)).toEqual([
      "tenant_created",
      "tenant_disabled",
      "tenant_enabled",
      "tenant_key_rotated",
    ]);
    expect(JSON.stringify(events)).not.toContain(rotated.body.apiKey);
  });
});

describe("users and passkeys", () => {
  it("lists a tenant's users, searches externalId and display name, pages with a cursor", async () => {
    const { tenant, apiKey } = await newTenant();
    for (const [externalId, displayName] of [
      ["u-100", "Ada Lovelace"],
      ["u-200", "Grace Hopper"],
      ["ada-2", "Someone"],
      ["50%_off", "Literal"],
    ] as const) {
      await userToken(t.app, apiKey, { externalId, displayName });
    }
    const all = await api.get(`/tenants/${tenant.id}/users`);
    expect(all.status).toBe(200);
    expect(all.body.data.map((u: { externalId: string }) => u.externalId)).toEqual([
      "u-100",
      "u-200",
      "ada-2",
      "50%_off",
    ]);
    expect(all.body.data[0]).toEqual({
      id: expect.any(String),
      externalId: "u-100",
      displayName: "Ada Lovelace",
      username: null,
      hasPassword: false,
      disabled: false,
      passkeyCount: 0,
      lastSignInAt: null,
      sessionCount: 0,
      createdAt: expect.any(String),
    });
    expect(all.body.next_cursor).toBeNull();
    const ada = await api.get(`/tenants/${tenant.id}/users?q=ADA`);
    expect(ada.body.data.map((u: { externalId: string }) => u.externalId)).toEqual(["u-100", "ada-2"]);
    const literal = await api.get(`/tenants/${tenant.id}/users?q=${encodeURIComponent("%_")}`);
    expect(literal.body.data.map((u: { externalId: string }) => u.externalId)).toEqual(["50%_off"]);
    const first = await api.get(`/tenants/${tenant.id}/users?limit=3`);
    expect(first.body.data).toHaveLength(3);
    const second = await api.get(`/tenants/${tenant.id}/users?limit=3&cursor=${first.body.next_cursor}`);
    expect(second.body).toEqual({
      data: [expect.objectContaining({ externalId: "50%_off" })],
      next_cursor: null,
    });
  });

  it("disable revokes the user's sessions and their next login is user_disabled; enable restores it", async () => {
    const { tenant, apiKey } = await newTenant();
    const user = await userWithPasskey(apiKey, "shopper", "Shopper");
    const signedIn = await login(t.app, await sessionToken(t.app, apiKey), user.authenticator);
    const cookie = String(signedIn.headers["set-cookie"]).split(";")[0] as string;

    const res = await api.post(`/tenants/${tenant.id}/users/shopper/disable`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ externalId: "shopper", disabled: true, passkeyCount: 1 });
    expect((await request(t.app).get("/auth/v1/passkeys").set("Cookie", cookie)).status).toBe(401);
    const refused = await login(t.app, await sessionToken(t.app, apiKey), user.authenticator);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(failure("user_disabled", "This user has been disabled."));

    expect((await api.post(`/tenants/${tenant.id}/users/shopper/enable`)).body.disabled).toBe(false);
    expect((await login(t.app, await sessionToken(t.app, apiKey), user.authenticator)).status).toBe(200);
    expect((await api.post(`/tenants/${tenant.id}/users/nobody/disable`)).status).toBe(404);

    const events = await auditOf({ tenantId: tenant.id });
    expect(events.filter((e) => e.type.startsWith("user_")).map((e) => [e.type, e.userId])).toEqual([
      ["user_disabled", user.userId],
      ["user_enabled", user.userId],
    ]);
  });

  it("lists a user's last sign-in and sessions; ends one, then all; deletes the user; all audited", async () => {
    const { tenant, apiKey } = await newTenant();
    const user = await userWithPasskey(apiKey, "leaver", "Leaver");
    const cookies: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(1);
      const signedIn = await login(t.app, await sessionToken(t.app, apiKey), user.authenticator);
      cookies.push(String(signedIn.headers["set-cookie"]).split(";")[0] as string);
    }
    const listed = await api.get(`/tenants/${tenant.id}/users`);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ externalId: "leaver", sessionCount: 3, lastSignInAt: expect.any(String) }),
    ]);
    const sessions = await api.get(`/tenants/${tenant.id}/users/leaver/sessions`);
    expect(sessions.status).toBe(200);
    expect(sessions.body.data).toHaveLength(3);
    const [newest] = sessions.body.data as { id: string }[];
    const path = `/tenants/${tenant.id}/users/leaver/sessions`;
    expect((await api.delete(`${path}/${newest!.id}`)).status).toBe(204);
    expect((await api.delete(`${path}/${newest!.id}`)).status).toBe(404);
    expect((await request(t.app).get("/auth/v1/passkeys").set("Cookie", cookies[2]!)).status).toBe(401);
    expect((await request(t.app).get("/auth/v1/passkeys").set("Cookie", cookies[0]!)).status).toBe(200);
    expect((await api.delete(path)).body).toEqual({ revoked: 2 });
    expect((await request(t.app).get("/auth/v1/passkeys").set("Cookie", cookies[0]!)).status).toBe(401);
    expect((await api.get(path)).body.data).toEqual([]);

    expect((await api.delete(`/tenants/${tenant.id}/users/leaver`)).status).toBe(204);
    expect((await api.delete(`/tenants/${tenant.id}/users/leaver`)).status).toBe(404);
    expect((await api.get(`/tenants/${tenant.id}/users`)).body.data).toEqual([]);
    expect((await login(t.app, await sessionToken(t.app, apiKey), user.authenticator)).status).not.toBe(200);

    // The user's own activity, also once they are gone, named by the externalId user_deleted keeps.
    const activity = await api.get(`/audit?user_id=${user.userId}`);
    expect(activity.body.data.map((e: { type: string; detail: object }) => [e.type, e.detail])).toEqual([
      ["user_deleted", { externalId: "leaver", passkeys: 1 }],
      ["user_sessions_revoked", { count: 2 }],
      ["user_sessions_revoked", { session: newest!.id }],
      ["login_success", expect.any(Object)],
      ["login_success", expect.any(Object)],
      ["login_success", expect.any(Object)],
      ["registration", expect.any(Object)],
    ]);
    expect(
      activity.body.data.every((e: { user_external_id: string }) => e.user_external_id === "leaver"),
    ).toBe(true);
    const byAdmin = await api.get(`/audit?tenant_id=${tenant.id}&admin_id=${adminId}&type=user_deleted`);
    expect(byAdmin.body.data).toHaveLength(1);
    expect((await api.get(`/audit?user_id=${user.userId}&admin_id=${ID}`)).body.data).toEqual([]);
  });

  it("lists a user's passkeys with their authenticator, and deletes one", async () => {
    const { tenant, apiKey } = await newTenant();
    const user = await userWithPasskey(apiKey, "keys/holder");
    const path = `/tenants/${tenant.id}/users/${encodeURIComponent("keys/holder")}/passkeys`;
    const listed = await api.get(path);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      data: [
        {
          id: user.passkeyId,
          name: "Passkey",
          aaguid: "00000000-0000-0000-0000-000000000000",
          authenticator: null,
          synced: false,
          created_at: expect.any(String),
        },
      ],
      next_cursor: null,
    });
    await login(t.app, await sessionToken(t.app, apiKey), user.authenticator);
    expect((await api.get(path)).body.data[0].last_used).toEqual(expect.any(String));

    expect((await api.delete(`/passkeys/${user.passkeyId}`)).status).toBe(204);
    expect((await api.get(path)).body.data).toEqual([]);
    expect((await api.delete(`/passkeys/${user.passkeyId}`)).status).toBe(404);
    expect((await api.delete("/passkeys/nope")).status).toBe(404);
    const [deleted] = await auditOf({ type: "passkey_deleted", tenantId: tenant.id });
    expect(deleted).toMatchObject({ userId: user.userId, detail: { passkeyId: user.passkeyId } });
  });

  it("cannot delete an administrator's passkey", async () => {
    const admin = await adminTenant({ db: t.database.db, publicUrl: ADMIN_ORIGIN });
    const passkey = await t.database.db.authCredential.findFirstOrThrow({ where: { tenantId: admin.id } });
    expect((await api.delete(`/passkeys/${passkey.id}`)).status).toBe(404);
  });
});

describe("ids in paths (issue 28: Disable on a user whose externalId is '..' disabled the tenant)", () => {
  it("a dot segment is never taken as an id: 400, and neither the user nor the tenant changes", async () => {
    const { tenant, apiKey } = await newTenant();
    // Made before such ids were refused (the tenant API refuses them now, below).
    await t.database.db.authUser.create({ data: { tenantId: tenant.id, externalId: ".." } });
    await t.database.db.authUser.create({ data: { tenantId: tenant.id, externalId: "." } });
    for (const segment of ["..", ".", "%2e%2e", ".%2E", "%2E"]) {
      const res = await api.post(`/tenants/${tenant.id}/users/${segment}/disable`);
      expect([segment, res.status, res.body.error_code]).toEqual([segment, 400, "bad_request"]);
      expect(res.body.error).toBeDefined();
      expect((await api.get(`/tenants/${tenant.id}/users/${segment}/passkeys`)).status).toBe(400);
    }
    expect((await api.post(`/tenants/..%2f${tenant.id}/disable`)).status).toBe(404);
    const users = await t.database.db.authUser.findMany({ where: { tenantId: tenant.id } });
    expect(users.map((user) => user.disabled)).toEqual([false, false]);
    expect((await t.database.db.tenant.findUniqueOrThrow({ where: { id: tenant.id } })).disabled).toBe(false);
    for (const path of [`/passkeys/..`, `/admins/..`]) expect((await api.delete(path)).status).toBe(400);

    // The tenant API refuses to make new ones, and to address them.
    for (const externalId of ["..", ".", " .. "]) {
      const created = await request(t.app)
        .post("/api/v1/users")
        .set("X-API-KEY", apiKey)
        .send({ externalId });
      expect(created.status).toBe(400);
      const token = await request(t.app)
        .post("/api/v1/user-token")
        .set("X-API-KEY", apiKey)
        .send({ externalId });
      expect(token.status).toBe(400);
    }
    const viaApi = await request(t.app).post("/api/v1/users/%2e%2e/disable").set("X-API-KEY", apiKey);
    expect(viaApi.status).toBe(400);
    const named = await request(t.app)
      .post("/api/v1/users")
      .set("X-API-KEY", apiKey)
      .send({ externalId: "..." });
    expect(named.status).toBe(200);
  });
});

describe("audit log", () => {
  it("newest first, with names; filtered by tenant, type and time range; paged", async () => {
    const { tenant } = await newTenant({ name: "Audited" });
    await api.post(`/tenants/${tenant.id}/disable`);
    t.clock.advance(1);
    await api.post(`/tenants/${tenant.id}/enable`);

    const res = await api.get(`/audit?tenant_id=${tenant.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { type: string }) => e.type)).toEqual([
      "tenant_enabled",
      "tenant_disabled",
      "tenant_created",
    ]);
    expect(res.body.data[0]).toEqual({
      id: expect.any(String),
      type: "tenant_enabled",
      tenant_id: tenant.id,
      tenant_name: "Audited",
      user_id: null,
      user_external_id: null,
      admin_id: adminId,
      admin_name: "Root",
      ip: expect.any(String),
      detail: {},
      created_at: expect.any(String),
    });
    const disabled = await api.get(`/audit?tenant_id=${tenant.id}&type=tenant_disabled`);
    expect(disabled.body.data.map((e: { type: string }) => e.type)).toEqual(["tenant_disabled"]);

    const [newest, middle] = res.body.data as { created_at: string }[];
    const range = await api.get(
      `/audit?tenant_id=${tenant.id}&from=${encodeURIComponent(middle!.created_at)}&to=${encodeURIComponent(newest!.created_at)}`,
    );
    expect(range.body.data.map((e: { type: string }) => e.type)).toEqual(["tenant_disabled"]);

    const page1 = await api.get(`/audit?tenant_id=${tenant.id}&limit=2`);
    const page2 = await api.get(`/audit?tenant_id=${tenant.id}&limit=2&cursor=${page1.body.next_cursor}`);
    expect([...page1.body.data, ...page2.body.data].map((e: { type: string }) => e.type)).toEqual([
      "tenant_enabled",
      "tenant_disabled",
      "tenant_created",
    ]);
    expect(page2.body.next_cursor).toBeNull();
    expect((await api.get("/audit?type=nope")).status).toBe(400);
    expect((await api.get("/audit?from=yesterday")).status).toBe(400);

    // The same filters as CSV, an attachment; a cell a spreadsheet would run as a formula is quoted.
    await api.patch(`/tenants/${tenant.id}`, { name: "=HYPERLINK(1)" });
    const csv = await api.get(`/audit/export?tenant_id=${tenant.id}&type=tenant_disabled`);
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.text.split("\r\n")).toEqual([
      "created_at,type,tenant_id,tenant_name,user_id,user_external_id,admin_id,admin_name,ip,detail",
      `${middle!.created_at},tenant_disabled,${tenant.id},'=HYPERLINK(1),,,${adminId},Root,${res.body.data[1].ip},`,
      "",
    ]);
    expect((await api.get("/audit/export?type=nope")).status).toBe(400);
  });
});

describe("administrators", () => {
  it("invite returns a one-time link; the list shows invited and active admins", async () => {
    const res = await api.post("/admins", { email: "New@Example.test", name: "Newcomer" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      admin: {
        id: expect.any(String),
        email: "new@example.test",
        name: "Newcomer",
        status: "invited",
        passkey_count: 0,
        invite_issuer_removed: false,
        created_at: expect.any(String),
      },
      url: expect.stringMatching(/^http:\/\/localhost:4100\/admin\/invite\?code=inv_[\w-]{43}$/),
      expiresAt: new Date(t.clock.ms + 24 * 3600 * 1000).toISOString(),
    });
    expect(
      (await request(t.app).get(new URL(res.body.url).pathname + new URL(res.body.url).search)).status,
    ).toBe(200);
    const listed = await api.get("/admins");
    expect(listed.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: "root@example.test", status: "active", passkey_count: 1 }),
        expect.objectContaining({ email: "new@example.test", status: "invited" }),
      ]),
    );
    expect((await api.post("/admins", { email: "not an email", name: "X" })).status).toBe(400);
    const [event] = await auditOf({ type: "admin_invited" });
    expect(event?.detail).toEqual({ invitee: res.body.admin.id, email: "new@example.test" });
  });

  it("remove ends the admin's sessions and passkeys; nobody removes themselves", async () => {
    const other = await signedInAdmin(t, { email: "leaving@example.test", name: "Leaving" });
    expect((await other.browser.get("/admin/api/csrf")).status).toBe(200);
    expect((await api.delete(`/admins/${other.admin.id}`)).status).toBe(204);
    expect((await other.browser.get("/admin/api/csrf")).status).toBe(401);
    expect((await api.get("/admins")).body.data.map((a: { email: string }) => a.email)).not.toContain(
      "leaving@example.test",
    );
    expect(
      await t.database.db.authCredential.count({ where: { user: { externalId: "leaving@example.test" } } }),
    ).toBe(0);
    expect((await api.delete(`/admins/${other.admin.id}`)).status).toBe(404);

    const self = await api.delete(`/admins/${adminId}`);
    expect(self.status).toBe(409);
    expect(self.body).toEqual(failure("conflict", "You cannot remove yourself; another administrator can."));
    const [event] = await auditOf({ type: "admin_removed" });
    expect(event?.detail).toEqual({ removed: other.admin.id, email: "leaving@example.test" });
  });
});

/** The same token with its last character changed (a token that happened to end in "0" stayed valid). */
function otherToken(token: string): string {
  return `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`;
}
