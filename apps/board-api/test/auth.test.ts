import path from "node:path";
import { boardOperationList } from "@org/contracts";
import { runAppCli } from "@org/service-kit/testing";
import request from "supertest";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { client, makeUser } from "../src/testing/fixtures.ts";

const appDir = path.resolve(__dirname, "..");
// The CLI tests open the database per command: a second or more each on a busy machine.
jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function cli(...args: string[]) {
  return cliWith({}, ...args);
}

/** `cli <args>` (src/cli.ts, bundled as `pnpm build` does) on the test database: its one JSON line. */
function cliWith(env: Record<string, string>, ...args: string[]) {
  return runAppCli(appDir, { DATABASE_URL: t.database.url, ...env }, ...args);
}

const unauthenticated = (message: string) => ({ error: { code: "unauthenticated", message } });

describe("authentication", () => {
  it("refuses a request without a token", async () => {
    const res = await request(t.app).get("/api/v1/me");
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthenticated("Send Authorization: Bearer <API token>."));
  });

  it("refuses an unknown token and a non-bearer scheme", async () => {
    const res = await client(t, "bt_nope").get("/me");
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthenticated("The API token is invalid or revoked."));
    const basic = await request(t.app).get("/api/v1/projects").set("Authorization", "Basic abc");
    expect(basic.status).toBe(401);
  });

  it("GET /me answers the token's user", async () => {
    const { user, api } = await makeUser(t, { email: "Me@Example.com", name: "Me" });
    const res = await api.get("/me");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      email: "me@example.com",
      name: "Me",
      handle: expect.stringMatching(/^me(-\d+)?$/),
      email_verified: false,
      email_notifications: false,
      created_at: expect.any(String),
    });
  });

  it("stores only the token's hash", async () => {
    const { token, user } = await makeUser(t);
    expect(token).toMatch(/^bt_[A-Za-z0-9_-]{43}$/);
    const rows = await t.database.db.apiToken.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("lists every registry operation in /openapi.json", async () => {
    const res = await request(t.app).get("/openapi.json");
    const operationIds = Object.values(
      res.body.paths as Record<string, Record<string, { operationId?: string }>>,
    )
      .flatMap((methods) => Object.values(methods).map((op) => op.operationId))
      .filter(Boolean);
    // …and the probes, documented like them.
    expect(operationIds.sort()).toEqual(
      [...boardOperationList.map((op) => op.name), "getHealth", "getMetrics", "getReadiness"].sort(),
    );
  });
});

describe("cli", () => {
  it("user create, token create and token revoke print one JSON line and work against the API", async () => {
    const created = await cli("user", "create", "--email", "cli@example.com", "--name", "Cli User");
    expect(created).toEqual({
      user: { id: expect.any(String), email: "cli@example.com", name: "Cli User", handle: "cli" },
      token: expect.stringMatching(/^bt_/),
    });
    const me = await client(t, created.token).get("/me");
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(created.user.id);

    const second = await cli("token", "create", "--email", "cli@example.com");
    expect(second).toEqual({ token: expect.stringMatching(/^bt_/) });
    expect((await client(t, second.token).get("/me")).status).toBe(200);

    expect(await cli("token", "revoke", "--token", second.token)).toEqual({ revoked: true });
    const revoked = await client(t, second.token).get("/me");
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual(unauthenticated("The API token is invalid or revoked."));
    // The other token of the same user still works.
    expect((await client(t, created.token).get("/me")).status).toBe(200);
  });

  it("says what is wrong with the environment in one line, not a stack trace", async () => {
    const failure = await cliWith({ PORT: "abc" }, "token", "create", "--email", "a@example.com").catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({
      code: 1,
      stderr: "cli token create: Invalid environment: PORT: Invalid input: expected number, received NaN\n",
    });
  });

  it("exits non-zero with one clear line on stderr for a duplicate email, naming the database used", async () => {
    await cli("user", "create", "--email", "dup@example.com", "--name", "A");
    const failure = await cli("user", "create", "--email", "Dup@example.com", "--name", "B").catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 1, stdout: "" });
    const { username, host, pathname } = new URL(t.database.url);
    expect((failure as { stderr: string }).stderr.split("\n")).toEqual([
      // Not the default database (DATABASE_URL is set), so the command says which one it used.
      `using PostgreSQL ${username}@${host}${pathname}`,
      "cli user create: A user with email dup@example.com already exists; cli token create --email " +
        "dup@example.com gives them another token.",
      "",
    ]);
  });
});
