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
  eventsOf,
  openPhone,
  registerWithApi,
  scanQr,
  waitForEvent,
} from "@org/browser-testing";
import { startTestAuthServer, type RunningAuthServer } from "@org/auth-server/testing";

const SUITE = "passkey-components";
let browser: Browser;
let auth: RunningAuthServer;
let site: PageServer;
let apiKey: string;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, auth, site] = await Promise.all([launchChromium(), startTestAuthServer(), servePages()]);
  ({ apiKey } = await auth.tenant([site.origin], "Acme", { registrationAttachment: "auto" }));
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

/** Records what the page asks the browser for in navigator.credentials.create(). */
async function recordCreateCalls() {
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { __creates: unknown[] }).__creates = calls;
    const create = navigator.credentials.create.bind(navigator.credentials);
    navigator.credentials.create = (options?: CredentialCreationOptions) => {
      const publicKey = options?.publicKey as
        (PublicKeyCredentialCreationOptions & { hints?: string[] }) | undefined;
      calls.push({ selection: publicKey?.authenticatorSelection ?? null, hints: publicKey?.hints ?? null });
      return create(options);
    };
  });
}
const createCalls = () =>
  page.evaluate(
    () =>
      (window as unknown as { __creates: { selection: AuthenticatorSelectionCriteria; hints: string[] }[] })
        .__creates,
  );

/** The register/start answer the page gets next. */
const nextRegisterStart = () =>
  page
    .waitForResponse((response) => response.url().endsWith("/auth/v1/register/start"))
    .then((response) => response.json() as Promise<Record<string, unknown>>);

const registerElement = (token: string, attributes = "") =>
  `<authkit-register data-watch api-base-url="${auth.url}" token="${token}" name="Ada's key" ${attributes}></authkit-register>`;

