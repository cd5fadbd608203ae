// What ships, tested as it ships: both apps deployed by scripts/deploy-app.mjs (the Dockerfile's
// step), started with `node dist/server.js` from their folders in production mode on an empty
// PostgreSQL database each (so the deployed Prisma CLI applies every migration) and Redis, wired
// together as docker-compose.yml wires them; then every page with what it loads, the SDK, the
// embeds, the docs, the CLIs, and a person signing up and in on the web app in Chromium.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  addVirtualAuthenticator,
  launchChromium,
  screenshot,
  watchProblems,
  type Browser,
  type Page,
} from "@org/browser-testing";
import { databaseUrl, dropDatabase, runOnServer, uniqueDatabaseName } from "@org/db/testing";
import { freePort, metricValue, type SpawnedService } from "@org/service-kit/testing";
import {
  deploy,
  deployedCli,
  folderListing,
  listingDifferences,
  REPO_ROOT,
  startDeployed,
  type AppName,
} from "../src/deployed.ts";
import { deployedPackages, lockedClosure } from "../src/lockfile.ts";
import { checkPage } from "../src/pages.ts";

// Services run as real processes (deployed folders, several instances): slower than in-process apps.
jest.setTimeout(180_000);

const APPS: AppName[] = ["board-api", "auth-server"];
const METRICS_TOKEN = "deploy-test-metrics-token";
const redisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

let work: string;
const folders = {} as Record<AppName, string>;
const databases = {} as Record<AppName, string>;
const env = {} as Record<AppName, Record<string, string>>;
const services = {} as Record<AppName, SpawnedService>;
let boardUrl: string;
let authUrl: string;
let browser: Browser | undefined;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "deploy-test-"));
  const [boardPort, authPort] = [await freePort(), await freePort()];
  boardUrl = `http://localhost:${boardPort}`;
  authUrl = `http://localhost:${authPort}`;
  const keyFile = path.join(work, "board-tenant.key");
  for (const app of APPS) {
    folders[app] = path.join(work, app);
    databases[app] = uniqueDatabaseName(`deploy_${app.replace("-", "_")}`);
  }
  await Promise.all([
    ...APPS.map((app) => deploy(app, folders[app])),
    ...APPS.map((app) => runOnServer(`CREATE DATABASE "${databases[app]}"`)),
  ]);
  const common = (app: AppName) => ({
    DATABASE_URL: databaseUrl(databases[app]),
    REDIS_URL: redisUrl,
    DATA_DIR: path.join(work, `${app}-data`),
    METRICS_TOKEN,
  });
  env["auth-server"] = {
    ...common("auth-server"),
    PORT: String(authPort),
    PUBLIC_URL: authUrl,
    BOOTSTRAP_TENANT_NAME: "board-api",
    BOOTSTRAP_TENANT_RP_ID: "localhost",
    BOOTSTRAP_TENANT_ORIGINS: boardUrl,
    BOOTSTRAP_TENANT_API_KEY_FILE: keyFile,
  };
  env["board-api"] = {
    ...common("board-api"),
    PORT: String(boardPort),
    PUBLIC_URL: boardUrl,
    ATTACHMENTS_DIR: path.join(work, "attachments"),
    AUTH_SERVER_URL: authUrl,
    AUTH_API_KEY_FILE: keyFile,
  };
  services["auth-server"] = await startDeployed(folders["auth-server"], env["auth-server"]);
  services["board-api"] = await startDeployed(folders["board-api"], env["board-api"]);
});

afterAll(async () => {
  await browser?.close();
  for (const service of Object.values(services)) service.kill("SIGKILL");
  await Promise.all(APPS.map((app) => dropDatabase(databases[app])));
  await rm(work, { recursive: true, force: true });
});

