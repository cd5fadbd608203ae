// Both services over real HTTP on ports of their own (port 0): the auth server, and board-api with
// socket.io and the web app, as its tenant with PUBLIC_URL where it listens (or where the proxy in
// front of several of its instances does).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  addVirtualAuthenticator,
  launchChromium,
  screenshot,
  watchProblems,
  type Browser,
  type BrowserContext,
  type Page,
  type VirtualAuthenticator,
} from "@org/browser-testing";
import { createDb } from "@org/db";
import { createTestDatabase, type TestDatabase } from "@org/db/testing";
import { localhostUrl } from "@org/service-kit";
import { startSmtpCatcher, type SmtpCatcher } from "@org/service-kit/testing";
import {
  loadBoardEnv,
  startBoardApi,
  type BoardApi,
  type StartBoardApiOptions,
} from "@org/board-api/service";
import { roundRobinProxy } from "../round-robin-proxy.ts";
import { startAuthServer, type AuthServer } from "./web.ts";

export interface RunningServices {
  auth: AuthServer;
  /** `url` is where people and clients reach the board: the proxy's, with several instances. */
  board: {
    url: string;
    database: TestDatabase;
    instances: string[];
    /** Closes every live socket's connection from the server's side, as a network drop would. */
    dropSockets(): void;
  };
  close(): Promise<void>;
}

/** Each connection closed as a dropped network would ("transport close": clients reconnect by
 * themselves); realtime.disconnect() would also stop the engine taking new ones (a shutdown). */
function dropSockets(board: BoardApi) {
  for (const socket of board.realtime.io.sockets.sockets.values()) socket.conn.close();
}

/**
 * `env` adds to board-api's environment (SMTP_URL for a test's mail server, …). With `instances`
 * above 1, that many board-api instances, each with its own database client, share the database
 * and Redis (TEST_REDIS_URL) behind a round-robin proxy whose origin is their PUBLIC_URL: no
 * sticky sessions, as instances.test.ts runs the built servers.
 */
export async function startServices({
  env: extra = {},
  instances = 1,
  webhooks = false,
}: {
  env?: Record<string, string>;
  instances?: number;
  /** The webhook delivery worker server.ts runs (its options), on every instance; default none. */
  webhooks?: StartBoardApiOptions["webhooks"];
} = {}): Promise<RunningServices> {
  const auth = await startAuthServer();
  const database = await createTestDatabase();
  const attachmentsDir = await mkdtemp(path.join(os.tmpdir(), "board-browser-"));
  const upstreams: string[] = [];
  const proxy = instances > 1 ? await roundRobinProxy(upstreams) : undefined;
  const redisUrl = instances > 1 ? process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379" : undefined;
  // The board's tenant, once its URL is known (the proxy's, or the one instance's).
  let apiKey: Promise<string> | undefined;
  const env = async (url: string) => {
    apiKey ??= auth.tenant([url]);
    return loadBoardEnv({
      NODE_ENV: "test",
      DATABASE_URL: database.url,
      PUBLIC_URL: url,
      ATTACHMENTS_DIR: attachmentsDir,
      AUTH_SERVER_URL: auth.url,
      AUTH_API_KEY: await apiKey,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      // Only the proxy on this machine reaches the instances: believe the address it adds.
      ...(proxy ? { TRUST_PROXY: "loopback" } : {}),
      ...extra,
    });
  };
  // The first instance uses the test database's client; every other one a client of its own.
  const clients = Array.from({ length: instances }, (_, index) =>
    index === 0 ? database.db : createDb({ url: database.url, maxConnections: 10 }),
  );
  const boards: BoardApi[] = [];
  for (const db of clients) {
    boards.push(
      await startBoardApi({
        db,
        env: (url) => env(proxy?.url ?? localhostUrl(url)),
        sweeper: false,
        webhooks,
      }),
    );
  }
  upstreams.push(...boards.map((board) => board.url));
  const url = proxy?.url ?? localhostUrl(boards[0]!.url);
  return {
    auth,
    board: {
      url,
      database,
      instances: upstreams,
      dropSockets: () => boards.forEach(dropSockets),
    },
    async close() {
      await proxy?.close();
      await Promise.all(boards.map((board) => board.close()));
      await Promise.all(clients.slice(1).map((client) => client.$disconnect()));
      await database.drop();
      await auth.close();
      await rm(attachmentsDir, { recursive: true, force: true });
    },
  };
}

export const SUITE = "webapp";

/**
 * Screenshots of the page as it is, in light and dark at 1280 px and in light at 375 px (a phone),
 * then back to light at 1280. `ready` waits for what the page must show.
 */
/** The palette's --bg (@org/web-theme), as computed. */
const PAGE_BACKGROUND = { light: "rgb(244, 245, 247)", dark: "rgb(11, 11, 15)" };

