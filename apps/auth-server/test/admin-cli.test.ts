// `cli admin invite|list|remove`: one JSON line each, errors one line on stderr.
import request from "supertest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { runCli } from "./helpers/cli.ts";

// Each command opens (and migrates) the database: a second or more each on a busy machine.
jest.setTimeout(150_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cli = (...args: string[]) =>
  runCli({ databaseUrl: t.database.url, publicUrl: "http://localhost:4100" }, ...args);

describe("cli admin", () => {
  it("invite prints a one-time link that opens the passkey page; list shows the admin; remove removes them", async () => {
    const invited = await cli("admin", "invite", "--email", "Ops@Example.test", "--name", "Ops Team");
    expect(invited).toEqual({
      url: expect.stringMatching(/^http:\/\/localhost:4100\/admin\/invite\?code=inv_[\w-]{43}$/),
      expiresAt: expect.any(String),
    });
    const expiresIn = new Date(invited.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(23.9 * 3600 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600 * 1000);
    const page = await request(t.app).get(new URL(invited.url).pathname + new URL(invited.url).search);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Welcome, Ops Team");

    const listed = await cli("admin", "list");
    expect(listed).toEqual({
      admins: [
        {
          id: expect.any(String),
          email: "ops@example.test",
          name: "Ops Team",
          status: "invited",
          passkey_count: 0,
          invite_issuer_removed: false,
          created_at: expect.any(String),
        },
      ],
    });
    const tenants = await cli("tenant", "list");
    expect(tenants.tenants).toContainEqual(
      expect.objectContaining({ name: "AuthKit admin", rp_id: "localhost", built_in: "admin" }),
    );

    const removed = await cli("admin", "remove", "ops@example.test");
    expect(removed.admin).toMatchObject({ id: listed.admins[0].id, email: "ops@example.test" });
    expect(
      (await request(t.app).get(new URL(invited.url).pathname + new URL(invited.url).search)).status,
    ).toBe(410);
  });

  it("errors are one line on stderr with exit code 1", async () => {
    const { username, host, pathname } = new URL(t.database.url);
    const using = `using PostgreSQL ${username}@${host}${pathname}\n`;
    await expect(cli("admin", "invite", "--email", "nope", "--name", "X")).rejects.toMatchObject({
      code: 1,
      stderr: `${using}cli admin invite: --email is not valid: Invalid email address.\n`,
    });
    await expect(cli("admin", "remove", "ghost@example.test")).rejects.toMatchObject({
      code: 1,
      stderr: `${using}cli admin remove: No administrator ghost@example.test.\n`,
    });
  });
});
