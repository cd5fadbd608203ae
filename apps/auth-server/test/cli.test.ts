import request from "supertest";
import { adminTenant } from "../src/services/admin-tenant.ts";
import { wellKnownFor } from "../src/services/tenants.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { runCli } from "./helpers/cli.ts";
import { failure, login, makeTenant, sessionToken, tenantWithPasskey } from "./helpers/flows.ts";

// Each command opens (and migrates) the database: a second or more each on a busy machine.
jest.setTimeout(150_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cli = (...args: string[]) =>
  runCli({ databaseUrl: t.database.url, publicUrl: "https://auth.example.net" }, ...args);

describe("cli", () => {
  it("tenant create prints the tenant and its API key once; the key works", async () => {
    const out = await cli(
      "tenant",
      "create",
      "--name",
      "Acme",
      "--rp-id",
      "acme.test",
      "--origin",
      "https://app.acme.test",
      "--origin",
      "https://acme.test/",
    );
    expect(out).toEqual({
      tenant: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: "Acme",
        rp_id: "acme.test",
        origins: ["https://app.acme.test", "https://acme.test"],
        registration_attachment: "any",
        qr_login: "on",
        self_signup: false,
        password_login: false,
      },
      apiKey: expect.stringMatching(/^ak_[A-Za-z0-9_-]{43}$/),
    });
    const stored = await t.database.db.tenant.findUniqueOrThrow({ where: { id: out.tenant.id } });
    expect(stored.apiKeyHash).not.toContain(out.apiKey);
    expect((await request(t.app).post("/api/v1/session-token").set("X-API-KEY", out.apiKey)).status).toBe(
      200,
    );

    const listed = await cli("tenant", "list");
    expect(listed.tenants).toContainEqual({
      ...out.tenant,
      qr_login: "on",
      disabled: false,
      created_at: expect.any(String),
    });
    expect(JSON.stringify(listed)).not.toContain("ak_");

    const wellKnown = await cli("tenant", "well-known", out.tenant.id);
    expect(wellKnown).toEqual({
      url: "https://acme.test/.well-known/webauthn",
      contentType: "application/json",
      body: { origins: ["https://auth.example.net"] },
      required: true,
      reason:
        "auth.example.net is neither acme.test nor below it: the QR phone page and the embeds can use acme.test's passkeys only if acme.test lists https://auth.example.net (Chrome 128+, Safari/iOS 18+).",
    });
    // An auth server on a subdomain of the RP ID needs no file.
    const below = await wellKnownFor({
      db: t.database.db,
      id: out.tenant.id,
      publicUrl: "https://login.acme.test",
    });
    expect(below).toMatchObject({ body: { origins: ["https://login.acme.test"] }, required: false });
  });

  it("tenant update renames, replaces, adds and removes origins, and sets registration_attachment", async () => {
    const created = await cli(
      "tenant",
      "create",
      "--name",
      "Edit me",
      "--rp-id",
      "edit.test",
      "--origin",
      "https://edit.test",
      "--registration-attachment",
      "platform",
    );
    expect(created.tenant.registration_attachment).toBe("platform");
    const id = created.tenant.id as string;
    const renamed = await cli(
      "tenant",
      "update",
      id,
      "--name",
      "Edited",
      "--add-origin",
      "https://app.edit.test/",
      "--add-origin",
      "https://shop.edit.test",
      "--registration-attachment",
      "any",
    );
    expect(renamed).toEqual({
      tenant: {
        id,
        name: "Edited",
        rp_id: "edit.test",
        origins: ["https://edit.test", "https://app.edit.test", "https://shop.edit.test"],
        registration_attachment: "any",
        qr_login: "on",
        self_signup: false,
        password_login: false,
        disabled: false,
        created_at: expect.any(String),
      },
    });
    const removed = await cli("tenant", "update", id, "--remove-origin", "https://edit.test");
    expect(removed.tenant.origins).toEqual(["https://app.edit.test", "https://shop.edit.test"]);
    const replaced = await cli("tenant", "update", "--id", id, "--origin", "https://new.edit.test");
    expect(replaced.tenant.origins).toEqual(["https://new.edit.test"]);

    const { username, host, pathname } = new URL(t.database.url);
    const using = `using PostgreSQL ${username}@${host}${pathname}\n`;
    await expect(cli("tenant", "update", id)).rejects.toMatchObject({
      stderr: `${using}cli tenant update: Nothing to change: give --name, --origin, --add-origin, --remove-origin, --registration-attachment, --qr-login, --self-signup or --password-login.\n`,
    });
    await expect(cli("tenant", "update", id, "--registration-attachment", "laptop")).rejects.toMatchObject({
      stderr: `${using}cli tenant update: --registration-attachment must be one of auto, any, platform, cross-platform.\n`,
    });
    await expect(cli("tenant", "update", id, "--remove-origin", "https://other.test")).rejects.toMatchObject({
      stderr: `${using}cli tenant update: https://other.test is not one of the tenant's origins.\n`,
    });
  });

  it("tenant create and update set self_signup and password_login (on|off); password login follows", async () => {
    const created = await cli(
      "tenant",
      "create",
      "--name",
      "Signup",
      "--rp-id",
      "example.test",
      "--origin",
      "https://app.example.test",
      "--self-signup",
      "on",
    );
    expect(created.tenant).toMatchObject({ self_signup: true, password_login: false });
    const id = created.tenant.id;
    await request(t.app)
      .post("/api/v1/users")
      .set("X-API-KEY", created.apiKey)
      .send({ externalId: "pw-user", username: "pw", password: "correct horse battery" })
      .expect(200);
    const session = await sessionToken(t.app, created.apiKey);
    const passwordLogin = () =>
      request(t.app)
        .post("/auth/v1/password/login")
        .set("Authorization", `Bearer ${session}`)
        .send({ username: "pw", password: "correct horse battery" });
    const refused = await passwordLogin();
    expect([refused.status, refused.body.error_code]).toEqual([403, "forbidden"]);
    expect(refused.body.error).toContain("password_login");
    const on = await cli("tenant", "update", id, "--password-login", "on", "--self-signup", "off");
    expect(on.tenant).toMatchObject({ self_signup: false, password_login: true });
    expect((await passwordLogin()).status).toBe(200);
    await expect(cli("tenant", "update", id, "--self-signup", "yes")).rejects.toMatchObject({
      stderr: expect.stringContaining("cli tenant update: --self-signup must be on or off.\n"),
    });
  });

  it("tenant update --qr-login turns QR sign-in off and on; the built-in admin tenant is not edited", async () => {
    const { tenant } = await makeTenant(t);
    const session = await sessionToken(t.app, (await cli("tenant", "rotate-key", tenant.id)).apiKey);
    const qrStart = () =>
      request(t.app).post("/auth/v1/qr/start").set("Authorization", `Bearer ${session}`).send({});
    expect((await cli("tenant", "update", tenant.id, "--qr-login", "off")).tenant.qr_login).toBe("off");
    expect((await qrStart()).body.error_code).toBe("configuration_error");
    expect((await cli("tenant", "update", tenant.id, "--qr-login", "on")).tenant.qr_login).toBe("on");
    expect((await qrStart()).status).toBe(200);
    await expect(cli("tenant", "update", tenant.id, "--qr-login", "maybe")).rejects.toMatchObject({
      stderr: expect.stringContaining("cli tenant update: --qr-login must be on or off.\n"),
    });

    await adminTenant({ db: t.database.db, publicUrl: "https://auth.example.net" });
    const listed = await cli("tenant", "list");
    const admin = listed.tenants.find((row: { built_in?: string }) => row.built_in === "admin");
    expect(admin).toMatchObject({ qr_login: "off" });
    const notEdited =
      "The built-in admin tenant is not edited: it follows PUBLIC_URL, and administrators are managed with `admin invite` and `admin remove`.";
    await expect(cli("tenant", "update", admin.id, "--qr-login", "on")).rejects.toMatchObject({
      stderr: expect.stringContaining(notEdited),
    });
    // Nor does it get an API key (one could mint user tokens for administrators).
    await expect(cli("tenant", "rotate-key", admin.id)).rejects.toMatchObject({
      stderr: expect.stringContaining(notEdited),
    });
  });

  it("tenant rotate-key replaces the key; tenant disable refuses it with tenant_disabled", async () => {
    const { tenant, apiKey } = await makeTenant(t);
    const rotated = await cli("tenant", "rotate-key", "--id", tenant.id);
    expect(rotated.apiKey).toMatch(/^ak_/);
    expect((await request(t.app).post("/api/v1/session-token").set("X-API-KEY", apiKey)).status).toBe(401);
    expect((await request(t.app).post("/api/v1/session-token").set("X-API-KEY", rotated.apiKey)).status).toBe(
      200,
    );

    const disabled = await cli("tenant", "disable", tenant.id);
    expect(disabled.tenant).toMatchObject({ id: tenant.id, disabled: true });
    const refused = await request(t.app).post("/api/v1/session-token").set("X-API-KEY", rotated.apiKey);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(failure("tenant_disabled", "This tenant is disabled."));
    await cli("tenant", "enable", tenant.id);
    expect((await request(t.app).post("/api/v1/session-token").set("X-API-KEY", rotated.apiKey)).status).toBe(
      200,
    );
  });

  it("audit prints security events, newest first, filtered by tenant and type", async () => {
    const fx = await tenantWithPasskey(t);
    await login(t.app, fx.session, fx.authenticator);
    await login(t.app, await sessionToken(t.app, fx.apiKey), fx.authenticator, { counter: 0 });
    const all = await cli("audit", "--tenant", fx.tenant.id);
    expect(all.events.map((e: { type: string }) => e.type)).toEqual([
      "login_failure",
      "counter_regression",
      "login_success",
      "registration",
      "tenant_created",
    ]);
    expect(all.events[3]).toEqual({
      id: expect.any(String),
      type: "registration",
      tenant_id: fx.tenant.id,
      tenant_name: fx.tenant.name,
      user_id: fx.userId,
      user_external_id: "user-1",
      admin_id: null,
      admin_name: null,
      ip: expect.any(String),
      detail: { passkeyId: fx.passkeyId, aaguid: "00000000-0000-0000-0000-000000000000" },
      created_at: expect.any(String),
    });
    const failures = await cli("audit", "--tenant", fx.tenant.id, "--type", "login_failure", "--limit", "5");
    expect(failures.events).toHaveLength(1);
  });

  it("tenant webhook add, list and remove manage a tenant's endpoints; the secret is printed once", async () => {
    const { tenant } = await makeTenant(t);
    const added = await cli(
      "tenant",
      "webhook",
      "add",
      tenant.id,
      "--url",
      "https://hooks.example.net/auth",
      "--event",
      "user.created",
      "--event",
      "login.failed",
      "--description",
      "CRM sync",
    );
    expect(added.webhook).toMatchObject({
      id: expect.any(String),
      url: "https://hooks.example.net/auth",
      events: ["user.created", "login.failed"],
      description: "CRM sync",
      secret: expect.stringMatching(/^whsec_/),
    });
    const listed = await cli("tenant", "webhook", "list", tenant.id);
    expect(listed.webhooks).toEqual([
      expect.objectContaining({ id: added.webhook.id, url: added.webhook.url }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(added.webhook.secret);

    // A mistyped event names the ones there are.
    await expect(
      cli(
        "tenant",
        "webhook",
        "add",
        tenant.id,
        "--url",
        "https://hooks.example.net/x",
        "--event",
        "user.create",
      ),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("--event is not valid (one of user.created,"),
    });

    // Another tenant cannot remove it by id; its own tenant can.
    const other = await makeTenant(t);
    await expect(
      cli("tenant", "webhook", "remove", other.tenant.id, "--webhook", added.webhook.id),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("No such webhook.") });
    expect(await cli("tenant", "webhook", "remove", tenant.id, "--webhook", added.webhook.id)).toEqual({
      removed: added.webhook.id,
    });
    expect((await cli("tenant", "webhook", "list", tenant.id)).webhooks).toEqual([]);
  });

  it("errors go to stderr, one line, with a non-zero exit", async () => {
    // DATABASE_URL is set (not the default database), so each command first says which one it uses.
    const { username, host, pathname } = new URL(t.database.url);
    const using = `using PostgreSQL ${username}@${host}${pathname}\n`;
    await expect(cli("tenant", "create", "--name", "x")).rejects.toMatchObject({
      code: 1,
      stderr: `${using}cli tenant create: --rp-id is required.\n`,
    });
    await expect(cli("tenant", "disable", "00000000-0000-7000-8000-000000000000")).rejects.toMatchObject({
      code: 1,
      stderr: `${using}cli tenant disable: No tenant 00000000-0000-7000-8000-000000000000.\n`,
    });
  });
});