export async function shootPage(page: Page, name: string, ready: () => Promise<unknown>): Promise<void> {
  const shots: Array<["light" | "dark", number]> = [
    ["light", 1280],
    ["dark", 1280],
    ["light", 375],
  ];
  for (const [scheme, width] of shots) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await page.setViewportSize({ width, height: width > 400 ? 860 : 812 });
    await ready();
    // The page itself turns dark too (the `dark` class follows the system while the choice is "auto";
    // the media query's change event arrives a moment after emulateMedia).
    await page.waitForFunction(
      (expected) => getComputedStyle(document.documentElement).backgroundColor === expected,
      PAGE_BACKGROUND[scheme],
    );
    await screenshot(page, SUITE, `${name}-${scheme}-${width}`);
    if (width === 375) {
      // Nothing sticks out sideways on a phone (the board scrolls its columns itself).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect([name, overflow]).toEqual([name, 0]);
    }
  }
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  await page.setViewportSize({ width: 1280, height: 860 });
}

export interface Person {
  context: BrowserContext;
  page: Page;
  /** Console errors, uncaught exceptions and CSP violations seen so far: tests expect none. */
  problems: string[];
  /** The laptop's built-in authenticator (a test takes it away to use a security key only). */
  authenticator: VirtualAuthenticator;
}

/** A browser of its own (cookies, passkeys) on the web app, with its laptop's authenticator. */
export async function person(
  browser: Browser,
  { viewport = { width: 1280, height: 860 }, touch = false } = {},
): Promise<Person> {
  const context = await browser.newContext({
    viewport,
    colorScheme: "light",
    // No transitions: a screenshot right after switching to dark shows dark, not a colour in between.
    reducedMotion: "reduce",
    ...(touch ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {}),
  });
  context.setDefaultTimeout(8000);
  const page = await context.newPage();
  const problems = await watchProblems(page);
  // A laptop's built-in authenticator (Touch ID, Windows Hello): the default transport, internal.
  const authenticator = await addVirtualAuthenticator(page);
  return { context, page, problems, authenticator };
}

/**
 * A suite's Chromium, both services (board-api sending its mail to a real SMTP server of the
 * test's, `smtp`) and the people it made, all closed after the suite. Call at a file's top level.
 * `env` adds to board-api's environment.
 */
export function browserSuite({
  env = {},
  instances = 1,
  webhooks,
}: Parameters<typeof startServices>[0] = {}) {
  const suite = {
    browser: undefined as unknown as Browser,
    services: undefined as unknown as RunningServices,
    smtp: undefined as unknown as SmtpCatcher,
    people: [] as Person[],
    /** Another person with a browser of their own (a phone with `{ viewport, touch: true }`). */
    async person(options?: Parameters<typeof person>[1]): Promise<Person> {
      const someone = await person(suite.browser, options);
      suite.people.push(someone);
      return someone;
    },
  };
  beforeAll(async () => {
    suite.smtp = await startSmtpCatcher();
    [suite.browser, suite.services] = await Promise.all([
      launchChromium(),
      startServices({ env: { SMTP_URL: suite.smtp.url, ...env }, instances, webhooks }),
    ]);
  });
  afterAll(async () => {
    await Promise.all(suite.people.map(({ context }) => context.close()));
    await Promise.all([suite.browser?.close(), suite.services?.close(), suite.smtp?.close()]);
  });
  return suite;
}

/**
 * Calls of the board's API as the signed-in page makes them (session cookie, CSRF token), in order:
 * each answer's JSON, or null for an empty one.
 */
