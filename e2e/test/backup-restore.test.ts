// Backup and restore as the README's "Backup and restore" documents it for a plain server, with its
// own commands (the two shell blocks are read from the README and run as written): a person signs
// up with a passkey on deployment A (the checkout's build in production mode, on PostgreSQL and
// Redis, both services' files in folders of their own), gets an API token and uploads a file; A is
// backed up while it runs, then stopped and deleted (databases and folders); the backup is restored
// into empty databases and empty folders, deployment B starts there on the same public addresses,
// and the same person signs in with the same passkey (the same virtual authenticator, no new
// credential) and finds the project, the file's exact bytes and the token.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import {
  addVirtualAuthenticator,
  launchChromium,
  screenshot,
  watchProblems,
  type Browser,
  type Page,
  type VirtualAuthenticator,
} from "@org/browser-testing";
import { pendingMigrations } from "@org/db";
import { databaseUrl, dropDatabase, runOnServer, uniqueDatabaseName } from "@org/db/testing";
import { freePort, type SpawnedService, spawnNode } from "@org/service-kit/testing";
import { REPO_ROOT, type AppName } from "../src/deployed.ts";

// Services run as real processes, twice, and a browser signs up and in.
jest.setTimeout(180_000);

const run = promisify(execFile);
const APPS: AppName[] = ["auth-server", "board-api"];
const redisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
const EMAIL = "ada@example.com";
const FILE_BYTES = Buffer.from("minutes of the launch meeting\n\u00e9t\u00e9 \u2713\n", "utf8");

/** A deployment: a database per service, board-api's DATA_DIR, the running services. */
interface Deployment {
  databases: Record<AppName, string>;
  boardDataDir: string;
  services: Partial<Record<AppName, SpawnedService>>;
}

let work: string;
let backupDir: string;
let boardUrl: string;
let authUrl: string;
const deployments: Deployment[] = [];
let a: Deployment;
let b: Deployment;
let browser: Browser | undefined;
let page: Page;
let authenticator: VirtualAuthenticator;
let token: string;
let attachmentId: string;

/** The README's fenced `sh` block whose first line starts with `heading`. */
async function readmeBlock(heading: string): Promise<string> {
  const readme = await readFile(path.join(REPO_ROOT, "README.md"), "utf8");
  const block = readme.split("```sh\n").find((part) => part.startsWith(heading));
  if (!block) throw new Error(`README.md has no sh block starting "${heading}"`);
  return block.slice(0, block.indexOf("```"));
}

/** Runs a README block with bash (stopping at the first failing command) and the given variables. */
async function runReadmeBlock(heading: string, deployment: Deployment): Promise<void> {
  await run("bash", ["-euo", "pipefail", "-c", await readmeBlock(heading)], {
    env: {
      PATH: process.env.PATH ?? "",
      BACKUP: backupDir,
      BOARD_DATABASE_URL: databaseUrl(deployment.databases["board-api"]),
      AUTH_DATABASE_URL: databaseUrl(deployment.databases["auth-server"]),
      BOARD_DATA_DIR: deployment.boardDataDir,
    },
  });
}

async function newDeployment(name: string): Promise<Deployment> {
  const deployment: Deployment = {
    databases: {
      "auth-server": uniqueDatabaseName(`restore_${name}_auth`),
      "board-api": uniqueDatabaseName(`restore_${name}_board`),
    },
    boardDataDir: path.join(work, name, "board-data"),
    services: {},
  };
  deployments.push(deployment);
  for (const app of APPS) await runOnServer(`CREATE DATABASE "${deployment.databases[app]}"`);
  return deployment;
}

/**
 * Both services of `deployment` from the checkout's build (`pnpm start:prod`), on the public ports
 * every deployment shares (passkeys belong to the addresses, not to a server). The tenant key lives
 * in board-api's DATA_DIR, where both read it (as on one server; compose shares a volume).
 */
async function start(deployment: Deployment, name: string): Promise<void> {
  const keyFile = path.join(deployment.boardDataDir, "board-tenant.key");
  const env: Record<AppName, Record<string, string>> = {
    "auth-server": {
      PORT: new URL(authUrl).port,
      PUBLIC_URL: authUrl,
      DATA_DIR: path.join(work, name, "auth-data"),
      BOOTSTRAP_TENANT_NAME: "board-api",
      BOOTSTRAP_TENANT_RP_ID: "localhost",
      BOOTSTRAP_TENANT_ORIGINS: boardUrl,
      BOOTSTRAP_TENANT_API_KEY_FILE: keyFile,
    },
    "board-api": {
      PORT: new URL(boardUrl).port,
      PUBLIC_URL: boardUrl,
      DATA_DIR: deployment.boardDataDir,
      AUTH_SERVER_URL: authUrl,
      AUTH_API_KEY_FILE: keyFile,
    },
  };
  for (const app of APPS) {
    deployment.services[app] = await spawnNode(["--enable-source-maps", "dist/server.js"], {
      cwd: path.join(REPO_ROOT, "apps", app),
      env: {
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl(deployment.databases[app]),
        REDIS_URL: redisUrl,
        ...env[app],
      },
      timeoutMs: 120_000,
    });
  }
}

