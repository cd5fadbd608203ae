// Registration and sign-in through the components, on a tenant's page, with each kind of
// authenticator a person may have: the laptop's own (platform, what most people have), a security
// key (usb), a phone (QR), and none at all. A computer with no authenticator never answers the
// browser's prompt (Chromium rejects only at the ceremony's five-minute timeout): the components
// must offer the phone and say so within seconds, not spin on "Follow your browser's prompt…".
// Self-contained (its own page, phone and CDP helpers) so that it can move with the other SDK tests.
import {
  addVirtualAuthenticator,
  launchChromium,
  screenshot,
  servePages,
  watchProblems,
  type PageServer,
  type Browser,
  type BrowserContext,
  type FrameLocator,
  type Page,
  tenantPage,
  eventsOf,
  openPhone,
  registerWithApi,
  scanQr,
  waitForEvent,
} from "@org/browser-testing";
import { startTestAuthServer, type RunningAuthServer } from "@org/auth-server/testing";

const SUITE = "authenticator-kinds";
/** The components say what else to do after PROMPT_STALLED_MS (6 s); a little room for a busy machine. */
const STALL_NOTICED_MS = 9_000;
let browser: Browser;
let auth: RunningAuthServer;
let site: PageServer;
let apiKey: string;
let context: BrowserContext;
let page: Page;
const phones: BrowserContext[] = [];

beforeAll(async () => {
  [browser, auth, site] = await Promise.all([launchChromium(), startTestAuthServer(), servePages()]);
  // The policy of this repository's own pages (board, admin): any kind of authenticator.
  ({ apiKey } = await auth.tenant([site.origin], "Acme", { registrationAttachment: "any" }));
  site.route("/", tenantPage(auth.url, ""));
});

afterAll(async () => {
  await Promise.all([browser?.close(), auth?.close(), site?.close()]);
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 480, height: 640 } });
  page = await context.newPage();
});

afterEach(async () => {
  await Promise.all([context.close(), ...phones.splice(0).map((phone) => phone.close())]);
});

/**
 * A computer with no authenticator at all: the WebAuthn virtual environment on, and no virtual
 * authenticator in it. Chromium then answers create()/get() only at their timeout (NotAllowedError),
 * or with AbortError when the page aborts.
 */
async function withoutAuthenticator(target: Page) {
  const cdp = await target.context().newCDPSession(target);
  await cdp.send("WebAuthn.enable", { enableUI: false });
}

async function open(path: string, body: string, theme: "light" | "dark" = "light") {
  site.route(path, tenantPage(auth.url, body, { theme }));
  await page.goto(site.url(path));
}

const registerElement = (token: string) =>
  `<authkit-register data-watch api-base-url="${auth.url}" token="${token}" name="Ada's key"></authkit-register>`;
const signInElement = (token: string, attributes = "") =>
  `<authkit-authenticate data-watch api-base-url="${auth.url}" token="${token}" ${attributes}></authkit-authenticate>`;

const signInFrame = () => page.locator("authkit-authenticate iframe").contentFrame();
const qrImage = (scope: Page | FrameLocator) => scope.getByRole("img", { name: /QR code/ });

async function phone() {
  const opened = await openPhone(browser);
  phones.push(opened.context);
  opened.page.setDefaultTimeout(10_000);
  return opened;
}

/** Creates the passkey with <authkit-register>'s button; returns the new passkey's id. */
async function registerWithButton(externalId: string) {
  await open("/register", registerElement(await auth.userToken(apiKey, externalId, "Ada Lovelace")));
  await waitForEvent(page, "authkit-register", "mode-detected");
  await page.getByRole("button", { name: "Create Passkey" }).click();
  const success = await waitForEvent(page, "authkit-register", "success");
  await page.getByText("Passkey created. You can now sign in with it.").waitFor();
  return success;
}

