// <authkit-login>, the drop-in box, as a person uses it with a laptop's own authenticator
// (transport "internal"): passkey sign-in, autofill, password when the tenant allows it, and
// self-service sign-up when the tenant turns it on.
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

const SUITE = "login-box";
jest.setTimeout(90_000);
let browser: Browser;
let auth: RunningAuthServer;
let site: PageServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, auth, site] = await Promise.all([launchChromium(), startTestAuthServer(), servePages()]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), auth?.close(), site?.close()]);
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 480, height: 720 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context.close();
});

/** A tenant of the site with the box's two settings. */
async function tenantWith(settings: { selfSignup?: boolean; passwordLogin?: boolean }) {
  const { id, apiKey } = await auth.tenant([site.origin]);
  await auth.database.db.tenant.update({
    where: { id },
    data: { selfSignup: settings.selfSignup ?? false, passwordLogin: settings.passwordLogin ?? false },
  });
  return apiKey;
}

async function openBox(apiKey: string, options: { theme?: "light" | "dark" } = {}) {
  const token = await auth.sessionToken(apiKey);
  site.route(
    "/",
    tenantPage(
      auth.url,
      `<authkit-login data-watch api-base-url="${auth.url}" token="${token}" theme="class"></authkit-login>`,
      options,
    ),
  );
  await page.goto(site.url("/"));
  await waitForEvent(page, "authkit-login", "ready");
  return token;
}

const box = () => page.locator("authkit-login");

