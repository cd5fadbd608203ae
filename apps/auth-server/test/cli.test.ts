import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import request from "supertest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { failure, login, makeTenant, sessionToken, tenantWithPasskey } from "./helpers/flows.ts";

const run = promisify(execFile);
// Each command starts tsx and opens (and migrates) the database: seconds each on a busy machine.
jest.setTimeout(60_000);
const root = path.resolve(__dirname, "..");
const tsx = path.join(root, "node_modules/.bin/tsx");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function cli(...args: string[]) {
  const { stdout } = await run(tsx, ["src/cli.ts", ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: t.database.url,
      PUBLIC_URL: "https://auth.example.net",
      LOG_LEVEL: "silent",
    },
  });
  const lines = stdout.trim().split("\n");
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0] as string);
}

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
      disabled: false,
      created_at: expect.any(String),
    });
    expect(JSON.stringify(listed)).not.toContain("ak_");

    const wellKnown = await cli("tenant", "well-known", out.tenant.id);
    expect(wellKnown).toEqual({
      url: "https://acme.test/.well-known/webauthn",
      contentType: "application/json",
      body: { origins: ["https://auth.example.net"] },
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
    ]);
    expect(all.events[3]).toEqual({
      id: expect.any(String),
      type: "registration",
      tenant_id: fx.tenant.id,
      user_id: fx.userId,
      ip: expect.any(String),
      detail: { passkeyId: fx.passkeyId, aaguid: "00000000-0000-0000-0000-000000000000" },
      created_at: expect.any(String),
    });
    const failures = await cli("audit", "--tenant", fx.tenant.id, "--type", "login_failure", "--limit", "5");
    expect(failures.events).toHaveLength(1);
  });

  it("errors go to stderr with a non-zero exit", async () => {
    await expect(cli("tenant", "create", "--name", "x")).rejects.toMatchObject({
      code: 1,
      stderr: "cli tenant create: --rp-id is required.\n",
    });
    await expect(cli("tenant", "disable", "00000000-0000-7000-8000-000000000000")).rejects.toMatchObject({
      code: 1,
      stderr: "cli tenant disable: No tenant 00000000-0000-7000-8000-000000000000.\n",
    });
  });
});