describe("the deployed folders", () => {
  it.each(APPS)("%s: its node_modules holds exactly the production dependencies of pnpm-lock.yaml", (app) => {
    const locked = lockedClosure(path.join(REPO_ROOT, "pnpm-lock.yaml"), `apps/${app}`);
    const deployed = deployedPackages(folders[app]);
    expect([...deployed.packages].sort()).toEqual([...locked.packages].sort());
    expect([...deployed.workspace].sort()).toEqual([...locked.workspace].sort());
    // No other app, and nothing to build or test with.
    expect([...deployed.workspace].filter((name) => /@org\/(board-api|auth-server)$/.test(name))).toEqual([]);
    const tools = [...deployed.packages].filter((id) =>
      /^(typescript|esbuild|tsx|jest|ts-jest|turbo)@/.test(id),
    );
    expect(tools).toEqual([]);
  });

  it("are the same bytes when made again from the same build: no timestamp, no absolute path", async () => {
    // So the image layer holding a folder is rebuilt only when its app changed (a board-only change
    // keeps the auth server's layers cached). A sibling folder: the lockfile names the workspace's
    // packages by paths relative to the folder (the image's is always /deploy/<app>).
    const again = (app: AppName) => path.join(work, `${app}-again`);
    await Promise.all(APPS.map((app) => deploy(app, again(app))));
    for (const app of APPS) {
      const [first, second] = [await folderListing(folders[app]), await folderListing(again(app))];
      expect(first.size).toBeGreaterThan(1000);
      const differences = await listingDifferences([folders[app], first], [again(app), second]);
      expect([app, differences]).toEqual([app, []]);
    }
  });

  it("are what docker/Dockerfile ships: made by the same script, with the repository's pnpm", async () => {
    const dockerfile = await readFile(path.join(REPO_ROOT, "docker/Dockerfile"), "utf8");
    const { packageManager } = JSON.parse(await readFile(path.join(REPO_ROOT, "package.json"), "utf8")) as {
      packageManager: string;
    };
    expect(`pnpm@${/ARG PNPM_VERSION=(\S+)/.exec(dockerfile)?.[1]}`).toBe(packageManager);
    for (const app of APPS) expect(dockerfile).toContain(`node scripts/deploy-app.mjs ${app} /deploy/${app}`);
    // Local secrets stay out of the build context.
    const ignored = (await readFile(path.join(REPO_ROOT, ".dockerignore"), "utf8")).split("\n");
    expect(ignored).toEqual(expect.arrayContaining(["**/.env", "**/.env.*", "**/node_modules", ".git"]));
  });

  it("holds the SDK's embed scripts, which the auth server's embed pages load", async () => {
    const sdk = path.join(folders["auth-server"], "node_modules", "@org", "authkit-sdk", "dist");
    const manifest = JSON.parse(await readFile(path.join(sdk, "embed", "manifest.json"), "utf8")) as Record<
      string,
      string
    >;
    expect(Object.keys(manifest).sort()).toEqual(["auth-embed", "register-embed"]);
  });
});

