// <authkit-passkeys> and auth.management on the customer's own page (another origin than the auth
// server), with a manage-scoped user token: a person lists, renames, adds and deletes their
// passkeys; adding and deleting ask "Confirm it's you" first (issue 28, point 3).
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
import { startTestAuthServer, type RunningAuthServer } from "@org/auth-server/testing";

const SUITE = "passkeys-component";
let browser: Browser;
let auth: RunningAuthServer;
let site: PageServer;
let apiKey: string;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, auth, site] = await Promise.all([launchChromium(), startTestAuthServer(), servePages()]);
  ({ apiKey } = await auth.tenant([site.origin], "Acme", { registrationAttachment: "any" }));
});

afterAll(async () => {
  await Promise.all([browser?.close(), auth?.close(), site?.close()]);
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 520, height: 720 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context.close();
});

/** A manage-scoped user token, as the site's server asks for it. */
async function manageToken(externalId: string): Promise<string> {
  const response = await fetch(`${auth.url}/api/v1/user-token`, {
    method: "POST",
    headers: { "X-API-KEY": apiKey, "Content-Type": "application/json" },
    body: JSON.stringify({ externalId, scope: "manage" }),
  });
  return ((await response.json()) as { userToken: string }).userToken;
}

it("lists, renames, adds and deletes a passkey, each change after 'Confirm it's you', cross-origin", async () => {
  // Grace's first passkey lives on this laptop (a platform authenticator).
  const laptop = await addVirtualAuthenticator(page);
  const problems = await watchProblems(page);

  // The site's server hands the page a fresh manage token whenever it asks.
  site.route("/manage-token", (_req, res) => {
    void manageToken("grace").then((userToken) =>
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ userToken })),
    );
  });
  site.route("/", tenantPage(auth.url, ""));
  await page.goto(site.url("/"));
  await page.waitForFunction(() => window.AuthKit !== undefined);
  await registerWithApi(page, auth.url, await auth.userToken(apiKey, "grace", "Grace Hopper"));
  site.route(
    "/account",
    tenantPage(
      auth.url,
      `<authkit-passkeys data-watch api-base-url="${auth.url}" assertion-url="/manage-token"></authkit-passkeys>`,
    ),
  );
  await page.goto(site.url("/account"));
  const loaded = await waitForEvent(page, "authkit-passkeys", "loaded");
  expect(loaded.detail).toMatchObject({ passkeys: [{ name: "Test key" }] });
  const list = page.locator("authkit-passkeys");
  await list.getByText("Test key", { exact: true }).waitFor();
  await list.getByText(/Created .* · Never used|Created .* · Last used/).waitFor();
  await screenshot(list, SUITE, "list-light");

  await list.getByRole("button", { name: "Rename: Test key" }).click();
  const field = list.getByLabel("Name of the passkey");
  await field.fill("Work laptop");
  await screenshot(list, SUITE, "rename-light");
  await field.press("Enter");
  await list.getByText("Passkey renamed.").waitFor();
  await list.getByText("Work laptop", { exact: true }).waitFor();

  // Adding one to an account that has one needs a passkey used with this token in the last 5
  // minutes (step-up): the laptop confirms it's Grace; then (the laptop put away, as it holds one
  // of hers already) another platform authenticator — her second computer — makes the new one
  // (this page asks for a platform one: a security key would never be asked).
  let starts = 0;
  let key: Awaited<ReturnType<typeof addVirtualAuthenticator>> | undefined;
  await page.route(`${auth.url}/auth/v1/register/start`, async (route) => {
    starts += 1;
    if (starts === 2) {
      await laptop.remove();
      key = await addVirtualAuthenticator(page);
    }
    await route.continue();
  });
  await list.getByRole("button", { name: "Create Passkey" }).click();
  await list.getByText("Confirm it's you").waitFor();
  await list
    .getByText("Adding or deleting a passkey needs one of your passkeys used in the last 5 minutes.")
    .waitFor();
  await screenshot(list, SUITE, "step-up-add-light");
  await list.getByRole("button", { name: "Confirm with your passkey" }).click();
  await waitForEvent(page, "authkit-passkeys", "added");
  await list.locator("li").nth(1).waitFor();
  expect(starts).toBe(2);
  expect(await key!.credentials()).toHaveLength(1);
  await page.unroute(`${auth.url}/auth/v1/register/start`);

  // A new visit (a new token, which has proved nothing): deleting asks again, the key answers.
  await page.reload();
  await waitForEvent(page, "authkit-passkeys", "loaded");
  await list.getByRole("button", { name: "Delete: Work laptop" }).click();
  await list.getByText("Delete “Work laptop”?").waitFor();
  await screenshot(list, SUITE, "delete-confirm-light");
  await list.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await list.getByText("Confirm it's you").waitFor();
  await screenshot(list, SUITE, "step-up-light");
  await list.getByRole("button", { name: "Confirm with your passkey" }).click();
  const deleted = await waitForEvent(page, "authkit-passkeys", "deleted");
  expect(deleted.detail).toEqual({ passkeyId: expect.any(String) });
  await list.getByText("Passkey deleted.").waitFor();
  await expect(list.locator("li").count()).resolves.toBe(1);
  await screenshot(list, SUITE, "after-delete-light");
  // The browser logs the refused first tries (403 step_up_required); nothing else failed.
  expect(problems).toEqual([
    "console: Failed to load resource: the server responded with a status of 403 (Forbidden)",
    "console: Failed to load resource: the server responded with a status of 403 (Forbidden)",
  ]);
}, 120_000);

