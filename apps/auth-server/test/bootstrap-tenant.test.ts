import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createLogger } from "@org/service-kit";
import { spawnService } from "@org/service-kit/testing";
import request from "supertest";
import { loadAuthEnv } from "../src/env.ts";
import { ensureBootstrapTenant } from "../src/services/bootstrap-tenant.ts";
import { ADMIN_ORIGIN, signedInAdmin } from "./helpers/admin.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { runCli } from "./helpers/cli.ts";

// The restart test starts the server as a process and runs the CLI: seconds each on a busy machine.
jest.setTimeout(300_000);

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(os.tmpdir(), "bootstrap-tenant-"));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

// Each test is another deployment, with a declared tenant of its own.
beforeEach(() =>
  t.database.db.tenant.updateMany({
    where: { declaredKey: "BOOTSTRAP_TENANT" },
    data: { declaredKey: null },
  }),
);

const logger = createLogger({ service: "auth-server", level: "silent" });
const sessionToken = (apiKey: string) =>
  request(t.app)
    .post("/api/v1/session-token")
    .set("X-API-KEY", apiKey)
    .then((res) => res.status);

describe("BOOTSTRAP_TENANT_*", () => {
  it("in development, without any setting, declares board-api's tenant with its key in DATA_DIR", () => {
    const env = loadAuthEnv({ NODE_ENV: "development", DATA_DIR: dir });
    expect(env.bootstrapTenant).toEqual({
      name: "board-api",
      rpId: "localhost",
      origins: ["http://localhost:4000"],
      apiKey: { file: path.join(dir, "board-tenant.key") },
      // The board's people sign up on the laptop they have.
      registrationAttachment: "any",
      // What the environment sets, read-only in the dashboard (registration_attachment only when set).
      variables: ["BOOTSTRAP_TENANT_RP_ID", "BOOTSTRAP_TENANT_ORIGINS", "BOOTSTRAP_TENANT_API_KEY_FILE"],
    });
    // Any of it can be changed (board-api on another port), the rest keeps its default.
    expect(
      loadAuthEnv({
        NODE_ENV: "development",
        DATA_DIR: dir,
        BOOTSTRAP_TENANT_ORIGINS: "http://localhost:4001",
      }).bootstrapTenant,
    ).toMatchObject({ name: "board-api", origins: ["http://localhost:4001"] });
    expect(loadAuthEnv({ NODE_ENV: "production" }).bootstrapTenant).toBeUndefined();
    expect(
      loadAuthEnv({ NODE_ENV: "development", BOOTSTRAP_TENANT_NAME: "" }).bootstrapTenant,
    ).toBeUndefined();
    expect(() => loadAuthEnv({ NODE_ENV: "production", BOOTSTRAP_TENANT_NAME: "Board" })).toThrow(
      "BOOTSTRAP_TENANT_NAME needs BOOTSTRAP_TENANT_RP_ID, BOOTSTRAP_TENANT_ORIGINS, BOOTSTRAP_TENANT_API_KEY or BOOTSTRAP_TENANT_API_KEY_FILE",
    );
  });

  it("creates the tenant once, then keeps it in step with the environment at every start", async () => {
    const file = path.join(dir, "keys", "board.key");
    const declared = loadAuthEnv({
      NODE_ENV: "production",
      BOOTSTRAP_TENANT_NAME: "Board",
      BOOTSTRAP_TENANT_RP_ID: "Example.COM",
      BOOTSTRAP_TENANT_ORIGINS: "https://board.example.com/, https://board.example.com",
      BOOTSTRAP_TENANT_API_KEY_FILE: file,
    }).bootstrapTenant!;
    const created = await ensureBootstrapTenant({ db: t.database.db, logger, config: declared });
    expect(created).toMatchObject({
      name: "Board",
      rpId: "example.com",
      origins: ["https://board.example.com"],
      registrationAttachment: "any",
    });
    const key = (await readFile(file, "utf8")).trim();
    expect(await sessionToken(key)).toBe(200);

    // A restart with a new origin and a key given outright: the same tenant, updated; the old key stops.
    const again = await ensureBootstrapTenant({
      db: t.database.db,
      logger,
      config: {
        ...declared,
        origins: ["https://board.example.com", "https://app.example.com"],
        apiKey: { value: "ak_given" },
        registrationAttachment: "platform",
        variables: [
          "BOOTSTRAP_TENANT_RP_ID",
          "BOOTSTRAP_TENANT_ORIGINS",
          "BOOTSTRAP_TENANT_API_KEY",
          "BOOTSTRAP_TENANT_REGISTRATION_ATTACHMENT",
        ],
      },
    });
    expect(again.id).toBe(created.id);
    expect(again.registrationAttachment).toBe("platform");
    expect(again.origins).toEqual(["https://board.example.com", "https://app.example.com"]);
    expect(await t.database.db.tenant.count({ where: { name: "Board" } })).toBe(1);
    expect(await sessionToken("ak_given")).toBe(200);
    expect(await sessionToken(key)).toBe(401);
  });

  it("is created once when several instances start at the same moment", async () => {
    const config = loadAuthEnv({
      NODE_ENV: "production",
      BOOTSTRAP_TENANT_NAME: "Scaled",
      BOOTSTRAP_TENANT_RP_ID: "scaled.example.com",
      BOOTSTRAP_TENANT_ORIGINS: "https://scaled.example.com",
      BOOTSTRAP_TENANT_API_KEY: "ak_scaled",
    }).bootstrapTenant!;
    const tenants = await Promise.all(
      Array.from({ length: 4 }, () => ensureBootstrapTenant({ db: t.database.db, logger, config })),
    );
    expect(new Set(tenants.map((tenant) => tenant.id)).size).toBe(1);
    expect(await t.database.db.tenant.count({ where: { name: "Scaled" } })).toBe(1);
    expect(await sessionToken("ak_scaled")).toBe(200);
  });

  it("is found by its key, not its name: renamed in the dashboard and the CLI, its environment-set fields refused, a restart starts and undoes no edit", async () => {
    const variables = {
      NODE_ENV: "production",
      BOOTSTRAP_TENANT_NAME: "Declared board",
      BOOTSTRAP_TENANT_RP_ID: "declared.example.com",
      BOOTSTRAP_TENANT_ORIGINS: "https://declared.example.com",
      BOOTSTRAP_TENANT_API_KEY: "ak_declared_board",
    };
    const config = loadAuthEnv(variables).bootstrapTenant!;
    const { id } = await ensureBootstrapTenant({ db: t.database.db, logger, config });
    const { browser, csrf } = await signedInAdmin(t, { email: "ops@example.test", name: "Ops" });
    const api = {
      get: () => browser.get(`/admin/api/tenants/${id}`),
      patch: (body: object) => browser.patch(`/admin/api/tenants/${id}`).set("X-CSRF-Token", csrf).send(body),
      rotate: () => browser.post(`/admin/api/tenants/${id}/rotate-key`).set("X-CSRF-Token", csrf).send({}),
    };

    // The dashboard sees which fields the environment sets.
    expect((await api.get()).body).toMatchObject({
      name: "Declared board",
      set_by_environment: {
        rp_id: "BOOTSTRAP_TENANT_RP_ID",
        origins: "BOOTSTRAP_TENANT_ORIGINS",
        api_key: "BOOTSTRAP_TENANT_API_KEY",
      },
    });
    // Renamed, QR sign-in off, registration_attachment changed (no variable sets it): all accepted,
    // with the origins sent unchanged as the dashboard's form does.
    const renamed = await api.patch({
      name: "Board (renamed)",
      origins: ["https://declared.example.com"],
      qr_login: "off",
      registration_attachment: "platform",
    });
    expect(renamed.status).toBe(200);
    // Another origin, or a key rotation: refused, naming the variable.
    const origin = await api.patch({
      origins: ["https://declared.example.com", "https://other.example.com"],
    });
    expect(origin.status).toBe(400);
    expect(origin.body).toMatchObject({
      error: expect.stringContaining("BOOTSTRAP_TENANT_ORIGINS"),
      details: [{ path: "origins" }],
    });
    const rotate = await api.rotate();
    expect(rotate.status).toBe(400);
    expect(rotate.body.error).toContain("BOOTSTRAP_TENANT_API_KEY");

    // The CLI: a rename is accepted, an origin refused naming the variable.
    const cli = (...args: string[]) =>
      runCli({ databaseUrl: t.database.url, publicUrl: ADMIN_ORIGIN }, ...args);
    expect((await cli("tenant", "update", id, "--name", "Board (CLI)")).tenant.name).toBe("Board (CLI)");
    await expect(
      cli("tenant", "update", id, "--add-origin", "https://cli.example.com"),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining("BOOTSTRAP_TENANT_ORIGINS"),
    });
    await expect(cli("tenant", "rotate-key", id)).rejects.toMatchObject({
      stderr: expect.stringContaining("BOOTSTRAP_TENANT_API_KEY"),
    });

    // A restart of the real server: it starts, finds the renamed tenant and undoes none of the edits.
    const server = await spawnService(path.resolve(__dirname, ".."), {
      ...variables,
      DATABASE_URL: t.database.url,
      PUBLIC_URL: ADMIN_ORIGIN,
      LOG_LEVEL: "info",
    });
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const session = await fetch(`${server.url}/api/v1/session-token`, {
        method: "POST",
        headers: { "X-API-KEY": "ak_declared_board" },
      });
      expect(session.status).toBe(200);
    } finally {
      server.kill();
      await server.exited;
    }
    const after = await t.database.db.tenant.findUniqueOrThrow({ where: { id } });
    expect(after).toMatchObject({
      name: "Board (CLI)",
      qrLogin: "off",
      registrationAttachment: "platform",
      origins: ["https://declared.example.com"],
    });
    expect(await t.database.db.tenant.count({ where: { declaredKey: "BOOTSTRAP_TENANT" } })).toBe(1);

    // A changed variable at the next start is applied, and audited as the environment's doing.
    await ensureBootstrapTenant({
      db: t.database.db,
      logger,
      config: loadAuthEnv({
        ...variables,
        BOOTSTRAP_TENANT_ORIGINS: "https://declared.example.com,https://new.example.com",
      }).bootstrapTenant!,
    });
    const events = await t.database.db.authAuditEvent.findMany({
      where: { tenantId: id, adminId: null },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    expect(
      events.filter((e) => (e.detail as { by?: string }).by === "environment").map((e) => [e.type, e.detail]),
    ).toEqual([
      [
        "tenant_created",
        {
          by: "environment",
          variables: "BOOTSTRAP_TENANT_RP_ID,BOOTSTRAP_TENANT_ORIGINS,BOOTSTRAP_TENANT_API_KEY",
        },
      ],
      ["tenant_updated", { by: "environment", changed: "origins" }],
    ]);
  });

  it("adopts the tenant of an older deployment that was renamed (found by its key's hash)", async () => {
    const { tenant } = await import("../src/services/tenants.ts").then(({ createTenant }) =>
      createTenant({ db: t.database.db, name: "Old board", rpId: "old.example.com", origins: [] }),
    );
    // What the old code did: the declared key is the tenant's; then someone renamed it.
    const { hashSecret } = await import("@org/service-kit");
    await t.database.db.tenant.update({
      where: { id: tenant.id },
      data: { apiKeyHash: hashSecret("ak_old_board"), name: "Renamed old board" },
    });
    const config = loadAuthEnv({
      NODE_ENV: "production",
      BOOTSTRAP_TENANT_NAME: "Old board",
      BOOTSTRAP_TENANT_RP_ID: "old.example.com",
      BOOTSTRAP_TENANT_ORIGINS: "https://old.example.com",
      BOOTSTRAP_TENANT_API_KEY: "ak_old_board",
    }).bootstrapTenant!;
    const adopted = await ensureBootstrapTenant({ db: t.database.db, logger, config });
    expect(adopted).toMatchObject({
      id: tenant.id,
      name: "Renamed old board",
      declaredKey: "BOOTSTRAP_TENANT",
    });
  });
});
