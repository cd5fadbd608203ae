// The admin dashboard end to end in Chromium: `cli admin invite` → the invite link → a passkey →
// sign-in at `/` → a tenant and its key (once) → a user of it disabled, whose next sign-in is
// refused → both actions in the audit log. Then every page in light, dark and at 375 px.
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  addVirtualAuthenticator,
  launchChromium,
  screenshot,
  servePages,
  watchProblems,
  type PageServer,
  type Browser,
  type BrowserContext,
  type Page,
  tenantPage,
  registerWithApi,
  waitForEvent,
} from "@org/browser-testing";
import { createLogger } from "@org/service-kit";
import type { Express } from "express";
import { spawnService } from "@org/service-kit/testing";
import { loadAuthEnv } from "../../src/env.ts";
import { ensureBootstrapTenant } from "../../src/services/bootstrap-tenant.ts";
import { runCli } from "../helpers/cli.ts";
import { login, makeAuthenticator, registerPasskey } from "../helpers/flows.ts";
import { startTestAuthServer, type RunningAuthServer } from "../../src/testing/index.ts";

const SUITE = "admin";
// Generous: the journey takes ~30 s alone, several times that on a loaded machine.
jest.setTimeout(240_000);

let browser: Browser;
let auth: RunningAuthServer;
let site: PageServer;
let adminContext: BrowserContext;
let admin: Page;
let problems: string[];
/** Set by the journey, used by the screenshot tour. */
let tenantId = "";
let tenantName = "Corner Shop";
let shopKey = "";

beforeAll(async () => {
  [browser, auth, site] = await Promise.all([launchChromium(), startTestAuthServer(), servePages()]);
  adminContext = await browser.newContext({ viewport: { width: 1280, height: 860 }, colorScheme: "light" });
  await adminContext.grantPermissions(["clipboard-read", "clipboard-write"], { origin: auth.url });
  admin = await adminContext.newPage();
  await admin.addInitScript(installPageHelpers);
  problems = await watchProblems(admin);
});

afterAll(async () => {
  await adminContext?.close();
  await Promise.all([browser?.close(), auth?.close(), site?.close()]);
});

/** `cli admin invite`, against the test server's database and PUBLIC_URL. */
const cliInvite = (email: string, name: string): Promise<{ url: string; expiresAt: string }> =>
  runCli(
    { databaseUrl: auth.database.url, publicUrl: auth.url },
    "admin",
    "invite",
    "--email",
    email,
    "--name",
    name,
  );

/** The tenant's site: sign-in with <authkit-authenticate> and a fresh session token. */
async function openTenantSignIn(page: Page, apiKey: string) {
  const token = await auth.sessionToken(apiKey);
  site.route(
    "/",
    tenantPage(
      auth.url,
      `<authkit-authenticate data-watch api-base-url="${auth.url}" token="${token}" mode="passkey"></authkit-authenticate>`,
    ),
  );
  await page.goto(site.url("/"));
  await waitForEvent(page, "authkit-authenticate", "ready");
  return page.locator("authkit-authenticate iframe").contentFrame();
}

/** The view inside the dashboard (Playwright's locators pierce shadow roots). */
const view = (name: string) => admin.locator(name);

/**
 * An open dialog by its accessible name. Its content is slotted (light DOM of <kit-dialog>), so
 * fields are found from the <kit-dialog> host, not from the inner <dialog> element.
 */