it("auth.management works the same way from the JS API, and a registration token is refused", async () => {
  await addVirtualAuthenticator(page);
  site.route("/", tenantPage(auth.url, ""));
  await page.goto(site.url("/"));
  await page.waitForFunction(() => window.AuthKit !== undefined);
  await registerWithApi(page, auth.url, await auth.userToken(apiKey, "linus", "Linus"));
  const result = await page.evaluate(
    async ([url, manage, register]) => {
      const kit = new window.AuthKit({ apiBaseUrl: url, token: manage });
      const [first] = await kit.management.list();
      const renamed = await kit.management.rename(first?.id ?? "", "Laptop");
      // Deleting needs a step-up with this token (the laptop's passkey, asserted now).
      const before = await kit.management
        .delete(renamed.id)
        .catch((error: InstanceType<typeof window.AuthKit.AuthKitError>) => error.serverCode);
      await kit.management.stepUp();
      await kit.management.delete(renamed.id);
      const left = await kit.management.list();
      const refused = await new window.AuthKit({ apiBaseUrl: url, token: register }).management
        .list()
        .catch((error: InstanceType<typeof window.AuthKit.AuthKitError>) => ({
          code: error.code,
          status: error.status,
        }));
      return { renamed: renamed.name, before, left: left.length, refused };
    },
    [auth.url, await manageToken("linus"), await auth.userToken(apiKey, "linus")] as const,
  );
  expect(result).toEqual({
    renamed: "Laptop",
    before: "step_up_required",
    left: 0,
    refused: { code: "configuration_error", status: 403 },
  });
});

it("in German, dark", async () => {
  await addVirtualAuthenticator(page);
  site.route("/", tenantPage(auth.url, ""));
  await page.goto(site.url("/"));
  await page.waitForFunction(() => window.AuthKit !== undefined);
  await registerWithApi(page, auth.url, await auth.userToken(apiKey, "hedy", "Hedy"));
  site.route(
    "/konto",
    tenantPage(
      auth.url,
      `<authkit-passkeys data-watch lang="de" theme="dark" api-base-url="${auth.url}" token="${await manageToken("hedy")}"></authkit-passkeys>`,
      { theme: "dark" },
    ),
  );
  await page.goto(site.url("/konto"));
  await page.getByRole("heading", { name: "Ihre Passkeys" }).waitFor();
  await page.getByRole("button", { name: "Umbenennen: Test key" }).waitFor();
  await screenshot(page.locator("authkit-passkeys"), SUITE, "list-de-dark");
});