async function stop(deployment: Deployment): Promise<void> {
  for (const service of Object.values(deployment.services)) {
    service.kill("SIGTERM");
    expect(await service.exited).toBe(0);
  }
  deployment.services = {};
}

async function api(method: string, urlPath: string, body?: unknown): Promise<Response> {
  return fetch(`${boardUrl}/api/v1${urlPath}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const signInButton = () =>
  page
    .locator("authkit-authenticate iframe")
    .contentFrame()
    .getByRole("button", { name: "Sign in with Passkey" });

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "backup-restore-test-"));
  backupDir = path.join(work, "backup");
  boardUrl = `http://localhost:${await freePort()}`;
  authUrl = `http://localhost:${await freePort()}`;
});

afterAll(async () => {
  await browser?.close();
  for (const deployment of deployments) {
    for (const service of Object.values(deployment.services)) service.kill("SIGKILL");
    await Promise.all(APPS.map((app) => dropDatabase(deployment.databases[app])));
  }
  await rm(work, { recursive: true, force: true });
});

describe("backup and restore (README, plain server)", () => {
  it("deployment A: a person signs up with a passkey, gets an API token and attaches a file", async () => {
    a = await newDeployment("a");
    await start(a, "a");
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    authenticator = await addVirtualAuthenticator(page);

    await page.goto(`${boardUrl}/app/signup`);
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Name").fill("Ada Lovelace");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Create passkey" }).click();
    await page.getByRole("heading", { name: "Projects" }).waitFor();
    expect(await authenticator.credentials()).toHaveLength(1);

    // The board's command line, as an administrator would run it against A's database.
    const { stdout } = await run(process.execPath, ["dist/cli.js", "token", "create", "--email", EMAIL], {
      cwd: path.join(REPO_ROOT, "apps", "board-api"),
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl(a.databases["board-api"]),
      },
    });
    token = (JSON.parse(stdout) as { token: string }).token;
    const project = (await (
      await api("POST", "/projects", { name: "Launch", template: "kanban" })
    ).json()) as {
      id: string;
    };
    const {
      data: [backlog],
    } = (await (await api("GET", `/projects/${project.id}/columns`)).json()) as { data: { id: string }[] };
    const card = (await (
      await api("POST", `/columns/${backlog?.id}/cards`, { title: "Minutes" })
    ).json()) as {
      id: string;
    };
    const form = new FormData();
    form.append("file", new Blob([FILE_BYTES], { type: "text/plain" }), "minutes.txt");
    const upload = await fetch(`${boardUrl}/api/v1/cards/${card.id}/attachments`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    attachmentId = ((await upload.json()) as { id: string }).id;

    await page.getByRole("link", { name: "Account (Ada Lovelace)" }).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await signInButton().waitFor();
  });

  it("is backed up with the README's commands while A runs; then A is stopped and deleted", async () => {
    await runReadmeBlock("# Back up (plain server", a);
    await stop(a);
    await Promise.all(APPS.map((app) => dropDatabase(a.databases[app])));
    await rm(path.join(work, "a"), { recursive: true, force: true });
  });

  it("is restored with the README's commands into empty databases and folders, where deployment B starts", async () => {
    b = await newDeployment("b");
    await runReadmeBlock("# Restore (plain server", b);
    // Nothing left to migrate: the restored databases are at this release's schema.
    for (const app of APPS) expect(await pendingMigrations(databaseUrl(b.databases[app]))).toEqual([]);
    await start(b, "b");
    for (const service of Object.values(b.services)) {
      expect(await (await fetch(`${service.url}/readyz`)).json()).toMatchObject({ status: "ok" });
    }
  });

  it("on B, the person signs in with the same passkey and finds the project, the file and the token", async () => {
    const problems = await watchProblems(page);
    await page.goto(`${boardUrl}/app`);
    await signInButton().click();
    await page.getByRole("heading", { name: "Projects" }).waitFor();
    await page.getByRole("link", { name: /Launch/ }).waitFor();
    await screenshot(page, "backup-restore", "signed-in-on-restored");
    // The passkey made on A: no new credential, and its signature counter moved on.
    const [credential, ...others] = await authenticator.credentials();
    expect(others).toEqual([]);
    expect(credential?.signCount).toBeGreaterThan(1);
    expect(problems).toEqual([]);

    const me = await api("GET", "/me");
    expect([me.status, ((await me.json()) as { email: string }).email]).toEqual([200, EMAIL]);
    const download = await api("GET", `/attachments/${attachmentId}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(FILE_BYTES);
  });

  it("B stops cleanly", async () => {
    await stop(b);
  });
});