describe("authkit-login", () => {
  it("signs up a newcomer with a passkey when self_signup is on: the user is created and the result says so", async () => {
    const authenticator = await addVirtualAuthenticator(page);
    const problems = await watchProblems(page);
    const apiKey = await tenantWith({ selfSignup: true });
    await openBox(apiKey);
    await expect(box().getByLabel("Password").count()).resolves.toBe(0);
    await screenshot(page.locator(".slot"), SUITE, "sign-in-with-signup-light");

    await box().getByRole("button", { name: "New here? Create an account" }).click();
    await box().getByRole("heading", { name: "Create your account" }).waitFor();
    await box().getByLabel("Email or username").fill("Grace@Example.com");
    await screenshot(page.locator(".slot"), SUITE, "sign-up-light");
    await box().getByRole("button", { name: "Create account with a passkey" }).click();

    const success = await waitForEvent(page, "authkit-login", "success");
    expect(success.detail).toEqual({
      challengeId: expect.any(String),
      sessionToken: expect.stringMatching(/^eyJ/),
      method: "passkey",
      created: true,
      user: { id: expect.any(String), externalId: "grace@example.com" },
    });
    await box().getByText("Account created. Welcome, grace@example.com!").waitFor();
    await screenshot(page.locator(".slot"), SUITE, "signed-up-light");
    const verified = await auth.verifyAuth(apiKey, success.detail?.challengeId as string);
    expect(verified.body).toMatchObject({ created: true, method: "passkey" });
    expect(await authenticator.credentials()).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it("offers neither sign-up nor a password by default, and the API refuses a sign-up too", async () => {
    const apiKey = await tenantWith({});
    const token = await openBox(apiKey, { theme: "dark" });
    await box().getByRole("button", { name: "Sign in with Passkey" }).waitFor();
    await expect(box().getByText("New here? Create an account").count()).resolves.toBe(0);
    await expect(box().getByLabel("Password").count()).resolves.toBe(0);
    await screenshot(page.locator(".slot"), SUITE, "sign-in-defaults-dark");
    // What a script on the page could try without the link: refused by the auth server.
    const refused = await page.evaluate(
      async ([url, bearer]) => {
        const res = await fetch(`${url}/auth/v1/signup/start`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${bearer}` },
          body: JSON.stringify({ identifier: "mallory" }),
        });
        return { status: res.status, body: (await res.json()) as { error_code: string } };
      },
      [auth.url, token] as const,
    );
    expect([refused.status, refused.body.error_code]).toEqual([403, "forbidden"]);
  });

  it("signs in with a passkey from the button (a browser without passkey autofill)", async () => {
    // Chromium's virtual authenticator answers an autofill request at once: without autofill, the
    // button is what signs in (as on a browser that has no conditional UI).
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    await addVirtualAuthenticator(page);
    const apiKey = await tenantWith({});
    await openBox(apiKey);
    await registerWithApi(page, auth.url, await auth.userToken(apiKey, "ada", "Ada Lovelace"));

    await box().getByRole("button", { name: "Sign in with Passkey" }).click();
    const success = await waitForEvent(page, "authkit-login", "success");
    expect(success.detail).toEqual({
      challengeId: expect.any(String),
      sessionToken: expect.stringMatching(/^eyJ/),
      method: "passkey",
      user: { id: expect.any(String), externalId: "ada", displayName: "Ada Lovelace" },
    });
    await box().getByText("Signed in as Ada Lovelace").waitFor();
    await screenshot(page.locator(".slot"), SUITE, "signed-in-light");
  });

  it("signs in from the identifier field's autofill", async () => {
    await addVirtualAuthenticator(page);
    const apiKey = await tenantWith({});
    await openBox(apiKey);
    await registerWithApi(page, auth.url, await auth.userToken(apiKey, "ada", "Ada Lovelace"));
    // Autofill: the browser offers the passkey in the box's field (in its shadow root), and
    // Chromium's virtual authenticator picks it at once, with no click on the button.
    await openBox(apiKey);
    await box().getByText("Signed in as Ada Lovelace").waitFor();
    const autofilled = await waitForEvent(page, "authkit-login", "success");
    expect(autofilled.detail).toMatchObject({ method: "passkey", user: { externalId: "ada" } });
  });

  it("shows a password field only where password_login is on, and signs in with it", async () => {
    const apiKey = await tenantWith({ passwordLogin: true });
    const created = await fetch(`${auth.url}/api/v1/users`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": apiKey },
      body: JSON.stringify({ externalId: "lin", username: "lin", password: "a long secret phrase" }),
    });
    expect(created.status).toBe(200);
    await openBox(apiKey);
    await box().getByLabel("Email or username").fill("lin");
    await box().getByLabel("Password").fill("wrong phrase entirely");
    await box().getByRole("button", { name: "Sign in with password" }).click();
    await box().getByText("Wrong username or password.").waitFor();
    const failed = await waitForEvent(page, "authkit-login", "error");
    expect(failed.detail).toMatchObject({ code: "invalid_credentials" });
    await screenshot(page.locator(".slot"), SUITE, "password-wrong-light");

    await box().getByLabel("Password").fill("a long secret phrase");
    await box().getByRole("button", { name: "Sign in with password" }).click();
    const success = await waitForEvent(page, "authkit-login", "success");
    expect(success.detail).toMatchObject({
      method: "password",
      sessionToken: expect.stringMatching(/^eyJ/),
      user: { externalId: "lin" },
    });
    expect((await auth.verifyAuth(apiKey, success.detail?.challengeId as string)).body).toMatchObject({
      method: "password",
    });
  });

  it("is built on the script tag's own classes: the lazy chunk's errors are instanceof AuthKit.AuthKitError", async () => {
    // No api-base-url and no token: the box itself (the chunk's code) raises a configuration_error.
    site.route(
      "/",
      tenantPage(
        auth.url,
        `<authkit-login></authkit-login>
<script>
  document.querySelector("authkit-login").addEventListener("error", (e) => {
    window.__loginError = {
      code: e.detail.error.code,
      instance: e.detail.error instanceof window.AuthKit.AuthKitError,
      sameBase:
        Object.getPrototypeOf(customElements.get("authkit-login")) ===
        Object.getPrototypeOf(customElements.get("authkit-passkey")),
    };
  });
</script>`,
      ),
    );
    await page.goto(site.url("/"));
    await page.waitForFunction(() => "__loginError" in window);
    expect(await page.evaluate(() => (window as unknown as { __loginError: unknown }).__loginError)).toEqual({
      code: "configuration_error",
      instance: true,
      sameBase: true,
    });
    await screenshot(page.locator(".slot"), SUITE, "missing-attributes-light");
  });

  it('"Use your phone" shows the QR code of <authkit-qr>', async () => {
    const apiKey = await tenantWith({});
    await openBox(apiKey);
    await box().getByRole("button", { name: "Sign in with your phone instead" }).click();
    await box().getByRole("img", { name: "QR code: scan it with your phone's camera" }).waitFor();
    await screenshot(page.locator(".slot"), SUITE, "phone-light");
    await box().getByRole("button", { name: "Back to sign-in" }).click();
    await box().getByRole("button", { name: "Sign in with Passkey" }).waitFor();
  });
});
