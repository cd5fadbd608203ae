import {
  addVirtualAuthenticator,
  launchChromium,
  screenshot,
  servePages,
  type PageServer,
  type Browser,
  type BrowserContext,
  type Page,
  dismissPasskeyDialogs,
  eventsOf,
  registerWithApi,
  waitForEvent,
  tenantPage,
} from "@org/browser-testing";
import { acceptInvite, adminInvite, adminSignInToken } from "@org/auth-server/testing/browser";
import { startTestAuthServer, type RunningAuthServer } from "@org/auth-server/testing";

const SUITE = "embeds";
let browser: Browser;
let auth: RunningAuthServer;
let site: PageServer;
let stranger: PageServer;
let apiKey: string;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, auth, site, stranger] = await Promise.all([
    launchChromium(),
    startTestAuthServer(),
    servePages(),
    servePages(),
  ]);
  ({ apiKey } = await auth.tenant([site.origin]));
});

afterAll(async () => {
  await Promise.all([browser?.close(), auth?.close(), site?.close(), stranger?.close()]);
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 480, height: 560 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context.close();
});

/** Whether the iframe on the page shows the embed (its #embed mount point), or was blocked. */
async function frameShowsEmbed(): Promise<boolean> {
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  if (!frame) return false;
  return frame.evaluate(() => document.getElementById("embed") !== null).catch(() => false);
}

describe("/auth-embed framing", () => {
  it("is refused to a page whose origin is no tenant's", async () => {
    stranger.route(
      "/",
      `<!doctype html><iframe src="${auth.url}/auth-embed?origin=${encodeURIComponent(stranger.origin)}"></iframe>`,
    );
    await page.goto(stranger.url("/"));
    expect(await frameShowsEmbed()).toBe(false);
    expect(page.frames()[1]?.url()).toBe("chrome-error://chromewebdata/");
  });

  it("is refused to a page that claims a tenant's origin it is not on", async () => {
    stranger.route(
      "/claims",
      `<!doctype html><iframe src="${auth.url}/auth-embed?origin=${encodeURIComponent(site.origin)}"></iframe>`,
    );
    await page.goto(stranger.url("/claims"));
    expect(await frameShowsEmbed()).toBe(false);
    expect(page.frames()[1]?.url()).toBe("chrome-error://chromewebdata/");
  });

  it("is shown to the tenant's own page", async () => {
    site.route(
      "/frame",
      `<!doctype html><iframe src="${auth.url}/auth-embed?origin=${encodeURIComponent(site.origin)}"></iframe>`,
    );
    await page.goto(site.url("/frame"));
    expect(await frameShowsEmbed()).toBe(true);
  });

  it("makes authkit-authenticate on a stranger's page report configuration_error at once, naming the page's origin", async () => {
    const session = await auth.sessionToken(apiKey);
    stranger.route(
      "/component",
      tenantPage(
        auth.url,
        `<authkit-authenticate data-watch api-base-url="${auth.url}" token="${session}" mode="passkey" timeout="1500"></authkit-authenticate>`,
      ),
    );
    await page.goto(stranger.url("/component"));
    const error = await waitForEvent(page, "authkit-authenticate", "error");
    expect(error.detail).toMatchObject({ code: "configuration_error" });
    expect((error.detail?.error as { message: string }).message).toContain(stranger.origin);
    expect((await eventsOf(page)).some((event) => event.name === "ready")).toBe(false);
    await expect(page.getByText("Sign-in unavailable").isVisible()).resolves.toBe(true);
    await screenshot(page.locator(".slot"), SUITE, "authenticate-stranger-light");
  });
});

