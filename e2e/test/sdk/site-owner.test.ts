// What a website owner who integrates the SDK meets, driven in Chromium with a laptop's built-in
// authenticator: the errors a real site hits (an origin the tenant does not list, a wrong
// password, a token left to expire, the server down), a page left open for an hour that still
// signs in with one click (session-token-url), the seed's minimal embed protocol, `authkit:*`
// events on the host page for logins in the iframe, passkey autofill, and the languages.
import { createServer, type Server } from "node:net";
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
  registerWithApi,
  waitForEvent,
} from "@org/browser-testing";
import { startTestAuthServer, type RunningAuthServer } from "@org/auth-server/testing";

const SUITE = "site-owner";
let browser: Browser;
let auth: RunningAuthServer;
let site: PageServer;
/** Another site, on an origin the tenant does not list. */
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
  // Its users have passkeys, and some a password (password_login on).
  ({ apiKey } = await auth.tenant([site.origin], "Acme", {
    registrationAttachment: "any",
    passwordLogin: true,
  }));
});

afterAll(async () => {
  await Promise.all([browser?.close(), auth?.close(), site?.close(), stranger?.close()]);
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 480, height: 640 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context.close();
});

/** A page of the tenant with a passkey of `externalId` on this laptop. */
async function laptopWithPasskey(externalId: string) {
  const authenticator = await addVirtualAuthenticator(page);
  site.route("/", tenantPage(auth.url, ""));
  await page.goto(site.url("/"));
  await page.waitForFunction(() => window.AuthKit !== undefined);
  expect(
    await registerWithApi(page, auth.url, await auth.userToken(apiKey, externalId, "Ada")),
  ).toMatchObject({
    success: true,
  });
  return authenticator;
}

const signInElement = (attributes: string) =>
  `<authkit-authenticate data-watch api-base-url="${auth.url}" ${attributes}></authkit-authenticate>`;

describe("errors a site hits", () => {
  it("an origin the tenant does not list: configuration_error naming it, at once, from the element and the JS API", async () => {
    const problems = await watchProblems(page);
    const session = await auth.sessionToken(apiKey);
    stranger.route("/", tenantPage(auth.url, signInElement(`token="${session}" mode="passkey"`)));
    const started = Date.now();
    await page.goto(stranger.url("/"));
    const error = await waitForEvent(page, "authkit-authenticate", "error");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error.detail).toMatchObject({ code: "configuration_error" });
    expect((error.detail?.error as { message: string }).message).toContain(stranger.origin);
    await page.getByText("Sign-in isn't set up correctly on this site.").waitFor();
    expect(page.frames()).toHaveLength(1); // no iframe was opened
    await screenshot(page.locator(".slot"), SUITE, "wrong-origin-light");

    const viaApi = await page.evaluate(
      async ([url, token]) => new window.AuthKit({ apiBaseUrl: url, token }).passkey.authenticate(),
      [auth.url, session] as const,
    );
    expect(viaApi).toMatchObject({ success: false, error_code: "configuration_error" });
    expect(viaApi.success ? "" : viaApi.error).toContain(`${stranger.origin} is not an allowed origin`);
    // The browser reports the refused CORS request itself; nothing else may show.
    expect(problems.filter((problem) => !/CORS|Failed to load resource|ERR_FAILED/.test(problem))).toEqual(
      [],
    );
  });

  it("a wrong password: invalid_credentials, said as such", async () => {
    await auth.tenant([site.origin], "Passwords");
    site.route("/", tenantPage(auth.url, ""));
    await page.goto(site.url("/"));
    await page.waitForFunction(() => window.AuthKit !== undefined);
    await fetch(`${auth.url}/api/v1/users`, {
      method: "POST",
      headers: { "X-API-KEY": apiKey, "Content-Type": "application/json" },
      body: JSON.stringify({ externalId: "pw", username: "lin", password: "right password" }),
    });
    const result = await page.evaluate(
      async ([url, token]) => {
        const kit = new window.AuthKit({ apiBaseUrl: url, token, locale: "es" });
        // The instance loads Spanish in the background; describing an error in it waits for it,
        // as the README tells a page to (until then describeError answers in English).
        await window.AuthKit.loadLocale("es");
        const wrong = await kit.password.login({ username: "lin", password: "wrong password" });
        const described = wrong.success
          ? ""
          : window.AuthKit.describeError(
              new window.AuthKit.AuthKitError(wrong.error_code ?? "unknown", wrong.error),
              kit.getConfig(),
            );
        const right = await kit.password.login({ username: "lin", password: "right password" });
        return { wrong, described, right: right.success };
      },
      [auth.url, await auth.sessionToken(apiKey)] as const,
    );
    expect(result.wrong).toMatchObject({ success: false, error_code: "invalid_credentials" });
    expect(result.described).toBe("Usuario o contraseña incorrectos.");
    expect(result.right).toBe(true);
  });

  it("a session token left to expire: expired before the person clicks, and words a person understands", async () => {
    await laptopWithPasskey("late");
    const session = await auth.sessionToken(apiKey);
    auth.advance(16 * 60 * 1000);
    try {
      site.route("/late", tenantPage(auth.url, signInElement(`token="${session}" mode="passkey"`)));
      await page.goto(site.url("/late"));
      await waitForEvent(page, "authkit-authenticate", "expired");
      const error = await waitForEvent(page, "authkit-authenticate", "error");
      expect(error.detail).toMatchObject({ code: "challenge_expired" });
      await page.getByText("This page was open for too long. Reload it to continue.").waitFor();
      await screenshot(page.locator(".slot"), SUITE, "expired-token-light");
      // The site hands the element a fresh token on `expired`: sign-in works again.
      await page.evaluate(
        (token) => {
          (document.querySelector("authkit-authenticate") as HTMLElement & { token: string }).token = token;
        },
        await auth.sessionToken(apiKey),
      );
      await waitForEvent(page, "authkit-authenticate", "ready");
      await page
        .locator("authkit-authenticate iframe")
        .contentFrame()
        .getByRole("button", { name: "Sign in with Passkey" })
        .click();
      await waitForEvent(page, "authkit-authenticate", "success");
    } finally {
      auth.advance(-16 * 60 * 1000);
    }
  });

  it("the server down: server_unreachable within a second or two, not after the 30 s timeout", async () => {
    const closed: Server = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    site.route(
      "/down",
      tenantPage(
        auth.url,
        `<authkit-authenticate data-watch api-base-url="http://localhost:${port}" token="st_x"></authkit-authenticate>`,
      ),
    );
    const started = Date.now();
    await page.goto(site.url("/down"));
    const error = await waitForEvent(page, "authkit-authenticate", "error");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error.detail).toMatchObject({ code: "server_unreachable" });
    await page.getByText("Can't reach the sign-in service. Check your connection and try again.").waitFor();
    await expect(page.locator(".slot").innerText()).resolves.not.toMatch(/fetch|TypeError/);
  });

  it("no passkey on this laptop: says so and offers the phone, not 'cancelled'", async () => {
    await addVirtualAuthenticator(page);
    site.route(
      "/none",
      tenantPage(auth.url, signInElement(`token="${await auth.sessionToken(apiKey)}" mode="passkey"`)),
    );
    await page.goto(site.url("/none"));
    await waitForEvent(page, "authkit-authenticate", "ready");
    const frame = page.locator("authkit-authenticate iframe").contentFrame();
    await frame.getByRole("button", { name: "Sign in with Passkey" }).click();
    const error = await waitForEvent(page, "authkit-authenticate", "error");
    expect(error.detail).toMatchObject({ code: "credential_not_found" });
    await frame
      .getByText(
        "There's no passkey for this site on this device. Use your phone, or create a passkey first.",
      )
      .waitFor();
    await screenshot(page.locator(".slot"), SUITE, "no-passkey-light");
    await frame.getByRole("button", { name: "Sign in with your phone instead" }).click();
    await frame.getByText("Scan with your phone").waitFor();
    await screenshot(page.locator(".slot"), SUITE, "no-passkey-phone-light");
  });
});