describe("the deployed services", () => {
  it("are live and ready on PostgreSQL and Redis, and export metrics to a scraper with the token", async () => {
    for (const service of Object.values(services)) {
      expect(await (await fetch(`${service.url}/healthz`)).json()).toEqual({ status: "ok" });
      expect(await (await fetch(`${service.url}/readyz`)).json()).toEqual({
        status: "ok",
        checks: { database: "ok", redis: "ok" },
      });
      expect((await fetch(`${service.url}/metrics`)).status).toBe(401);
      const metrics = await fetch(`${service.url}/metrics`, {
        headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const text = await metrics.text();
      expect(metrics.status).toBe(200);
      expect(
        metricValue(text, "process_resident_memory_bytes", { service: serviceName(service) }),
      ).toBeGreaterThan(0);
      expect(text).toContain("db_pool_connections{");
      expect(text).toContain('http_requests_total{method="GET",route="/readyz",status="200"');
    }
  });

  it("board-api: the web app, the docs and llms.txt, with everything they load", async () => {
    for (const page of ["/app", "/app/signup", "/docs"]) {
      const checked = await checkPage(`${boardUrl}${page}`);
      expect([page, checked.status, checked.brokenAssets]).toEqual([page, 200, []]);
    }
    expect((await fetch(`${boardUrl}/`, { redirect: "manual" })).headers.get("location")).toBe("/app");
    const sdk = await fetch(`${boardUrl}/app/sdk/authkit.js`, { redirect: "manual" });
    expect(sdk.headers.get("location")).toBe(`${authUrl}/sdk/authkit.js`);
    const llms = await fetch(`${boardUrl}/llms.txt`);
    expect([llms.status, (await llms.text()).startsWith("# Board API")]).toEqual([200, true]);
    const openApi = (await (await fetch(`${boardUrl}/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(openApi.paths)).toContain("/api/v1/projects");
  });

  it("auth-server: the SDK, both embeds, the phone page and the dashboard's sign-in, with everything they load; no demo", async () => {
    const sdk = await fetch(`${authUrl}/sdk/authkit.js`);
    expect([sdk.status, sdk.headers.get("content-type")]).toEqual([200, "text/javascript; charset=utf-8"]);
    expect((await sdk.text()).length).toBeGreaterThan(10_000);
    expect((await fetch(`${authUrl}/sdk/authkit.js.map`)).status).toBe(200);
    const origin = encodeURIComponent(boardUrl);
    for (const page of [`/auth-embed?origin=${origin}`, `/register-embed?origin=${origin}`, "/qr", "/"]) {
      const checked = await checkPage(`${authUrl}${page}`);
      expect([page, checked.status, checked.brokenAssets]).toEqual([page, 200, []]);
      if (page.includes("embed"))
        expect(checked.html).toMatch(/\/sdk\/embed\/(auth|register)-embed-[A-Z0-9]{8}\.js/);
    }
    expect((await fetch(`${authUrl}/demo`)).status).toBe(404);
  });

  it("the command lines work from the deployed folders, against the running services", async () => {
    const board = (await deployedCli(
      folders["board-api"],
      ["user", "create", "--email", "cli@example.com", "--name", "Cli"],
      env["board-api"],
    )) as { token: string };
    const me = await fetch(`${boardUrl}/api/v1/me`, { headers: { Authorization: `Bearer ${board.token}` } });
    expect([me.status, ((await me.json()) as { email: string }).email]).toEqual([200, "cli@example.com"]);

    const invite = (await deployedCli(
      folders["auth-server"],
      ["admin", "invite", "--email", "admin@example.com", "--name", "Admin"],
      env["auth-server"],
    )) as { url: string };
    expect(invite.url.startsWith(`${authUrl}/admin/invite`)).toBe(true);
    const checked = await checkPage(invite.url);
    expect([checked.status, checked.brokenAssets]).toEqual([200, []]);
  });

  it("a person signs up on the web app with a passkey, makes a project, signs out and in again", async () => {
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const problems = await watchProblems(page);
    await addVirtualAuthenticator(page);
    const shoot = (name: string) => screenshot(page, "deploy", name);

    await page.goto(`${boardUrl}/app`);
    await signInButton(page).waitFor();
    await shoot("sign-in");
    await page.goto(`${boardUrl}/app/signup`);
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Name").fill("Ada Lovelace");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Create passkey" }).click();
    await page.getByRole("heading", { name: "Projects" }).waitFor();

    await page.getByRole("button", { name: "New project" }).click();
    await page.getByLabel("Name").fill("Launch");
    await page.getByRole("button", { name: "Create project" }).click();
    await page.getByRole("heading", { name: "Launch" }).waitFor();
    await shoot("project");

    await page.getByRole("link", { name: "Account (Ada Lovelace)" }).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await signInButton(page).click();
    await page.getByRole("heading", { name: "Projects" }).waitFor();
    await page.getByRole("link", { name: /Launch/ }).waitFor();
    await shoot("signed-in-again");
    expect(problems).toEqual([]);
  });

  it("stop on SIGTERM, each with exit code 0, and never answered a 500", async () => {
    for (const service of Object.values(services)) {
      service.kill("SIGTERM");
      expect(await service.exited).toBe(0);
      expect(service.output()).toContain('"msg":"stopped"');
      expect(service.output()).not.toContain('"status":500');
    }
  });
});

const signInButton = (page: Page) =>
  page
    .locator("authkit-authenticate iframe")
    .contentFrame()
    .getByRole("button", { name: "Sign in with Passkey" });

function serviceName(service: SpawnedService): AppName {
  return service === services["board-api"] ? "board-api" : "auth-server";
}