async function dialogNamed(page: Page, name: string) {
  await page.getByRole("dialog", { name }).waitFor();
  return page.locator("kit-dialog").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

describe("the admin dashboard", () => {
  it("takes an invited administrator from the invite link to tenants, users and the audit log", async () => {
    // ---- the invite link, from the CLI ----
    const invite = await cliInvite("ops@example.test", "Olivia Ops");
    expect(invite.url).toMatch(new RegExp(`^${auth.url}/admin/invite\\?code=inv_`));
    await addVirtualAuthenticator(admin);
    await admin.goto(invite.url);
    await admin.getByRole("heading", { name: "Welcome, Olivia Ops" }).waitFor();
    await screenshot(admin, SUITE, "invite-light");
    await admin.getByRole("button", { name: "Create passkey" }).click();
    await admin.getByText("Your passkey is ready.").waitFor();
    await screenshot(admin, SUITE, "invite-done-light");

    // ---- sign in at / ----
    await admin.getByRole("link", { name: "Continue to sign in" }).click();
    await admin.getByRole("heading", { name: "Sign in to the dashboard" }).waitFor();
    const signIn = admin.locator("authkit-authenticate iframe").contentFrame();
    await signIn.getByRole("button", { name: "Sign in with passkey" }).click();
    await admin.waitForURL(`${auth.url}/admin`);
    await view("tenants-view").getByRole("heading", { name: "No tenants yet" }).waitFor();
    await screenshot(admin, SUITE, "tenants-empty-light");

    // ---- a tenant, and its key shown once ----
    await view("tenants-view").getByRole("button", { name: "New tenant" }).first().click();
    const dialog = await dialogNamed(admin, "New tenant");
    await expect(dialog.getByLabel("Name").evaluate((el) => el === window.__test.deepActive())).resolves.toBe(
      true,
    );
    await dialog.getByLabel("Name").fill("Corner Shop");
    await dialog.getByLabel("Relying-party ID").fill("localhost");
    await dialog.getByLabel("Allowed origins").fill(site.origin);
    await dialog.getByRole("button", { name: "Create tenant" }).click();
    const created = await dialogNamed(admin, "Tenant created");
    const keyField = created.getByLabel("API key", { exact: true });
    await keyField.waitFor();
    const apiKey = await keyField.inputValue();
    expect(apiKey).toMatch(/^ak_[\w-]{43}$/);
    shopKey = apiKey;
    await created.getByRole("button", { name: "Copy API key" }).click();
    await created.getByText("Copied", { exact: true }).waitFor();
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);
    await screenshot(admin, SUITE, "tenant-created-light");
    await created.getByRole("button", { name: "Done" }).click();
    await admin.getByRole("dialog", { name: "Tenant created" }).waitFor({ state: "hidden" });
    // Once: the key is nowhere on the page any more, nor in the tenant's page.
    await view("tenants-view").getByRole("link", { name: "Corner Shop" }).click();
    await view("tenant-view").getByRole("heading", { name: "Corner Shop" }).waitFor();
    tenantId = admin.url().split("/").pop() as string;
    expect(await admin.evaluate((key) => document.documentElement.outerHTML.includes(key), apiKey)).toBe(
      false,
    );
    expect(
      await admin.evaluate(
        (key) => window.__test.deepInputs(document).some((input) => input.value === key),
        apiKey,
      ),
    ).toBe(false);

    // ---- the tenant edited: a second origin, and passkeys on the device people sign up on ----
    const tenantView = view("tenant-view");
    const details = tenantView.locator("dl.details");
    await details.getByText("Any: this device, a security key or a phone (default)").waitFor();
    await tenantView.getByRole("button", { name: "Edit" }).click();
    const edit = await dialogNamed(admin, "Edit tenant");
    await edit.getByLabel("Allowed origins").fill(`${site.origin}\nhttps://shop.example.test/`);
    await edit.getByLabel("New passkeys").selectOption("platform");
    await edit.getByLabel("Sign-in with a phone (QR code)").selectOption("off");
    await screenshot(admin, SUITE, "tenant-edit-light");
    await edit.getByRole("button", { name: "Save" }).click();
    await admin.getByRole("dialog", { name: "Edit tenant" }).waitFor({ state: "hidden" });
    await details.getByText("This device only (Touch ID, Windows Hello, a phone's own)").waitFor();
    await details.getByText("https://shop.example.test", { exact: true }).waitFor();
    await expect(details.locator("div", { hasText: "QR sign-in" }).locator("dd").innerText()).resolves.toBe(
      "Off",
    );

    // ---- a user of the tenant signs in on the tenant's site ----
    const shopper = await (await browser.newContext({ viewport: { width: 480, height: 640 } })).newPage();
    await addVirtualAuthenticator(shopper);
    site.route("/", tenantPage(auth.url, ""));
    await shopper.goto(site.url("/"));
    await shopper.waitForFunction(() => customElements.get("authkit-authenticate") !== undefined);
    const registered = await registerWithApi(
      shopper,
      auth.url,
      await auth.userToken(apiKey, "sam-42", "Sam Shopper"),
    );
    expect(registered.success).toBe(true);
    const firstSignIn = await openTenantSignIn(shopper, apiKey);
    await firstSignIn.getByRole("button", { name: "Sign in with Passkey" }).click();
    await waitForEvent(shopper, "authkit-authenticate", "success");

    // ---- the administrator sees their passkey, then disables them ----
    await admin.reload();
    await view("tenant-view").getByRole("button", { name: "Manage Sam Shopper" }).click();
    const passkeys = await dialogNamed(admin, "Sam Shopper");
    const passkeyRow = passkeys.getByRole("row").filter({ hasText: "Test key" });
    await passkeyRow.waitFor();
    await expect(passkeyRow.innerText()).resolves.not.toContain("Never"); // used by the sign-in above
    await screenshot(admin, SUITE, "user-passkeys-light");
    await admin.keyboard.press("Escape");
    await admin.getByRole("dialog", { name: "Sam Shopper" }).waitFor({ state: "hidden" });
    await expect(
      admin.evaluate(() => (window.__test.deepActive() as HTMLElement | null)?.getAttribute("aria-label")),
    ).resolves.toBe("Manage Sam Shopper");
    await view("tenant-view").getByRole("button", { name: "Disable Sam Shopper" }).click();
    const confirm = await dialogNamed(admin, "Disable Sam Shopper?");
    await expect(
      confirm.getByRole("button", { name: "Cancel" }).evaluate((el) => el === window.__test.deepActive()),
    ).resolves.toBe(true);
    await screenshot(admin, SUITE, "user-disable-confirm-light");
    await confirm.getByRole("button", { name: "Disable user" }).click();
    const row = view("tenant-view").getByRole("row", { name: /Sam Shopper/ });
    await row.getByText("Disabled").waitFor();
    // Focus went back to where the administrator was: the row's action button.
    await expect(
      admin.evaluate(() => (window.__test.deepActive() as HTMLElement | null)?.getAttribute("aria-label")),
    ).resolves.toBe("Enable Sam Shopper");
    await admin.getByRole("status").filter({ hasText: "Sam Shopper disabled." }).waitFor();
    await screenshot(admin, SUITE, "tenant-light");

    // ---- whose next sign-in is refused ----
    const secondSignIn = await openTenantSignIn(shopper, apiKey);
    await secondSignIn.getByRole("button", { name: "Sign in with Passkey" }).click();
    const refused = await waitForEvent(shopper, "authkit-authenticate", "error");
    expect(refused.detail?.code).toBe("user_disabled");
    await secondSignIn.getByText("This account has been disabled.").waitFor();
    await shopper.context().close();

    // ---- both actions in the audit log ----
    await admin
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "Audit log" })
      .click();
    const audit = view("audit-view");
    await audit.getByRole("heading", { name: "Audit log" }).waitFor();
    await expect(
      audit.getByRole("heading", { name: "Audit log" }).evaluate((el) => el === window.__test.deepActive()),
    ).resolves.toBe(true);
    await audit.getByLabel("Tenant").selectOption({ label: "Corner Shop" });
    await audit.getByRole("button", { name: "Apply" }).click();
    const disabledRow = audit.getByRole("row").filter({ hasText: "User disabled" });
    await disabledRow.waitFor();
    await expect(disabledRow.innerText()).resolves.toMatch(
      /User disabled[\s\S]*Corner Shop[\s\S]*sam-42[\s\S]*Olivia Ops/,
    );
    const createdRow = audit.getByRole("row").filter({ hasText: "Tenant created" });
    await expect(createdRow.innerText()).resolves.toMatch(
      /Tenant created[\s\S]*Corner Shop[\s\S]*Olivia Ops/,
    );
    // Newest first: the refusal, the disabling, the sign-in, the registration, the edit, the creation.
    const events = await audit.locator("tbody tr .badge").allInnerTexts();
    expect(events).toEqual([
      "Sign-in refused",
      "User disabled",
      "Sign-in",
      "Passkey registered",
      "Tenant edited",
      "Tenant created",
    ]);
    await screenshot(admin, SUITE, "audit-light");
    expect(problems).toEqual([]);
  });
  it("Edit tenant: a refused save keeps every edit; the notice names only what changed", async () => {
    await admin.goto(`${auth.url}/admin#/tenants/${tenantId}`);
    const tenantView = view("tenant-view");
    await tenantView.getByRole("heading", { name: "Corner Shop" }).waitFor();
    await tenantView.getByRole("button", { name: "Edit" }).click();
    const edit = await dialogNamed(admin, "Edit tenant");
    await edit.getByLabel("Name").fill("Corner Shop & Co");
    await edit.getByLabel("Allowed origins").fill(`${site.origin}\nshop.example.test`);
    await edit.getByLabel("Self-service sign-up").selectOption("on");
    await edit.getByRole("button", { name: "Save" }).click();
    await edit
      .getByRole("alert")
      .getByText(/Not an origin: shop\.example\.test/)
      .waitFor();
    // Refused: every edit is still in the form, to correct the one that was wrong.
    await expect(edit.getByLabel("Name").inputValue()).resolves.toBe("Corner Shop & Co");
    await expect(edit.getByLabel("Allowed origins").inputValue()).resolves.toBe(
      `${site.origin}\nshop.example.test`,
    );
    await expect(edit.getByLabel("Self-service sign-up").inputValue()).resolves.toBe("on");
    await screenshot(admin, SUITE, "tenant-edit-refused-light");
    await edit.getByLabel("Allowed origins").fill(`${site.origin}\nhttps://shop.example.test`);
    await edit.getByRole("button", { name: "Save" }).click();
    await admin.getByRole("dialog", { name: "Edit tenant" }).waitFor({ state: "hidden" });
    // The origins are as they were: the notice names what the server's answer shows changed.
    await admin.getByRole("status").filter({ hasText: "Saved: Name and Self-service sign-up." }).waitFor();
    await tenantView.getByRole("heading", { name: "Corner Shop & Co" }).waitFor();
    tenantName = "Corner Shop & Co";
    await screenshot(admin, SUITE, "tenant-edit-saved-light");
    // Opened again: the tenant's values (not the last try's); saving them claims nothing.
    await tenantView.getByRole("button", { name: "Edit" }).click();
    await expect(edit.getByLabel("Name").inputValue()).resolves.toBe("Corner Shop & Co");
    await edit.getByRole("button", { name: "Save" }).click();
    await admin.getByRole("status").filter({ hasText: "Nothing was changed." }).waitFor();
    const edits = await auth.database.db.authAuditEvent.findMany({
      where: { tenantId, type: "tenant_updated" },
      orderBy: { createdAt: "asc" },
    });
    expect(edits.map((event) => event.detail)).toEqual([
      { changed: "origins,registrationAttachment,qrLogin" },
      { changed: "name,selfSignup" },
    ]);
    // The refused save answered 400 on purpose: Chromium logs that status; nothing else may show.
    expect(problems.filter((problem) => !problem.includes("status of 400"))).toEqual([]);
    problems.splice(0); // that one seen, the next cases start clean
  });
  it("a user's sessions ended (one, then all), their activity, the user deleted; the audit log filtered and exported", async () => {
    // Kim signs in on two devices (through the API: supertest takes the server's URL).
    const http = auth.url as unknown as Express;
    const kim = makeAuthenticator({ origin: auth.url });
    const upsert = await fetch(`${auth.url}/api/v1/users`, {
      method: "POST",
      headers: { "X-API-KEY": shopKey, "Content-Type": "application/json" },
      body: JSON.stringify({ externalId: "kim-7", displayName: "Kim Keys", username: "kim@example.test" }),
    });
    expect(upsert.status).toBe(200);
    const registered = await registerPasskey(http, await auth.userToken(shopKey, "kim-7", "Kim Keys"), kim);
    expect(registered.status).toBe(200);
    for (const _device of [1, 2]) {
      expect((await login(http, await auth.sessionToken(shopKey), kim)).status).toBe(200);
    }

    // ---- the row: passkeys, last sign-in, sessions ----
    await admin.goto(`${auth.url}/admin#/tenants/${tenantId}`);
    await admin.reload(); // the same address: only a reload fetches the users again
    const tenantView = view("tenant-view");
    const row = tenantView.getByRole("row", { name: /Kim Keys/ });
    await row.waitFor();
    await expect(row.innerText()).resolves.toMatch(
      /^Kim Keys\s+kim-7\s+kim@example\.test\s+1\s+No\s+\S.*\d{4}.*\s+2\s+Active/s,
    );
    await screenshot(admin, SUITE, "users-light");

    // ---- sessions: one ended, then all ----
    await row.getByRole("button", { name: "Manage Kim Keys" }).click();
    const dialog = await dialogNamed(admin, "Kim Keys");
    await dialog.getByRole("tab", { name: "Passkeys" }).and(dialog.locator("[aria-selected=true]")).waitFor();
    await dialog.getByRole("tab", { name: "Sessions" }).click();
    const sessions = dialog.getByRole("table", { name: "Sessions" });
    const sessionRows = sessions.locator("tbody tr");
    await sessionRows.nth(1).waitFor();
    await screenshot(admin, SUITE, "user-sessions-light");
    await sessionRows
      .first()
      .getByRole("button", { name: /^End the session started / })
      .click();
    await admin.getByRole("status").filter({ hasText: "Session ended." }).waitFor();
    await sessionRows.nth(1).waitFor({ state: "detached" });
    await dialog.getByRole("button", { name: "End all sessions" }).click();
    const endAll = await dialogNamed(admin, "End every session of Kim Keys?");
    await endAll.getByRole("button", { name: "End sessions" }).click();
    await admin.getByRole("status").filter({ hasText: "1 session ended." }).waitFor();
    await dialog.getByText("No active sessions").waitFor();
    await screenshot(admin, SUITE, "user-sessions-ended-light");

    // ---- activity: the user's own audit events, newest first ----
    await dialog.getByRole("tab", { name: "Activity" }).click();
    const activity = dialog.getByRole("table", { name: "Activity of Kim Keys" });
    await activity.locator("tbody tr:not(.skeleton)").first().waitFor();
    await expect(activity.locator("tbody tr .badge").allInnerTexts()).resolves.toEqual([
      "Sessions ended",
      "Sessions ended",
      "Sign-in",
      "Sign-in",
      "Passkey registered",
    ]);
    await expect(activity.locator("tbody tr").first().innerText()).resolves.toMatch(
      /Sessions ended[\s\S]*Olivia Ops[\s\S]*count\s+1/,
    );
    await screenshot(admin, SUITE, "user-activity-light");

    // ---- deleted, once confirmed ----
    await dialog.getByRole("button", { name: "Delete user" }).click();
    const confirmDelete = await dialogNamed(admin, "Delete Kim Keys?");
    await screenshot(admin, SUITE, "user-delete-confirm-light");
    await confirmDelete.getByRole("button", { name: "Delete user" }).click();
    await admin.getByRole("status").filter({ hasText: "Kim Keys deleted." }).waitFor();
    await admin.getByRole("dialog", { name: "Kim Keys", exact: true }).waitFor({ state: "hidden" });
    await row.waitFor({ state: "detached" });
    expect((await login(http, await auth.sessionToken(shopKey), kim)).status).not.toBe(200);

    // ---- the audit log: by administrator and event, and as CSV ----
    await admin
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "Audit log" })
      .click();
    const audit = view("audit-view");
    await audit.getByLabel("Administrator").selectOption({ label: "Olivia Ops" });
    await audit.getByLabel("Event", { exact: true }).selectOption({ label: "User deleted" });
    await audit.getByRole("button", { name: "Apply" }).click();
    const deletedRow = audit.getByRole("row").filter({ hasText: "User deleted" });
    await deletedRow.waitFor();
    await expect(audit.locator("tbody tr").count()).resolves.toBe(1);
    await expect(deletedRow.innerText()).resolves.toMatch(
      /User deleted[\s\S]*Corner Shop & Co[\s\S]*kim-7[\s\S]*Olivia Ops[\s\S]*externalId\s+kim-7/,
    );
    await screenshot(admin, SUITE, "audit-filtered-light");
    const [download] = await Promise.all([
      admin.waitForEvent("download"),
      audit.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), "utf8")
      .trim()
      .split("\r\n");
    expect(csv).toHaveLength(2);
    expect(csv[0]).toBe(
      "created_at,type,tenant_id,tenant_name,user_id,user_external_id,admin_id,admin_name,ip,detail",
    );
    expect(csv[1]).toMatch(
      new RegExp(
        `^[^,]+,user_deleted,${tenantId},Corner Shop & Co,[^,]+,kim-7,[^,]+,Olivia Ops,[^,]+,"\\{""passkeys"":1,""externalId"":""kim-7""\\}"$`,
      ),
    );
    expect(problems).toEqual([]);
  });
});

