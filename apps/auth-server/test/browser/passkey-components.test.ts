import {
  addVirtualAuthenticator,
  launchChromium,
  screenshot,
  servePages,
  watchProblems,
  type PageServer,
} from "@org/browser-testing";
import type { Browser, BrowserContext, Page } from "@org/browser-testing";
import { startAuthServer, type RunningAuthServer } from "./helpers/auth-server.ts";
import { eventsOf, registerWithApi, waitForEvent } from "./helpers/page.ts";
import { tenantPage } from "./helpers/tenant-page.ts";

const SUITE = "passkey-components";
let browser: Browser;
let auth: RunningAuthServer;
let site: PageServer;
let apiKey: string;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, auth, site] = await Promise.all([launchChromium(), startAuthServer(), servePages()]);
  ({ apiKey } = await auth.tenant([site.origin], "Acme"));
});

afterAll(async () => {
  await Promise.all([browser?.close(), auth?.close(), site?.close()]);
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 480, height: 640 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context.close();
});

async function open(body: string, options: { theme?: "light" | "dark" } = {}) {
  site.route("/", tenantPage(auth.url, body, options));
  await page.goto(site.url("/"));
  await page.waitForFunction(() => customElements.get("authkit-authenticate") !== undefined);
}

describe("authkit-register", () => {
  it("creates a passkey in the authenticator and fires success", async () => {
    const authenticator = await addVirtualAuthenticator(page, { transport: "usb" });
    const problems = await watchProblems(page);
    const token = await auth.userToken(apiKey, "ada", "Ada Lovelace");
    await open(
      `<authkit-register data-watch api-base-url="${auth.url}" token="${token}" name="Ada's key"></authkit-register>`,
    );

    const detected = await waitForEvent(page, "authkit-register", "mode-detected");
    expect(detected.detail).toEqual({ mode: "passkey", reason: "chromium_native_qr" });
    await screenshot(page.locator(".slot"), SUITE, "register-idle-light");
    await page.getByRole("button", { name: "Create Passkey" }).click();

    const success = await waitForEvent(page, "authkit-register", "success");
    expect(success.detail).toEqual({
      passkeyId: expect.any(String),
      user: { id: expect.any(String), externalId: "ada", displayName: "Ada Lovelace" },
    });
    const credentials = await authenticator.credentials();
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ rpId: "localhost", isResidentCredential: true });
    await expect(page.getByText("Passkey created. You can now sign in with it.").isVisible()).resolves.toBe(
      true,
    );
    await screenshot(page.locator(".slot"), SUITE, "register-success-light");
    expect(problems).toEqual([]);
  });
});

describe("authkit-authenticate", () => {
  it("signs in through the /auth-embed iframe; the tenant backend's verify-auth returns the user", async () => {
    const authenticator = await addVirtualAuthenticator(page);
    const problems = await watchProblems(page);
    await open("");
    await registerWithApi(page, auth.url, await auth.userToken(apiKey, "grace", "Grace Hopper"));
    expect(await authenticator.credentials()).toHaveLength(1);

    const session = await auth.sessionToken(apiKey);
    await open(
      `<authkit-authenticate data-watch api-base-url="${auth.url}" token="${session}" mode="passkey"></authkit-authenticate>`,
    );
    await waitForEvent(page, "authkit-authenticate", "ready");
    const frame = page.locator("authkit-authenticate iframe");
    expect(await frame.getAttribute("src")).toBe(
      `${auth.url}/auth-embed?origin=${encodeURIComponent(site.origin)}`,
    );
    expect(await frame.getAttribute("allow")).toBe(
      "publickey-credentials-get *; publickey-credentials-create *",
    );
    await screenshot(page.locator(".slot"), SUITE, "authenticate-ready-light");

    await frame.contentFrame().getByRole("button", { name: "Sign in with Passkey" }).click();
    const success = await waitForEvent(page, "authkit-authenticate", "success");
    const events = (await eventsOf(page)).filter((event) => event.source === "authkit-authenticate");
    expect(events.map((event) => event.name)).toEqual(["mode-detected", "ready", "success"]);
    expect(events[0]?.detail).toEqual({ mode: "passkey", reason: "override" });
    expect(success.detail).toEqual({
      challengeId: expect.any(String),
      user: { id: expect.any(String), externalId: "grace", displayName: "Grace Hopper" },
    });
    await screenshot(page.locator(".slot"), SUITE, "authenticate-success-light");

    const verified = await auth.verifyAuth(apiKey, success.detail?.challengeId as string);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      user: { externalId: "grace", displayName: "Grace Hopper" },
      method: "passkey",
    });
    expect(problems).toEqual([]);
  });
});