describe("authkit-register", () => {
  it("creates the passkey on the laptop's own authenticator for a tenant with registration_attachment any, asking for no kind", async () => {
    const authenticator = await addVirtualAuthenticator(page);
    const problems = await watchProblems(page);
    await recordCreateCalls();
    const { apiKey: anyKey } = await auth.tenant([site.origin], "Laptop-first", {
      registrationAttachment: "any",
    });
    await open(registerElement(await auth.userToken(anyKey, "ada", "Ada Lovelace")));

    const detected = await waitForEvent(page, "authkit-register", "mode-detected");
    expect(detected.detail).toEqual({ mode: "passkey", reason: "desktop_platform" });
    await screenshot(page.locator(".slot"), SUITE, "register-idle-light");
    const started = nextRegisterStart();
    await page.getByRole("button", { name: "Create Passkey" }).click();
    expect(await started).toMatchObject({
      attachmentPolicy: "any",
      options: { hints: ["client-device", "hybrid", "security-key"] },
    });

    const success = await waitForEvent(page, "authkit-register", "success");
    expect(success.detail).toEqual({
      passkeyId: expect.any(String),
      user: { id: expect.any(String), externalId: "ada", displayName: "Ada Lovelace" },
    });
    const [call] = await createCalls();
    expect(call?.selection.authenticatorAttachment).toBeUndefined();
    expect(call?.hints).toEqual(["client-device", "hybrid", "security-key"]);
    const credentials = await authenticator.credentials();
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ rpId: "localhost", isResidentCredential: true });
    await page.getByText("Passkey created. You can now sign in with it.").waitFor();
    await screenshot(page.locator(".slot"), SUITE, "register-success-light");
    expect(problems).toEqual([]);
  });

  it('authenticator-attachment="platform" beats the detection of an auto tenant', async () => {
    const authenticator = await addVirtualAuthenticator(page);
    await recordCreateCalls();
    await open(
      registerElement(await auth.userToken(apiKey, "attr-platform"), 'authenticator-attachment="platform"'),
    );
    await waitForEvent(page, "authkit-register", "mode-detected");
    const started = nextRegisterStart();
    await page.getByRole("button", { name: "Create Passkey" }).click();
    expect(await started).not.toHaveProperty("attachmentPolicy");
    await waitForEvent(page, "authkit-register", "success");
    expect((await createCalls())[0]?.selection.authenticatorAttachment).toBe("platform");
    expect(await authenticator.credentials()).toHaveLength(1);
  });

  it("a tenant's platform policy beats the element's cross-platform attribute", async () => {
    const authenticator = await addVirtualAuthenticator(page);
    await recordCreateCalls();
    const { apiKey: platformKey } = await auth.tenant([site.origin], "This-device-only", {
      registrationAttachment: "platform",
    });
    await open(
      registerElement(
        await auth.userToken(platformKey, "policy-wins"),
        'authenticator-attachment="cross-platform"',
      ),
    );
    await waitForEvent(page, "authkit-register", "mode-detected");
    const started = nextRegisterStart();
    await page.getByRole("button", { name: "Create Passkey" }).click();
    expect(await started).toMatchObject({
      attachmentPolicy: "platform",
      options: { authenticatorSelection: { authenticatorAttachment: "platform" }, hints: ["client-device"] },
    });
    await waitForEvent(page, "authkit-register", "success");
    expect((await createCalls())[0]?.selection.authenticatorAttachment).toBe("platform");
    expect(await authenticator.credentials()).toHaveLength(1);
  });

  it("creates the passkey on a security key (auto tenant, no platform authenticator: cross-platform)", async () => {
    const key = await addVirtualAuthenticator(page, { transport: "usb" });
    await recordCreateCalls();
    await open(registerElement(await auth.userToken(apiKey, "key-owner")));
    const detected = await waitForEvent(page, "authkit-register", "mode-detected");
    expect(detected.detail).toEqual({ mode: "passkey", reason: "chromium_native_qr" });
    await page.getByRole("button", { name: "Create Passkey" }).click();
    await waitForEvent(page, "authkit-register", "success");
    expect((await createCalls())[0]?.selection.authenticatorAttachment).toBe("cross-platform");
    expect(await key.credentials()).toHaveLength(1);
  });

  it("offers the phone while the prompt waits for a kind this laptop lacks; the phone creates the passkey by QR", async () => {
    // An auto tenant on a laptop: the seed's detection asks for cross-platform, which the
    // built-in authenticator never answers.
    const laptop = await addVirtualAuthenticator(page);
    const problems = await watchProblems(page);
    await open(registerElement(await auth.userToken(apiKey, "grace", "Grace Hopper")));
    await waitForEvent(page, "authkit-register", "mode-detected");
    await page.getByRole("button", { name: "Create Passkey" }).click();
    await page.getByText("Use your security key or phone: follow your browser's prompt…").waitFor();
    await screenshot(page.locator(".slot"), SUITE, "register-waiting-light");
    await page.getByRole("button", { name: "Use your phone instead" }).click();

    const mobileUrl = await scanQr(page.locator("authkit-register").locator("img[part=qr-image]"));
    await screenshot(page, SUITE, "register-phone-instead-light");
    const { page: mobile } = await openPhone(browser);
    await mobile.goto(mobileUrl);
    await mobile.getByRole("heading", { name: "Create a passkey on this phone?" }).waitFor();
    await mobile.getByRole("button", { name: "Create passkey" }).click();
    const success = await waitForEvent(page, "authkit-register", "success");
    expect(success.detail).toMatchObject({ passkeyId: expect.any(String), user: { externalId: "grace" } });
    await page.getByText("Passkey created on your phone.").waitFor();
    expect(await laptop.credentials()).toHaveLength(0);
    const errors = (await eventsOf(page)).filter((event) => event.name === "error");
    expect(errors).toEqual([]);
    expect(problems).toEqual([]);
    await mobile.context().close();
  });
});

describe("authkit-authenticate", () => {
  it("signs in through the /auth-embed iframe; the tenant backend's verify-auth returns the user", async () => {
    const authenticator = await addVirtualAuthenticator(page);
    const problems = await watchProblems(page);
    await open("");
    // (Another account than the QR test's Grace: hers has a passkey, and a second needs a step-up.)
    await registerWithApi(page, auth.url, await auth.userToken(apiKey, "grace-embed", "Grace Hopper"));
    expect(await authenticator.credentials()).toHaveLength(1);

    const session = await auth.sessionToken(apiKey);
    await open(
      `<authkit-authenticate data-watch api-base-url="${auth.url}" token="${session}" mode="passkey"></authkit-authenticate>`,
    );
    await waitForEvent(page, "authkit-authenticate", "ready");
    const frame = page.locator("authkit-authenticate iframe");
    expect(await frame.getAttribute("src")).toBe(
      `${auth.url}/auth-embed?origin=${encodeURIComponent(site.origin)}&lang=en`,
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
      // The iframe's login hands its signed session token to the page, for the page's server.
      sessionToken: expect.stringMatching(/^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/),
      user: { id: expect.any(String), externalId: "grace-embed", displayName: "Grace Hopper" },
    });
    await screenshot(page.locator(".slot"), SUITE, "authenticate-success-light");

    const verified = await auth.verifyAuth(apiKey, success.detail?.challengeId as string);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      user: { externalId: "grace-embed", displayName: "Grace Hopper" },
      method: "passkey",
    });
    expect(problems).toEqual([]);
  });
});