/** Signs in with <authkit-authenticate>'s button in the iframe; checks it with the tenant's verify-auth. */
async function signInWithButton(externalId: string) {
  await open("/sign-in", signInElement(await auth.sessionToken(apiKey)));
  await waitForEvent(page, "authkit-authenticate", "ready");
  await signInFrame().getByRole("button", { name: "Sign in with Passkey" }).click();
  const success = await waitForEvent(page, "authkit-authenticate", "success");
  const verified = await auth.verifyAuth(apiKey, success.detail?.challengeId as string);
  expect(verified).toMatchObject({ status: 200, body: { user: { externalId }, method: "passkey" } });
  return success;
}

describe("the laptop's own authenticator (platform)", () => {
  it("creates a passkey with authkit-register and signs in with it through authkit-authenticate", async () => {
    const laptop = await addVirtualAuthenticator(page);
    const problems = await watchProblems(page);
    const created = await registerWithButton("platform-user");
    expect(created.detail).toMatchObject({
      passkeyId: expect.any(String),
      user: { externalId: "platform-user" },
    });
    expect(await laptop.credentials()).toHaveLength(1);

    await signInWithButton("platform-user");
    const detected = (await eventsOf(page)).find((event) => event.name === "mode-detected");
    expect(detected?.detail).toEqual({ mode: "passkey", reason: "platform_authenticator" });
    expect(problems).toEqual([]);
  });
});

describe("a security key (usb), no built-in authenticator", () => {
  it("creates a passkey with authkit-register and signs in with it through authkit-authenticate", async () => {
    const key = await addVirtualAuthenticator(page, { transport: "usb" });
    const problems = await watchProblems(page);
    await registerWithButton("key-user");
    expect(await key.credentials()).toHaveLength(1);

    await signInWithButton("key-user");
    const detected = (await eventsOf(page)).find((event) => event.name === "mode-detected");
    expect(detected?.detail).toEqual({ mode: "passkey", reason: "chromium_native_qr" });
    expect(problems).toEqual([]);
  });
});

