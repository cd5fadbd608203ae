// The errors of the SDK README's table that a site or its users cause and that other suites do not
// drive in a browser: an rp_id that does not cover the page, a token the server does not know, a
// disabled user (through the tenant API), too many wrong passwords, and a server whose database is
// away (503); the site's own token URLs failing (a 404 typo, a signed-out page's 401, a 429, the auth
// server down or its database away behind them). Each: the right AuthKitErrorCode within one
// request, words a person understands (never the server's or an exception's text), and "Try again"
// only where it can help. Self-contained, so it can move with the SDK tests.
import { createServer } from "node:net";
import { createTestDatabase, dropDatabase, type TestDatabase } from "@org/db/testing";
import {
  addVirtualAuthenticator,
  launchChromium,
  screenshot,
  servePages,
  type PageServer,
  type Browser,
  type BrowserContext,
  type Page,
  tenantPage,
  registerWithApi,
  waitForEvent,
} from "@org/browser-testing";
import { createTenant, startTestAuthServer, type RunningAuthServer } from "@org/auth-server/testing";

const SUITE = "error-mappings";
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
  context = await browser.newContext({ viewport: { width: 480, height: 640 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context.close();
});

async function open(path: string, body: string, server = auth) {
  site.route(path, tenantPage(server.url, body));
  await page.goto(site.url(path));
  await page.waitForFunction(() => window.AuthKit !== undefined);
}

const signInElement = (token: string, server = auth) =>
  `<authkit-authenticate data-watch api-base-url="${server.url}" token="${token}" mode="passkey"></authkit-authenticate>`;

/** The JS API's passkey sign-in on the page, with what a person would read for its error. */
const signInWithApi = (server: RunningAuthServer, token: string) =>
  page.evaluate(
    async ([url, sessionToken]) => {
      const kit = new window.AuthKit({ apiBaseUrl: url, token: sessionToken });
      const started = Date.now();
      const result = await kit.passkey.authenticate();
      const error = result.success
        ? undefined
        : new window.AuthKit.AuthKitError(result.error_code ?? "unknown", result.error, {
            ...(result.retryAfter === undefined ? {} : { retryAfter: result.retryAfter }),
          });
      return {
        result,
        ms: Date.now() - started,
        described: error ? window.AuthKit.describeError(error, kit.getConfig()) : "",
      };
    },
    [server.url, token] as const,
  );

describe("the site's setup", () => {
  it("an rp_id that does not cover the page: configuration_error naming the rp_id, from the element and the JS API", async () => {
    await addVirtualAuthenticator(page);
    const { apiKey: otherRpKey } = await createTenant({
      db: auth.database.db,
      name: "Wrong rp_id",
      rpId: "example.com",
      origins: [site.origin],
    });
    const session = await auth.sessionToken(otherRpKey);
    await open("/rp", signInElement(session));
    await waitForEvent(page, "authkit-authenticate", "ready");
    const frame = page.locator("authkit-authenticate iframe").contentFrame();
    await frame.getByRole("button", { name: "Sign in with Passkey" }).click();
    const error = await waitForEvent(page, "authkit-authenticate", "error");
    expect(error.detail).toMatchObject({ code: "configuration_error" });
    expect((error.detail?.error as { message: string }).message).toContain('"example.com"');
    await frame.getByText("Sign-in isn't set up correctly on this site.").waitFor();
    await screenshot(page.locator(".slot"), SUITE, "rp-id-mismatch-light");

    const viaApi = await signInWithApi(auth, await auth.sessionToken(otherRpKey));
    expect(viaApi.result).toMatchObject({ success: false, error_code: "configuration_error" });
    expect(viaApi.result.success ? "" : viaApi.result.error).toContain('"example.com"');
    expect(viaApi.described).toBe("Sign-in isn't set up correctly on this site.");
  });

  it("a session token the server does not know: configuration_error before the person clicks", async () => {
    // Said after one request to the auth server (no iframe, no timeout): counted, not timed, so
    // a loaded machine cannot fail it.
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin === new URL(auth.url).origin && !url.pathname.startsWith("/sdk/")) {
        asked.push(`${request.method()} ${url.pathname}`);
      }
    });
    await open("/unknown-token", signInElement("st_not-a-token-the-server-issued"));
    const error = await waitForEvent(page, "authkit-authenticate", "error", 20_000);
    expect(asked.filter((request) => !request.startsWith("OPTIONS"))).toEqual(["GET /auth/v1/session-token"]);
    expect(error.detail).toMatchObject({ code: "configuration_error" });
    await page.getByText("Sign-in isn't set up correctly on this site.").waitFor();
    // No sign-in frame, so no passkey button that could not work.
    expect(page.frames()).toHaveLength(1);
    const text = await page.locator(".slot").innerText();
    expect(text).not.toMatch(/unauthenticated|token|Error/);
  });

  it("password sign-in on a tenant whose password_login is off: configuration_error with the server's reason", async () => {
    // The tenant made in beforeAll keeps the default (password_login off).
    await open("/password-off", "");
    const result = await page.evaluate(
      async ([url, token]) => {
        const kit = new window.AuthKit({ apiBaseUrl: url, token });
        const answer = await kit.password.login({ username: "gus", password: "a guess" });
        return {
          answer,
          described: answer.success
            ? ""
            : window.AuthKit.describeError(
                new window.AuthKit.AuthKitError(answer.error_code ?? "unknown", answer.error),
                kit.getConfig(),
              ),
        };
      },
      [auth.url, await auth.sessionToken(apiKey)] as const,
    );
    expect(result.answer).toMatchObject({ success: false, error_code: "configuration_error" });
    expect(result.answer.success ? "" : result.answer.error).toContain("password_login");
    expect(result.described).toBe("Sign-in isn't set up correctly on this site.");
  });
});