describe("a page left open for an hour (session-token-url)", () => {
  it("fetches a fresh token before the old one expires and signs in with one click", async () => {
    await laptopWithPasskey("patient");
    let served = 0;
    site.route("/session-token", (_req, res) => {
      served += 1;
      void auth.sessionToken(apiKey).then((token) => {
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ token }));
      });
    });
    site.route(
      "/hour",
      tenantPage(auth.url, signInElement(`session-token-url="/session-token" mode="passkey"`)),
    );
    await page.clock.install();
    await page.goto(site.url("/hour"));
    await waitForEvent(page, "authkit-authenticate", "ready");
    expect(served).toBe(1);
    // An hour passes, for the page and for the server.
    auth.advance(60 * 60 * 1000);
    try {
      await page.clock.fastForward(60 * 60 * 1000);
      for (let waited = 0; served < 2 && waited < 5_000; waited += 100) await page.waitForTimeout(100);
      expect(served).toBeGreaterThanOrEqual(2);
      await page
        .locator("authkit-authenticate iframe")
        .contentFrame()
        .getByRole("button", { name: "Sign in with Passkey" })
        .click();
      const success = await waitForEvent(page, "authkit-authenticate", "success");
      expect((await auth.verifyAuth(apiKey, success.detail?.challengeId as string)).status).toBe(200);
      expect((await eventsOf(page)).filter((event) => event.name === "error")).toEqual([]);
    } finally {
      auth.advance(-60 * 60 * 1000);
    }
  });
});