export async function pageApi<T>(
  who: Person,
  calls: Array<[method: string, path: string, body?: unknown]>,
): Promise<T[]> {
  return who.page.evaluate(async (calls) => {
    const session = await (await fetch("/app/auth/session")).json();
    const results = [];
    for (const [method, path, body] of calls) {
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: { "Content-Type": "application/json", "X-CSRF-Token": session.csrf_token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      const text = await response.text();
      results.push(text ? JSON.parse(text) : null);
    }
    return results;
  }, calls);
}

/**
 * Ada (owner) and Bob (member, who accepted her invitation) on Ada's project "Launch" with `cards`
 * in To do, Bob's browser on its board. Two browsers and both services on one shared machine: each
 * step may wait 20 s.
 */
export async function twoPeopleOnAProject(
  suite: ReturnType<typeof browserSuite>,
  cards: string[],
): Promise<{ ada: Person; bob: Person; projectUrl: string }> {
  const ada = await suite.person();
  const bob = await suite.person();
  for (const { context } of [ada, bob]) context.setDefaultTimeout(20_000);
  await signUp(ada.page, suite.services.board.url, { email: "ada@example.com", name: "Ada Lovelace" });
  await signUp(bob.page, suite.services.board.url, { email: "bob@example.com", name: "Bob Builder" });
  const projectUrl = await newProject(ada.page, "Launch");
  await addCards(ada.page, "To do", cards);
  await addMember(ada, bob, projectUrl.split("/").pop()!);
  await bob.page.goto(projectUrl);
  await card(bob.page, cards[cards.length - 1]!).waitFor();
  return { ada, bob, projectUrl };
}

/** `member` (signed up) joins `owner`'s project as a member: invited over the API, and accepting. */
export async function addMember(owner: Person, member: Person, projectId: string): Promise<void> {
  const [user] = await pageApi<{ id: string }>(member, [["GET", "/me"]]);
  await pageApi(owner, [["POST", `/projects/${projectId}/members`, { user_id: user!.id, role: "member" }]]);
  const [invitations] = await pageApi<{ data: Array<{ id: string }> }>(member, [["GET", "/me/invitations"]]);
  await pageApi(member, [["POST", `/invitations/${invitations!.data[0]!.id}/accept`]]);
}

/** Account's Passkeys section. */
export const accountPasskeys = (page: Page) => page.getByRole("region", { name: "Passkeys" });

/** The passkey list as Account shows it: each row's name and last use. */
export const passkeyRows = (page: Page) =>
  accountPasskeys(page)
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => {
        const cells = [...row.querySelectorAll("td")].map((cell) => cell.textContent?.trim() ?? "");
        return { name: cells[0], lastUsed: cells[2] };
      }),
    );

/** Account, from the header's link, once its passkey list is there. */
export async function openAccount(page: Page, name: string): Promise<void> {
  await page.getByRole("link", { name: `Account (${name})` }).click();
  await accountPasskeys(page).locator("tbody tr").first().waitFor();
}

/** Signs up as a person does: the form, the passkey step, and the projects page. */
export async function signUp(
  page: Page,
  url: string,
  { email, name, handle }: { email: string; name: string; handle?: string },
  shoot = false,
): Promise<void> {
  await page.goto(`${url}/app/signup`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill(name);
  if (handle) await page.getByLabel(/^Handle/).fill(handle);
  if (shoot) await shootPage(page, "sign-up", () => page.getByRole("button", { name: "Continue" }).waitFor());
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("heading", { name: "Create your passkey" }).waitFor();
  await page.getByRole("button", { name: "Create passkey" }).waitFor();
  if (shoot)
    await shootPage(page, "sign-up-passkey", () =>
      page.getByRole("button", { name: "Create passkey" }).waitFor(),
    );
  await page.getByRole("button", { name: "Create passkey" }).click();
  await page.getByRole("heading", { name: "Projects" }).waitFor();
}

/** The projects page with its new-project form open. */
export async function openNewProjectForm(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Projects" }).click();
  await page.getByRole("button", { name: "New project" }).click();
  await page.getByRole("form", { name: "New project" }).waitFor();
}

/** A project made in the page (simple template), its board open; returns its URL. */
export async function newProject(page: Page, name: string, { priorities = true } = {}): Promise<string> {
  await openNewProjectForm(page);
  await page.getByLabel("Name").fill(name);
  if (!priorities) await page.getByRole("checkbox", { name: /Priorities/ }).uncheck();
  await page.getByRole("button", { name: "Create project" }).click();
  await page.getByRole("heading", { name, level: 1 }).waitFor();
  return page.url();
}

export const column = (page: Page, name: string) =>
  page.locator("section.column", { has: page.getByRole("heading", { name, exact: true }) });
export const card = (page: Page, title: string) => page.locator("li[data-card-id]", { hasText: title });

/** The column names in board order, as the page shows them. */
export const columnOrder = (page: Page) => page.locator("section.column[data-column-id] h2").allInnerTexts();

/** Adds cards to a column through the page. */
export async function addCards(page: Page, columnName: string, titles: string[]): Promise<void> {
  for (const title of titles) {
    const target = column(page, columnName);
    if (await target.getByRole("button", { name: "+ Add a card" }).isVisible()) {
      await target.getByRole("button", { name: "+ Add a card" }).click();
    }
    await target.getByPlaceholder("Card title").fill(title);
    await target.getByRole("button", { name: "Add card" }).click();
    await card(page, title).waitFor();
  }
}

/** Waits until `read()` equals `expected` (what the page shows settles: a drop, a live event). */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await read();
  }
  expect(last).toEqual(expected);
}

/**
 * The web app's "Confirm it's you" (step-up) dialog: waits for it, confirms with the passkey, and
 * waits until it is gone.
 */
export async function confirmStepUp(page: Page): Promise<void> {
  await page.getByRole("dialog", { name: "Confirm it’s you" }).waitFor();
  const confirm = page
    .locator("board-step-up authkit-authenticate iframe")
    .contentFrame()
    .getByRole("button", { name: "Confirm with your passkey" });
  await confirm.click();
  await page.locator("board-step-up").waitFor({ state: "detached" });
}