describe("the tenant the environment declares (BOOTSTRAP_TENANT_*)", () => {
  it("shows the fields the environment sets read-only, without a key rotation; a rename saves and survives a restart", async () => {
    const variables = {
      NODE_ENV: "production",
      BOOTSTRAP_TENANT_NAME: "Declared board",
      BOOTSTRAP_TENANT_RP_ID: "localhost",
      BOOTSTRAP_TENANT_ORIGINS: "http://localhost:4000",
      BOOTSTRAP_TENANT_API_KEY: "ak_declared_board_browser",
    };
    const tenant = await ensureBootstrapTenant({
      db: auth.database.db,
      logger: createLogger({ service: "auth-server", level: "silent" }),
      config: loadAuthEnv(variables).bootstrapTenant!,
    });
    await admin.goto(`${auth.url}/admin#/tenants/${tenant.id}`);
    const tenantView = view("tenant-view");
    await tenantView.getByRole("heading", { name: "Declared board" }).waitFor();
    await expect(tenantView.getByTestId("declared-note").innerText()).resolves.toMatch(
      /RP ID \(BOOTSTRAP_TENANT_RP_ID\), origins \(BOOTSTRAP_TENANT_ORIGINS\) and API key \(BOOTSTRAP_TENANT_API_KEY\)/,
    );
    expect(await tenantView.getByRole("button", { name: "Rotate API key" }).count()).toBe(0);
    await tenantView.getByRole("button", { name: "Edit" }).click();
    const edit = await dialogNamed(admin, "Edit tenant");
    const origins = edit.getByLabel("Allowed origins");
    expect(await origins.getAttribute("readonly")).not.toBeNull();
    await edit.getByText("Set by BOOTSTRAP_TENANT_ORIGINS in the auth server's environment").waitFor();
    await edit.getByLabel("Name").fill("Board (renamed)");
    await screenshot(admin, SUITE, "tenant-declared-edit-light");
    await edit.getByRole("button", { name: "Save" }).click();
    await admin.getByRole("dialog", { name: "Edit tenant" }).waitFor({ state: "hidden" });
    await tenantView.getByRole("heading", { name: "Board (renamed)" }).waitFor();
    await screenshot(admin, SUITE, "tenant-declared-light");

    // Issue 27: a rename in the dashboard stopped the next start for good. A real start of the
    // server, with the same variables, against the same database: it starts, and keeps the name.
    const restarted = await spawnService(path.resolve(__dirname, "../.."), {
      ...variables,
      DATABASE_URL: auth.database.url,
      PUBLIC_URL: auth.url,
      LOG_LEVEL: "info",
    });
    try {
      const session = await fetch(`${restarted.url}/api/v1/session-token`, {
        method: "POST",
        headers: { "X-API-KEY": variables.BOOTSTRAP_TENANT_API_KEY },
      });
      expect(session.status).toBe(200);
    } finally {
      restarted.kill();
      await restarted.exited;
    }
    await admin.reload();
    await tenantView.getByRole("heading", { name: "Board (renamed)" }).waitFor();
    await screenshot(admin, SUITE, "tenant-declared-after-restart-light");
    expect(
      await auth.database.db.tenant.count({
        where: { declaredKey: "BOOTSTRAP_TENANT", name: "Board (renamed)" },
      }),
    ).toBe(1);
    expect(problems).toEqual([]);
  });
});