describe("embeds", () => {
  it("the seed's minimal {type:'init', token} signs in from a page without the SDK", async () => {
    await laptopWithPasskey("minimal");
    const session = await auth.sessionToken(apiKey);
    site.route(
      "/bare",
      `<!doctype html><meta charset="utf-8"><title>Bare</title>
<iframe id="f" src="${auth.url}/auth-embed?origin=${encodeURIComponent(site.origin)}" allow="publickey-credentials-get *" style="width:360px;height:120px;border:0"></iframe>
<script>
  window.__messages = [];
  window.addEventListener("message", (e) => { if (e.origin === ${JSON.stringify(auth.url)}) window.__messages.push(e.data); });
  document.getElementById("f").addEventListener("load", (e) =>
    e.target.contentWindow.postMessage({ type: "init", token: ${JSON.stringify(session)} }, ${JSON.stringify(auth.url)}));
</script>`,
    );
    await page.goto(site.url("/bare"));
    const frame = page.locator("#f").contentFrame();
    await frame.getByRole("button", { name: "Sign in with Passkey" }).click();
    await page.waitForFunction(() =>
      (window as unknown as { __messages: { type: string }[] }).__messages.some((m) => m.type === "success"),
    );
    const messages = await page.evaluate(
      () => (window as unknown as { __messages: Record<string, unknown>[] }).__messages,
    );
    const success = messages.find((message) => message.type === "success") as {
      result: { challengeId: string };
    };
    expect(success.result).toMatchObject({
      challengeId: expect.any(String),
      user: { externalId: "minimal" },
    });
    expect((await auth.verifyAuth(apiKey, success.result.challengeId)).status).toBe(200);
  });

  it("authkit:* events fire on the host page's window for a login in the iframe, as for the JS API", async () => {
    await laptopWithPasskey("host-events");
    site.route(
      "/events",
      tenantPage(auth.url, signInElement(`token="${await auth.sessionToken(apiKey)}" mode="passkey"`)),
    );
    await page.goto(site.url("/events"));
    await waitForEvent(page, "authkit-authenticate", "ready");
    await page
      .locator("authkit-authenticate iframe")
      .contentFrame()
      .getByRole("button", { name: "Sign in with Passkey" })
      .click();
    const success = await waitForEvent(page, "authkit-authenticate", "success");
    await waitForEvent(page, "window", "authkit:auth:success");
    const onWindow = (await eventsOf(page)).filter((event) => event.source === "window");
    expect(onWindow.map((event) => event.name)).toEqual([
      "authkit:passkey:start",
      "authkit:passkey:success",
      "authkit:auth:success",
    ]);
    expect(onWindow[2]?.detail).toMatchObject({
      challengeId: success.detail?.challengeId,
      user: { externalId: "host-events" },
    });
  });
});

describe("passkey autofill", () => {
  it("signs in from the browser's autofill of the page's username field, with the autofill attribute", async () => {
    await laptopWithPasskey("autofill");
    site.route(
      "/autofill",
      tenantPage(
        auth.url,
        `<label>Email <input name="username" autocomplete="username webauthn"></label>
         ${signInElement(`token="${await auth.sessionToken(apiKey)}" autofill`)}`,
      ),
    );
    await page.goto(site.url("/autofill"));
    await page.getByLabel("Email").click();
    // Chromium's virtual authenticator answers a conditional request at once: the person's pick.
    const success = await waitForEvent(page, "authkit-authenticate", "success");
    expect(success.detail).toMatchObject({ user: { externalId: "autofill" } });
    expect((await auth.verifyAuth(apiKey, success.detail?.challengeId as string)).status).toBe(200);
  });
});

describe("languages", () => {
  it.each([
    ["de", "Passkey erstellen", "Mit Passkey anmelden"],
    ["fr", "Créer une passkey", "Se connecter avec une passkey"],
    ["es", "Crear llave de acceso", "Iniciar sesión con llave de acceso"],
    ["en", "Create Passkey", "Sign in with Passkey"],
  ])("%s: the lang attribute words every element (and the iframe)", async (lang, register, signIn) => {
    await addVirtualAuthenticator(page);
    site.route(
      `/${lang}`,
      tenantPage(
        auth.url,
        `<div lang="${lang}">
          <authkit-register api-base-url="${auth.url}" token="${await auth.userToken(apiKey, `lang-${lang}`)}"></authkit-register>
          <div style="height:12px"></div>
          ${signInElement(`token="${await auth.sessionToken(apiKey)}" mode="passkey"`)}
          <div style="height:12px"></div>
          <authkit-qr api-base-url="${auth.url}" token="${await auth.sessionToken(apiKey)}"></authkit-qr>
        </div>`,
      ),
    );
    await page.goto(site.url(`/${lang}`));
    await page.getByRole("button", { name: register }).waitFor();
    await waitForEvent(page, "authkit-authenticate", "ready");
    await page
      .locator("authkit-authenticate iframe")
      .contentFrame()
      .getByRole("button", { name: signIn })
      .waitFor();
    await screenshot(page.locator(".slot"), SUITE, `language-${lang}`);
  });

  it("messages override single sentences", async () => {
    site.route(
      "/wording",
      tenantPage(
        auth.url,
        `<authkit-register api-base-url="${auth.url}" token="ut_x" messages='{"registerLabel":"Set up Face ID"}'></authkit-register>`,
      ),
    );
    await page.goto(site.url("/wording"));
    await page.getByRole("button", { name: "Set up Face ID" }).waitFor();
  });
});
