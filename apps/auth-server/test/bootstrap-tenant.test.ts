import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createLogger } from "@org/service-kit";
import request from "supertest";
import { loadAuthEnv } from "../src/env.ts";
import { ensureBootstrapTenant } from "../src/services/bootstrap-tenant.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";

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
      },
    });
    expect(again.id).toBe(created.id);
    expect(again.registrationAttachment).toBe("platform");
    expect(again.origins).toEqual(["https://board.example.com", "https://app.example.com"]);
    expect(await t.database.db.tenant.count({ where: { name: "Board" } })).toBe(1);
    expect(await sessionToken("ak_given")).toBe(200);
    expect(await sessionToken(key)).toBe(401);
  });
});