describe("every page, light and dark, wide and 375 px", () => {
  const pages = [
    { name: "sign-in", path: "/", ready: "Sign in to the dashboard" },
    { name: "invite-expired", path: "/admin/invite?code=unknown", ready: "This invite link can't be used" },
    { name: "tenants", path: "/admin#/tenants", ready: "Tenants" },
    { name: "tenant", path: () => `/admin#/tenants/${tenantId}`, ready: () => tenantName },
    { name: "audit", path: "/admin#/audit", ready: "Audit log" },
    { name: "admins", path: "/admin#/admins", ready: "Administrators" },
    { name: "passkeys", path: "/admin#/passkeys", ready: "Your passkeys" },
  ] as const;

  it.each([
    ["light", 1280],
    ["dark", 1280],
    ["light", 375],
    ["dark", 375],
  ] as const)("%s at %i px: no overflow, no CSP violation", async (colorScheme, width) => {
    expect(tenantId).not.toBe("");
    const context = await browser.newContext({ viewport: { width, height: 860 }, colorScheme });
    await context.addCookies(await adminContext.cookies());
    const page = await context.newPage();
    const seen = await watchProblems(page);
    try {
      for (const { name, path: where, ready } of pages) {
        await page.goto(`${auth.url}${typeof where === "function" ? where() : where}`);
        const heading = typeof ready === "function" ? ready() : ready;
        await page.getByRole("heading", { name: heading, exact: true }).first().waitFor();
        await page.waitForLoadState("networkidle");
        if (name !== "sign-in" && name !== "invite-expired") {
          await page.locator("tbody tr:not(.skeleton)").first().waitFor();
        }
        // What a person sees follows the system's scheme: the page's background (@org/web-theme's --bg).
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
          colorScheme === "dark" ? "rgb(11, 11, 15)" : "rgb(244, 245, 247)",
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
        await screenshot(page, SUITE, `${name}-${colorScheme}-${width}`);
      }
      // A dialog, too.
      await page.goto(`${auth.url}/admin#/admins`);
      await page.getByRole("button", { name: "Invite administrator" }).click();
      await (await dialogNamed(page, "Invite administrator")).getByLabel("Email").waitFor();
      await screenshot(page, SUITE, `invite-dialog-${colorScheme}-${width}`);
      // The expired invite page answers 410 on purpose: Chromium logs that status; nothing else may show.
      expect(seen.filter((problem) => !problem.includes("status of 410"))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** Page-side helpers (evaluate callbacks run in the page and cannot call test code). */
function installPageHelpers() {
  const deepActive = (): Element | null => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active;
  };
  const deepInputs = (root: Document | ShadowRoot): HTMLInputElement[] =>
    [...root.querySelectorAll("*")].flatMap((element) => [
      ...(element instanceof HTMLInputElement ? [element] : []),
      ...(element.shadowRoot ? deepInputs(element.shadowRoot) : []),
    ]);
  Object.assign(window, { __test: { deepActive, deepInputs } });
}

declare global {
  interface Window {
    __test: {
      /** The focused element, through shadow roots. */
      deepActive(): Element | null;
      /** Every input, also inside shadow roots. */
      deepInputs(root: Document | ShadowRoot): HTMLInputElement[];
    };
  }
}