describe("the site's users", () => {
  it("a user the tenant disabled (tenant API): user_disabled, 'This account has been disabled.'", async () => {
    await addVirtualAuthenticator(page);
    await open("/", "");
    const registered = await registerWithApi(page, auth.url, await auth.userToken(apiKey, "dora", "Dora"));
    expect(registered).toMatchObject({ success: true });
    const disabled = await fetch(`${auth.url}/api/v1/users/dora/disable`, {
      method: "POST",
      headers: { "X-API-KEY": apiKey },
    });
    expect(disabled.status).toBe(200);

    await open("/disabled", signInElement(await auth.sessionToken(apiKey)));
    await waitForEvent(page, "authkit-authenticate", "ready");
    const frame = page.locator("authkit-authenticate iframe").contentFrame();
    await frame.getByRole("button", { name: "Sign in with Passkey" }).click();
    const error = await waitForEvent(page, "authkit-authenticate", "error");
    expect(error.detail).toMatchObject({ code: "user_disabled" });
    await frame.getByText("This account has been disabled.").waitFor();
    await screenshot(page.locator(".slot"), SUITE, "user-disabled-light");

    const viaApi = await signInWithApi(auth, await auth.sessionToken(apiKey));
    expect(viaApi.result).toMatchObject({ success: false, error_code: "user_disabled" });
    expect(viaApi.described).toBe("This account has been disabled.");
  });

  it("too many wrong passwords: rate_limited with retryAfter, said with the seconds to wait", async () => {
    // A server that allows two failed logins a minute per account and IP.
    const strict = await startTestAuthServer({ RATE_LIMIT_LOGIN_PER_MINUTE: "2" });
    try {
      const { apiKey: strictKey } = await strict.tenant([site.origin], "Strict", { passwordLogin: true });
      const created = await fetch(`${strict.url}/api/v1/users`, {
        method: "POST",
        headers: { "X-API-KEY": strictKey, "Content-Type": "application/json" },
        body: JSON.stringify({ externalId: "guessed", username: "gus", password: "the right one" }),
      });
      expect(created.status).toBeLessThan(300);
      await open("/passwords", "", strict);
      const attempts = await page.evaluate(
        async ([url, token]) => {
          const kit = new window.AuthKit({ apiBaseUrl: url, token });
          const results = [];
          for (let i = 0; i < 3; i++) {
            const result = await kit.password.login({ username: "gus", password: `guess ${i}` });
            results.push({
              result,
              described: result.success
                ? ""
                : window.AuthKit.describeError(
                    new window.AuthKit.AuthKitError(result.error_code ?? "unknown", result.error, {
                      ...(result.retryAfter === undefined ? {} : { retryAfter: result.retryAfter }),
                    }),
                    kit.getConfig(),
                  ),
            });
          }
          return results;
        },
        [strict.url, await strict.sessionToken(strictKey)] as const,
      );
      expect(attempts.map(({ result }) => (result.success ? "signed in" : result.error_code))).toEqual([
        "invalid_credentials",
        "invalid_credentials",
        "rate_limited",
      ]);
      const limited = attempts[2]?.result;
      const retryAfter = limited && !limited.success ? limited.retryAfter : undefined;
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(attempts[2]?.described).toBe(`Too many attempts. Try again in ${retryAfter} seconds.`);
    } finally {
      await strict.close();
    }
  });
});