describe("no authenticator at all: the phone (QR)", () => {
  it("authkit-register offers the phone during the prompt, says why within seconds, and the phone creates the passkey", async () => {
    await withoutAuthenticator(page);
    const problems = await watchProblems(page);
    await open(
      "/register",
      registerElement(await auth.userToken(apiKey, "no-authenticator", "Grace Hopper")),
    );
    const detected = await waitForEvent(page, "authkit-register", "mode-detected");
    expect(detected.detail).toEqual({ mode: "passkey", reason: "chromium_native_qr" });

    await page.getByRole("button", { name: "Create Passkey" }).click();
    const clicked = Date.now();
    await page.getByText("Follow your browser's prompt to create a passkey…").waitFor();
    // The way out is there from the start of the prompt…
    await page.getByRole("button", { name: "Use your phone instead" }).waitFor();
    // …and the status says what may be wrong once nothing answered for a few seconds.
    await page
      .getByText(
        "Nothing happening? Look for your browser's passkey window, or create the passkey on your phone instead.",
      )
      .waitFor({ timeout: STALL_NOTICED_MS });
    expect(Date.now() - clicked).toBeLessThan(STALL_NOTICED_MS);
    await screenshot(page, SUITE, "register-no-authenticator-light");

    await page.getByRole("button", { name: "Use your phone instead" }).click();
    const mobileUrl = await scanQr(page.locator("authkit-register").locator("img[part=qr-image]"));
    await screenshot(page, SUITE, "register-no-authenticator-qr-light");
    const { page: mobile, authenticator } = await phone();
    await mobile.goto(mobileUrl);
    await mobile.getByRole("heading", { name: "Create a passkey on this phone?" }).waitFor();
    await mobile.getByRole("button", { name: "Create passkey" }).click();
    const success = await waitForEvent(page, "authkit-register", "success");
    expect(success.detail).toMatchObject({
      passkeyId: expect.any(String),
      user: { externalId: "no-authenticator" },
    });
    await page.getByText("Passkey created on your phone.").waitFor();
    expect(await authenticator.credentials()).toHaveLength(1);
    // Closing the prompt to use the phone is no error of the registration.
    expect((await eventsOf(page)).filter((event) => event.name === "error")).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("authkit-authenticate offers the phone during the prompt, says why within seconds, and the phone signs in", async () => {
    // The person's passkey lives on their phone.
    const { page: mobile } = await phone();
    await mobile.goto(site.url("/"));
    await mobile.waitForFunction(() => window.AuthKit !== undefined);
    const registered = await registerWithApi(
      mobile,
      auth.url,
      await auth.userToken(apiKey, "phone-owner", "Grace Hopper"),
    );
    expect(registered).toMatchObject({ success: true });

    await withoutAuthenticator(page);
    const problems = await watchProblems(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await open("/sign-in", signInElement(await auth.sessionToken(apiKey)), "dark");
    await waitForEvent(page, "authkit-authenticate", "ready");
    const frame = signInFrame();
    await frame.getByRole("button", { name: "Sign in with Passkey" }).click();
    const clicked = Date.now();
    await frame.getByRole("button", { name: "Sign in with your phone instead" }).waitFor();
    await frame
      .getByText(
        "Nothing happening? This device may have no passkey for this site: sign in with your phone instead.",
      )
      .waitFor({ timeout: STALL_NOTICED_MS });
    expect(Date.now() - clicked).toBeLessThan(STALL_NOTICED_MS);
    await screenshot(page, SUITE, "sign-in-no-authenticator-dark");

    await frame.getByRole("button", { name: "Sign in with your phone instead" }).click();
    const loginUrl = await scanQr(qrImage(frame));
    await screenshot(page, SUITE, "sign-in-no-authenticator-qr-dark");
    await mobile.goto(loginUrl);
    await mobile.getByRole("heading", { name: "Sign in on your computer?" }).waitFor();
    await mobile.getByRole("button", { name: "Sign in with passkey" }).click();
    const success = await waitForEvent(page, "authkit-authenticate", "success");
    const verified = await auth.verifyAuth(apiKey, success.detail?.challengeId as string);
    expect(verified).toMatchObject({ status: 200, body: { user: { externalId: "phone-owner" } } });
    // Closing the prompt to use the phone is no error of the sign-in.
    expect((await eventsOf(page)).filter((event) => event.name === "error")).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe("a laptop with no passkey for this site", () => {
  it("says so (not 'cancelled'), offers the phone, and the site's sign-up page with signup-url", async () => {
    await addVirtualAuthenticator(page);
    await open("/sign-in", signInElement(await auth.sessionToken(apiKey), 'signup-url="/signup"'));
    await waitForEvent(page, "authkit-authenticate", "ready");
    const frame = signInFrame();
    // Nothing to sign up for before the person tried.
    await expect(page.getByRole("link", { name: "New here? Create an account" }).count()).resolves.toBe(0);
    await frame.getByRole("button", { name: "Sign in with Passkey" }).click();
    const error = await waitForEvent(page, "authkit-authenticate", "error");
    expect(error.detail).toMatchObject({ code: "credential_not_found" });
    await frame
      .getByText(
        "There's no passkey for this site on this device. Use your phone, or create a passkey first.",
      )
      .waitFor();
    await expect(frame.getByText("Sign-in was cancelled.").count()).resolves.toBe(0);
    await frame.getByRole("button", { name: "Sign in with your phone instead" }).waitFor();
    const signup = page.getByRole("link", { name: "New here? Create an account" });
    await expect(signup.getAttribute("href")).resolves.toBe("/signup");
    await screenshot(page, SUITE, "no-passkey-signup-light");
    site.route("/signup", tenantPage(auth.url, "<h1>Create your account</h1>"));
    await signup.click();
    await page.getByRole("heading", { name: "Create your account" }).waitFor();
    expect(page.url()).toBe(site.url("/signup"));
  });
});