describe("authkit-authenticate attributes", () => {
  it("shows 'Authentication Unavailable' and fires configuration_error without a token", async () => {
    site.route(
      "/no-token",
      tenantPage(
        auth.url,
        `<authkit-authenticate data-watch api-base-url="${auth.url}"></authkit-authenticate>`,
      ),
    );
    await page.goto(site.url("/no-token"));
    const error = await waitForEvent(page, "authkit-authenticate", "error");
    expect(error.detail).toMatchObject({ code: "configuration_error" });
    await expect(page.getByText("Authentication Unavailable").isVisible()).resolves.toBe(true);
    await expect(
      page.getByText('This element is not configured: "token or session-token-url" is missing.').isVisible(),
    ).resolves.toBe(true);
    expect(page.frames()).toHaveLength(1); // no iframe
    await screenshot(page.locator(".slot"), SUITE, "authenticate-missing-token-light");
    site.route(
      "/no-token-dark",
      tenantPage(
        auth.url,
        `<authkit-authenticate api-base-url="${auth.url}" theme="dark"></authkit-authenticate>`,
        { theme: "dark" },
      ),
    );
    await page.goto(site.url("/no-token-dark"));
    await page.getByText("Authentication Unavailable").waitFor();
    await screenshot(page.locator(".slot"), SUITE, "authenticate-missing-token-dark");
  });

  it("with prf='event' hands the PRF output to the page and, once, to verify-auth", async () => {
    await addVirtualAuthenticator(page, { prf: true });
    site.route("/", tenantPage(auth.url, ""));
    await page.goto(site.url("/"));
    await page.waitForFunction(() => window.AuthKit !== undefined);
    await registerWithApi(page, auth.url, await auth.userToken(apiKey, "prf-user"), true);
    const session = await auth.sessionToken(apiKey);
    site.route(
      "/prf",
      tenantPage(
        auth.url,
        `<authkit-authenticate data-watch api-base-url="${auth.url}" token="${session}" mode="passkey" prf="event"></authkit-authenticate>`,
        { theme: "dark" },
      ),
    );
    await page.goto(site.url("/prf"));
    await waitForEvent(page, "authkit-authenticate", "ready");
    await screenshot(page.locator(".slot"), SUITE, "authenticate-ready-dark");
    await page
      .locator("authkit-authenticate iframe")
      .contentFrame()
      .getByRole("button", { name: "Sign in with Passkey" })
      .click();
    const success = await waitForEvent(page, "authkit-authenticate", "success");
    expect(success.detail).toMatchObject({
      prfOutput: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      capabilities: { prf: true },
    });
    await screenshot(page.locator(".slot"), SUITE, "authenticate-success-dark");
    const challengeId = success.detail?.challengeId as string;
    expect((await auth.verifyAuth(apiKey, challengeId)).body.prfResult).toBe(success.detail?.prfOutput);
    // verify-auth is single use: the login (and its PRF output) cannot be fetched again.
    expect((await auth.verifyAuth(apiKey, challengeId)).status).toBe(404);
  });

  it("passes a user_cancelled from the iframe on as an error event, and offers the phone", async () => {
    await addVirtualAuthenticator(page);
    site.route("/", tenantPage(auth.url, ""));
    await page.goto(site.url("/"));
    await page.waitForFunction(() => window.AuthKit !== undefined);
    await registerWithApi(page, auth.url, await auth.userToken(apiKey, "cancel-user"));
    await dismissPasskeyDialogs(page);
    const session = await auth.sessionToken(apiKey);
    site.route(
      "/cancel",
      tenantPage(
        auth.url,
        `<authkit-authenticate data-watch api-base-url="${auth.url}" token="${session}" mode="passkey"></authkit-authenticate>`,
      ),
    );
    await page.goto(site.url("/cancel"));
    await waitForEvent(page, "authkit-authenticate", "ready");
    const frame = page.locator("authkit-authenticate iframe").contentFrame();
    await frame.getByRole("button", { name: "Sign in with Passkey" }).click();
    const error = await waitForEvent(page, "authkit-authenticate", "error");
    expect(error.detail).toMatchObject({ code: "user_cancelled" });
    await frame.getByText("No passkey was used. Try again, or use your phone.").waitFor();
    await frame.getByRole("button", { name: "Sign in with your phone instead" }).click();
    await frame.getByText("Scan with your phone").waitFor();
    await screenshot(page.locator(".slot"), SUITE, "authenticate-cancelled-phone-light");
  });
});