/** A loopback port nothing listens on (an auth server that is down). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const tokenUrlElement = (apiBaseUrl: string, url = "/session-token") =>
  `<authkit-authenticate data-watch api-base-url="${apiBaseUrl}" session-token-url="${url}" mode="passkey"></authkit-authenticate>`;

const retryButton = (element: string) => page.locator(element).getByRole("button", { name: "Try again" });

describe("the site's token URLs", () => {
  it("a 404 session-token-url: token_url_failed naming the attribute and status, no 'Try again'", async () => {
    await open("/typo", tokenUrlElement(auth.url, "/sesion-token"));
    const error = await waitForEvent(page, "authkit-authenticate", "error");
    expect(error.detail).toMatchObject({
      code: "token_url_failed",
      error: { detail: { attribute: "session-token-url", status: 404 } },
    });
    await page.getByText("Something went wrong on this site. Reload the page, or tell the site.").waitFor();
    expect(await retryButton("authkit-authenticate").count()).toBe(0);
    await screenshot(page.locator(".slot"), SUITE, "token-url-404-light");
  });

  it("a signed-out page's assertion-url (401): token_url_failed, 'You're signed out of this site', no 'Try again'", async () => {
    site.route("/passkey-token", (_req, res) => {
      res.writeHead(401, { "Content-Type": "application/json" }).end('{"error":"not signed in"}');
    });
    await open(
      "/signed-out",
      `<authkit-passkeys data-watch api-base-url="${auth.url}" assertion-url="/passkey-token"></authkit-passkeys>`,
    );
    const error = await waitForEvent(page, "authkit-passkeys", "error");
    expect(error.detail).toMatchObject({
      code: "token_url_failed",
      error: { detail: { attribute: "assertion-url", status: 401 } },
    });
    await page.getByText("You're signed out of this site. Sign in again.").waitFor();
    expect(await retryButton("authkit-passkeys").count()).toBe(0);
  });

  it("a token URL answering 429: rate_limited with its Retry-After, said with the seconds", async () => {
    site.route("/limited-token", (_req, res) => {
      res.writeHead(429, { "Content-Type": "application/json", "Retry-After": "20" }).end("{}");
    });
    await open("/limited", tokenUrlElement(auth.url, "/limited-token"));
    const error = await waitForEvent(page, "authkit-authenticate", "error");
    expect(error.detail).toMatchObject({ code: "rate_limited", error: { retryAfter: 20 } });
    await page.getByText("Too many attempts. Try again in 20 seconds.").waitFor();
    await retryButton("authkit-authenticate").waitFor();
  });

  it("the auth server down behind the token URL (the site answers 500): server_unreachable, with 'Try again'", async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    site.route("/down-token", (_req, res) => {
      // What the README's server does when its call to the auth server fails: next(error).
      res.writeHead(500, { "Content-Type": "text/html" }).end("<pre>Error: fetch failed</pre>");
    });
    const started = Date.now();
    await open("/auth-down", tokenUrlElement(down, "/down-token"));
    const error = await waitForEvent(page, "authkit-authenticate", "error");
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(error.detail).toMatchObject({
      code: "server_unreachable",
      error: { detail: { attribute: "session-token-url", status: 500 } },
    });
    await page.getByText("Can't reach the sign-in service. Check your connection and try again.").waitFor();
    await retryButton("authkit-authenticate").waitFor();
    await screenshot(page.locator(".slot"), SUITE, "token-url-auth-down-light");
  });
});

describe("the server", () => {
  it("its database away (503 service_unavailable): server_unreachable with retryAfter, from the element and the JS API", async () => {
    const database: TestDatabase = await createTestDatabase();
    const down = await startTestAuthServer({}, { database });
    try {
      const { apiKey: downKey } = await down.tenant([site.origin], "Soon down");
      const session = await down.sessionToken(downKey);
      // PostgreSQL loses the server's database under it (every connection ends, none can be made).
      await dropDatabase(database.name);

      await open("/db-down-api", "", down);
      const viaApi = await signInWithApi(down, session);
      expect(viaApi.result).toMatchObject({ success: false, error_code: "server_unreachable" });
      const retryAfter = viaApi.result.success ? undefined : viaApi.result.retryAfter;
      expect(retryAfter).toBeGreaterThan(0);
      expect(viaApi.ms).toBeLessThan(5_000);
      expect(viaApi.described).toBe("Can't reach the sign-in service. Check your connection and try again.");

      await open("/db-down", signInElement(session, down), down);
      const error = await waitForEvent(page, "authkit-authenticate", "error");
      expect(error.detail).toMatchObject({ code: "server_unreachable" });
      await page.getByText("Can't reach the sign-in service. Check your connection and try again.").waitFor();
      await expect(page.locator(".slot").innerText()).resolves.not.toMatch(/database|Prisma|Error/);
      await screenshot(page.locator(".slot"), SUITE, "database-away-light");

      // The same outage behind the site's session-token-url: its server's call fails with the
      // auth server's 503 and it answers 500; the element asks the auth server itself, once.
      site.route("/db-down-token", (_req, res) => {
        void fetch(`${down.url}/api/v1/session-token`, {
          method: "POST",
          headers: { "X-API-KEY": downKey },
        }).then(
          async (answer) => {
            if (!answer.ok) return void res.writeHead(500).end();
            const { token } = (await answer.json()) as { token: string };
            res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ token }));
          },
          () => res.writeHead(500).end(),
        );
      });
      await open("/db-down-url", tokenUrlElement(down.url, "/db-down-token"), down);
      const behind = await waitForEvent(page, "authkit-authenticate", "error");
      expect(behind.detail).toMatchObject({
        code: "server_unreachable",
        error: { detail: { attribute: "session-token-url", status: 500 } },
      });
      expect((behind.detail?.error as { retryAfter?: number }).retryAfter).toBeGreaterThan(0);
      await page.getByText("Can't reach the sign-in service. Check your connection and try again.").waitFor();
      await retryButton("authkit-authenticate").waitFor();
    } finally {
      await down.close();
      await database.db.$disconnect().catch(() => undefined);
    }
  });
});
