// A tenant's webhooks in the dashboard, in Chromium: an administrator adds an endpoint pointing at
// a receiver of the test (its signing secret shown once), a new user of the tenant is delivered to
// it with valid Standard Webhooks headers and shows in the endpoint's log; a receiver answering 500
// shows a failed delivery, which "Replay" delivers once the receiver is fixed; removing the
// endpoint asks first; the audit log shows the add, the replay and the removal.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  addVirtualAuthenticator,
  launchChromium,
  screenshot,
  watchProblems,
  type Browser,
  type BrowserContext,
  type Page,
} from "@org/browser-testing";
import { createLogger } from "@org/service-kit";
import { Webhook } from "standardwebhooks";
import { TenantWebhookWorker } from "../../src/services/tenant-webhooks.ts";
import { acceptInvite, adminInvite, signInToDashboard } from "../../src/testing/browser/index.ts";
import { startTestAuthServer, type RunningAuthServer } from "../../src/testing/index.ts";

const SUITE = "tenant-webhooks";
jest.setTimeout(180_000);

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A webhook receiver: records every request, answers `status` (204 until a test breaks it). */
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 204 };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.statusCode = state.status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/auth`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Asks `what` until it answers something (a value, true), for 15 s at most. */
async function until<T>(what: () => T | undefined | false | Promise<T | undefined | false>, ms = 15_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let browser: Browser;
let auth: RunningAuthServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let worker: TenantWebhookWorker;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, auth, receiver] = await Promise.all([
    launchChromium(),
    startTestAuthServer({ WEBHOOK_ALLOW_PRIVATE: "true" }),
    startReceiver(),
  ]);
  // What server.ts runs beside the app; here quick, with one retry at once (two attempts in all).
  worker = new TenantWebhookWorker({
    db: auth.database.db,
    logger: createLogger({ service: "auth-server", level: "silent" }),
    policy: { protocols: ["http:", "https:"], allowPrivateAddresses: true },
    pollMs: 100,
    retrySchedule: [0],
  }).start();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: "light" });
  page = await context.newPage();
});

afterAll(async () => {
  await worker?.stop();
  await context?.close();
  await Promise.all([browser?.close(), auth?.close(), receiver?.close()]);
});

const card = () => page.locator("tenant-webhooks");
/** The open dialog with this heading (its content is slotted: found from the <kit-dialog> host). */
async function dialogNamed(name: string) {
  await page.getByRole("dialog", { name }).waitFor();
  return page.locator("kit-dialog").filter({ has: page.getByRole("heading", { name, exact: true }) });
}
/** Every input value on the page, through shadow roots. */
const inputValues = () =>
  page.evaluate(() => {
    const inputs = (root: Document | ShadowRoot): string[] =>
      [...root.querySelectorAll("*")].flatMap((element) => [
        ...(element instanceof HTMLInputElement ? [element.value] : []),
        ...(element.shadowRoot ? inputs(element.shadowRoot) : []),
      ]);
    return inputs(document);
  });

describe("a tenant's webhooks in the dashboard", () => {
  it("adds an endpoint, shows its deliveries, replays a failed one, removes it; all audited", async () => {
    const problems = await watchProblems(page);
    await addVirtualAuthenticator(page);
    await acceptInvite(page, await adminInvite(auth, "wes@example.test", "Wes Hooks"));
    await signInToDashboard(page, auth.url);
    const tenant = await auth.tenant(["http://localhost:4000"], "Corner Shop");
    await page.goto(`${auth.url}/admin#/tenants/${tenant.id}`);
    await card().getByRole("heading", { name: "No webhook endpoints" }).waitFor();
    await card().scrollIntoViewIfNeeded();
    await screenshot(page, SUITE, "empty-light");

    // ---- an endpoint for two events, and its secret once ----
    await card().getByRole("button", { name: "Add endpoint" }).click();
    const add = await dialogNamed("Add endpoint");
    await add.getByLabel("URL").fill(receiver.url);
    await add.getByLabel("Description (optional)").fill("CRM sync");
    await add.getByRole("checkbox", { name: /user\.created/ }).check();
    await add.getByRole("checkbox", { name: /login\.succeeded/ }).check();
    await screenshot(page, SUITE, "add-light");
    await add.getByRole("button", { name: "Add endpoint" }).click();
    const added = await dialogNamed("Endpoint added");
    const secret = await added.getByLabel("Signing secret", { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await screenshot(page, SUITE, "added-secret-light");
    await added.getByRole("button", { name: "Done" }).click();
    await page.getByRole("dialog", { name: "Endpoint added" }).waitFor({ state: "hidden" });
    const row = card().getByRole("row").filter({ hasText: receiver.url });
    await row.getByText("CRM sync").waitFor();
    await expect(row.innerText()).resolves.toMatch(/user\.created[\s\S]*login\.succeeded[\s\S]*Active/);
    // Once: the secret is nowhere on the page any more.
    expect(await inputValues()).not.toContain(secret);
    expect(await page.evaluate((s) => document.documentElement.outerHTML.includes(s), secret)).toBe(false);
    await screenshot(page, SUITE, "endpoint-light");

    // ---- a new user of the tenant: delivered, signed, in the log ----
    await auth.userToken(tenant.apiKey, "ada", "Ada");
    const first = await until(() => receiver.received[0]);
    const event = new Webhook(secret).verify(first.body, first.headers) as {
      type: string;
      data: { user: { externalId: string } };
    };
    expect(event.type).toBe("user.created");
    expect(event.data.user.externalId).toBe("ada");
    expect(first.headers["webhook-id"]).toMatch(/^[0-9a-f-]{36}$/);

    await row.getByRole("button", { name: `Deliveries to ${receiver.url}` }).click();
    const log = await dialogNamed("Delivery log");
    await log.getByText(receiver.url).waitFor();
    const deliveries = log.locator("tbody tr:not(.skeleton)");
    // The worker records the answer a moment after the receiver has it: Refresh until it shows.
    const refreshed = async () => {
      await log.getByRole("button", { name: "Refresh" }).click();
      await log.locator('table[aria-busy="false"]').waitFor();
      return true;
    };
    await until(
      async () => (await refreshed()) && (await deliveries.first().innerText()).includes("Delivered"),
    );
    await expect(deliveries.first().innerText()).resolves.toMatch(
      /user\.created[\s\S]*Delivered[\s\S]*1[\s\S]*HTTP 204/,
    );
    await screenshot(page, SUITE, "log-delivered-light");

    // ---- the receiver breaks: the next delivery fails (two attempts) ----
    receiver.state.status = 500;
    await auth.userToken(tenant.apiKey, "bob", "Bob");
    await until(() => receiver.received.length >= 3);
    const failed = deliveries.filter({ hasText: "Failed" });
    await until(async () => (await refreshed()) && (await failed.count()) === 1);
    await expect(failed.innerText()).resolves.toMatch(/user\.created[\s\S]*Failed[\s\S]*2[\s\S]*HTTP 500/);
    await screenshot(page, SUITE, "log-failed-light");

    // ---- fixed, "Replay" delivers it: the same webhook-id, a valid signature ----
    receiver.state.status = 204;
    const failedId = receiver.received[2]!.headers["webhook-id"];
    await failed.getByRole("button", { name: /^Replay the user\.created delivery of / }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "The user.created delivery is being sent again." })
      .waitFor();
    const replayed = await until(() => receiver.received[3]);
    expect(replayed.headers["webhook-id"]).toBe(failedId);
    expect(
      (
        new Webhook(secret).verify(replayed.body, replayed.headers) as {
          data: { user: { externalId: string } };
        }
      ).data.user.externalId,
    ).toBe("bob");
    // The log follows a pending delivery by itself: no Refresh needed.
    await deliveries.first().getByText("Delivered").waitFor();
    await expect(deliveries.first().innerText()).resolves.toMatch(/Delivered[\s\S]*3[\s\S]*HTTP 204/);
    await screenshot(page, SUITE, "log-replayed-light");

    // The same log at 375 px, and dark.
    await page.setViewportSize({ width: 375, height: 760 });
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, SUITE, "log-dark-375");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "Delivery log" }).waitFor({ state: "hidden" });
    await card().scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, SUITE, "endpoint-dark-375");
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 1280, height: 900 });

    // ---- removed, after a confirmation ----
    await row.getByRole("button", { name: `Remove endpoint ${receiver.url}` }).click();
    const confirm = await dialogNamed(`Remove the endpoint ${receiver.url}?`);
    await screenshot(page, SUITE, "remove-confirm-light");
    await confirm.getByRole("button", { name: "Remove endpoint" }).click();
    await card().getByRole("heading", { name: "No webhook endpoints" }).waitFor();
    await page
      .getByRole("status")
      .filter({ hasText: `Endpoint ${receiver.url} removed.` })
      .waitFor();
    await page.reload();
    await card().getByRole("heading", { name: "No webhook endpoints" }).waitFor();

    // ---- the audit log: added, replayed, removed, by Wes ----
    await page
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "Audit log" })
      .click();
    const audit = page.locator("audit-view");
    await audit.getByLabel("Tenant").selectOption({ label: "Corner Shop" });
    await audit.getByRole("button", { name: "Apply" }).click();
    const removedRow = audit.getByRole("row").filter({ hasText: "Webhook removed" });
    await removedRow.waitFor();
    await expect(removedRow.innerText()).resolves.toMatch(/Corner Shop[\s\S]*Wes Hooks/);
    await expect(removedRow.innerText()).resolves.toContain(new URL(receiver.url).origin);
    const badges = await audit.locator("tbody tr .badge").allInnerTexts();
    expect(badges.filter((badge) => badge.startsWith("Webhook"))).toEqual([
      "Webhook removed",
      "Webhook delivery replayed",
      "Webhook added",
    ]);
    await screenshot(page, SUITE, "audit-light");
    expect(problems).toEqual([]);
  });
});