describe("/register-embed", () => {
  it("gets the user token by postMessage, never in its URL, and relays what happens", async () => {
    site.route("/assertion", (_req, res) => {
      void auth.userToken(apiKey, "qr-user").then((userToken) => {
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ userToken }));
      });
    });
    site.route(
      "/register",
      tenantPage(
        auth.url,
        `<authkit-register data-watch api-base-url="${auth.url}" assertion-url="/assertion" mode="qr" name="Phone key"></authkit-register>`,
      ),
    );
    await page.goto(site.url("/register"));
    await waitForEvent(page, "authkit-register", "mode-detected");
    const start = page.waitForRequest((request) => request.url() === `${auth.url}/auth/v1/qr/start`);
    await page.getByRole("button", { name: "Create Passkey via QR Code" }).click();
    await page.waitForFunction(
      () => document.querySelector("authkit-register")?.shadowRoot?.querySelector("iframe") !== null,
    );
    const src = await page.locator("authkit-register iframe").getAttribute("src");
    expect(src).toBe(`${auth.url}/register-embed?origin=${encodeURIComponent(site.origin)}&lang=en`);
    // The iframe starts the registration QR with the token it got by postMessage.
    const request = await start;
    expect(await request.headerValue("authorization")).toMatch(/^Bearer ut_/);
    // … naming the page that frames it, which the server checks against the token's tenant.
    expect(await request.headerValue("x-authkit-embed-origin")).toBe(site.origin);
    expect(request.postDataJSON()).toEqual({
      purpose: "register",
      name: "Phone key",
      origin: site.origin,
      lang: "en",
    });
    const frame = page.locator("authkit-register iframe").contentFrame();
    await frame.getByText("Scan with your phone").waitFor();
    // (qr-cross-device.test.ts scans it with a phone and creates the passkey.)
  });
});

describe("another tenant's token in a tenant's frame", () => {
  it("cannot harvest an administrator's sign-in: the admin sign-in token framed by a tenant page is refused before any passkey prompt", async () => {
    // The victim: an administrator whose laptop holds their admin passkey (rp_id localhost).
    const authenticator = await addVirtualAuthenticator(page);
    await acceptInvite(page, await adminInvite(auth, "victim@example.test", "Victor Admin"));
    const signCount = async () => (await authenticator.credentials())[0]?.signCount;
    const countBefore = await signCount();
    // The attacker: a tenant of the same server (its own origin), framing the sign-in embed
    // with the admin tenant's session token, public on the sign-in page.
    await auth.tenant([stranger.origin], "Evil Corp");
    const adminToken = await adminSignInToken(auth.url);
    stranger.route(
      "/harvest",
      tenantPage(
        auth.url,
        `<authkit-authenticate data-watch api-base-url="${auth.url}" token="${adminToken}" mode="passkey"></authkit-authenticate>`,
      ),
    );
    await page.goto(stranger.url("/harvest"));
    // The embed's first request with the token is refused: no sign-in button, no passkey prompt.
    const error = await waitForEvent(page, "authkit-authenticate", "error");
    expect(error.detail).toMatchObject({
      code: "configuration_error",
      error: {
        message: `${stranger.origin} is not an allowed origin of the tenant "AuthKit admin": add it (cli tenant update <id> --add-origin ${stranger.origin}, or the dashboard's Edit tenant).`,
      },
    });
    await screenshot(page.locator(".slot"), SUITE, "authenticate-foreign-token-light");
    // No success ever reached the attacker's page, and the passkey was never asked for.
    expect((await eventsOf(page)).some((event) => ["ready", "success"].includes(event.name))).toBe(false);
    expect(await signCount()).toBe(countBefore);
    // No sign-in of the admin tenant (other tests of this file sign in to the tenant's site).
    const admin = await auth.database.db.authBuiltInTenant.findUniqueOrThrow({ where: { role: "admin" } });
    const signIns = await auth.database.db.authAuditEvent.count({
      where: { type: "login_success", tenantId: admin.tenantId },
    });
    expect(signIns).toBe(0);
  });

  it("refuses a tenant's token on another tenant's page the same way", async () => {
    await auth.tenant([stranger.origin], "Other Corp");
    const session = await auth.sessionToken(apiKey);
    stranger.route(
      "/borrowed",
      tenantPage(
        auth.url,
        `<authkit-authenticate data-watch api-base-url="${auth.url}" token="${session}" mode="passkey"></authkit-authenticate>`,
      ),
    );
    await page.goto(stranger.url("/borrowed"));
    const error = await waitForEvent(page, "authkit-authenticate", "error");
    expect(error.detail).toMatchObject({ code: "configuration_error" });
    expect(JSON.stringify(error.detail)).toContain(
      `${stranger.origin} is not an allowed origin of the tenant`,
    );
    expect((await eventsOf(page)).some((event) => event.name === "ready")).toBe(false);
  });
});
