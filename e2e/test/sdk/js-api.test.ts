import { createServer, type Server, type Socket } from "node:net";
import {
  addVirtualAuthenticator,
  launchChromium,
  servePages,
  type PageServer,
  type Browser,
  type BrowserContext,
  type Page,
  tenantPage,
  dismissPasskeyDialogs,
  eventsOf,
  registerWithApi,
} from "@org/browser-testing";
import { startTestAuthServer, type RunningAuthServer } from "@org/auth-server/testing";

let browser: Browser;
let auth: RunningAuthServer;
let site: PageServer;
let apiKey: string;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, auth, site] = await Promise.all([launchChromium(), startTestAuthServer(), servePages()]);
  ({ apiKey } = await auth.tenant([site.origin]));
  site.route("/", tenantPage(auth.url, ""));
});

afterAll(async () => {
  await Promise.all([browser?.close(), auth?.close(), site?.close()]);
});

beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
});

afterEach(async () => {
  await context.close();
});

/** Each account registered here is new: a second passkey of one account would need a step-up. */
let accounts = 0;
async function openWithPasskey(
  options: { prf?: boolean; userVerified?: boolean } = {},
  externalId = accounts++ ? `ada-${accounts}` : "ada",
) {
  const authenticator = await addVirtualAuthenticator(page, { prf: options.prf ?? false });
  await page.goto(site.url("/"));
  await page.waitForFunction(() => window.AuthKit !== undefined);
  const registered = await registerWithApi(
    page,
    auth.url,
    await auth.userToken(apiKey, externalId, "Ada"),
    options.prf,
  );
  expect(registered).toMatchObject({ success: true });
  if (options.userVerified === false) await authenticator.setUserVerified(false);
  return { authenticator, registered };
}

/** auth.passkey.authenticate() on the page, with the instance's own events recorded too. */
function authenticate(
  session: string,
  options: { prfSalt?: string; prf?: boolean } = {},
  config: { apiBaseUrl?: string; timeout?: number } = {},
) {
  return page.evaluate(
    async ([url, token, authOptions, timeout]) => {
      const kit = new window.AuthKit({ apiBaseUrl: url, token, ...(timeout ? { timeout } : {}) });
      const onInstance: string[] = [];
      for (const name of [
        "authkit:passkey:start",
        "authkit:passkey:success",
        "authkit:auth:success",
        "authkit:passkey:error",
        "authkit:auth:error",
      ] as const) {
        kit.on(name, () => onInstance.push(name));
      }
      const started = performance.now();
      const result = await kit.passkey.authenticate(authOptions);
      return { result, onInstance, ms: performance.now() - started };
    },
    [config.apiBaseUrl ?? auth.url, session, options, config.timeout ?? 0] as const,
  );
}

describe("auth.passkey.authenticate()", () => {
  it("signs in and fires authkit:passkey:start, authkit:passkey:success and authkit:auth:success", async () => {
    await openWithPasskey();
    const { result, onInstance } = await authenticate(await auth.sessionToken(apiKey));
    expect(result).toEqual({
      success: true,
      challengeId: expect.any(String),
      sessionToken: expect.stringMatching(/^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/),
      user: { id: expect.any(String), externalId: "ada", displayName: "Ada" },
    });
    const success = ["authkit:passkey:start", "authkit:passkey:success", "authkit:auth:success"];
    expect(onInstance).toEqual(success);
    const onWindow = (await eventsOf(page)).filter((event) => success.includes(event.name));
    expect(onWindow.map((event) => event.name)).toEqual(success);
    expect(onWindow[0]?.detail).toEqual({ timestamp: expect.any(Number) });
    expect(onWindow[2]?.detail).toEqual({
      challengeId: result.success ? result.challengeId : "",
      sessionToken: result.success ? result.sessionToken : "",
      user: expect.objectContaining({ externalId: "ada" }),
    });
  });

  it("returns the PRF output (base64url, the same for the same salt) with a PRF-capable authenticator", async () => {
    const { registered } = await openWithPasskey({ prf: true });
    expect(registered).toMatchObject({ success: true, capabilities: { prf: true } });
    const prfSalt = "c2FsdC1mb3ItdGhlLWUyZS1rZXk"; // base64url of "salt-for-the-e2e-key"
    const first = await authenticate(await auth.sessionToken(apiKey), { prfSalt });
    const second = await authenticate(await auth.sessionToken(apiKey), { prfSalt });
    expect(first.result).toMatchObject({
      success: true,
      prfOutput: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      capabilities: { prf: true },
    });
    expect(second.result).toMatchObject({
      prfOutput: first.result.success ? first.result.prfOutput : "none",
    });
    // The caller's own salt never reaches the server, and neither does that output.
    const challengeId = first.result.success ? (first.result.challengeId as string) : "";
    expect((await auth.verifyAuth(apiKey, challengeId)).body.prfResult).toBeUndefined();
  });

  it("hands the output of the tenant's salt to verify-auth with prf: true", async () => {
    await openWithPasskey({ prf: true });
    const { result } = await authenticate(await auth.sessionToken(apiKey), { prf: true });
    expect(result).toMatchObject({
      success: true,
      prfOutput: expect.any(String),
      capabilities: { prf: true },
    });
    const verified = await auth.verifyAuth(apiKey, result.success ? (result.challengeId as string) : "");
    expect(verified.body.prfResult).toBe(result.success ? result.prfOutput : "none");
  });

  it("has no PRF output, and capabilities.prf false, without PRF support", async () => {
    await openWithPasskey({ prf: false });
    const { result } = await authenticate(await auth.sessionToken(apiKey), { prfSalt: "c2FsdA" });
    expect(result).toEqual({
      success: true,
      challengeId: expect.any(String),
      sessionToken: expect.stringMatching(/^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/),
      user: expect.any(Object),
      capabilities: { prf: false },
    });
  });

  it("gives credential_not_found when this device holds no passkey for the site", async () => {
    await addVirtualAuthenticator(page);
    await page.goto(site.url("/"));
    await page.waitForFunction(() => window.AuthKit !== undefined);
    const { result } = await authenticate(await auth.sessionToken(apiKey));
    expect(result).toEqual({
      success: false,
      error_code: "credential_not_found",
      error: "No passkey for this site on this device.",
    });
    // German is a lazy chunk: a page that describes errors in it without an element or an AuthKit
    // instance of that locale loads it first, as the README says.
    const described = await page.evaluate(
      async ([code, error]) => {
        await window.AuthKit.loadLocale("de");
        return ["en", "de"].map((locale) =>
          window.AuthKit.describeError(new window.AuthKit.AuthKitError(code, error), { locale }),
        );
      },
      [
        result.success ? "unknown" : (result.error_code ?? "unknown"),
        result.success ? "" : result.error,
      ] as const,
    );
    expect(described).toEqual([
      "There's no passkey for this site on this device. Use your phone, or create a passkey first.",
      "Auf diesem Gerät gibt es keinen Passkey für diese Website. Verwenden Sie Ihr Smartphone oder erstellen Sie zuerst einen Passkey.",
    ]);
  });

  it("gives user_cancelled when the person closes the passkey dialog", async () => {
    await openWithPasskey();
    await dismissPasskeyDialogs(page);
    await page.reload();
    await page.waitForFunction(() => window.AuthKit !== undefined);
    const { result, onInstance } = await authenticate(await auth.sessionToken(apiKey));
    expect(result).toEqual({ success: false, error_code: "user_cancelled", error: expect.any(String) });
    expect(onInstance).toEqual(["authkit:passkey:start", "authkit:passkey:error", "authkit:auth:error"]);
    const error = (await eventsOf(page)).find((event) => event.name === "authkit:auth:error");
    expect(error?.detail).toMatchObject({
      code: "user_cancelled",
      error: { name: "AuthKitError", code: "user_cancelled" },
    });
  });

  it("gives server_unreachable within `timeout` when the server does not answer", async () => {
    // A server that accepts connections and never answers.
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      await page.goto(site.url("/"));
      await page.waitForFunction(() => window.AuthKit !== undefined);
      const { result, ms } = await authenticate(
        "st_x",
        {},
        { apiBaseUrl: `http://localhost:${port}`, timeout: 700 },
      );
      expect(result).toEqual({
        success: false,
        error_code: "server_unreachable",
        error: "The server did not answer within 700 ms.",
      });
      expect(ms).toBeGreaterThanOrEqual(650);
      expect(ms).toBeLessThan(3000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe("auth.passkey.register()", () => {
  it("asks the browser to forget the new credential when the server refuses it (Signal API)", async () => {
    const authenticator = await addVirtualAuthenticator(page);
    await page.goto(site.url("/"));
    await page.waitForFunction(() => window.AuthKit !== undefined);
    await page.route(`${auth.url}/auth/v1/register/finish`, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        headers: { "Access-Control-Allow-Origin": site.origin, "Access-Control-Allow-Credentials": "true" },
        body: JSON.stringify({ success: false, error_code: "server_error", error: "Boom." }),
      }),
    );
    const result = await registerWithApi(page, auth.url, await auth.userToken(apiKey, "bob"));
    expect(result).toEqual({ success: false, error_code: "server_error", error: "Boom." });
    const supported = await page.evaluate(
      () =>
        typeof (PublicKeyCredential as unknown as { signalUnknownCredential?: unknown })
          .signalUnknownCredential === "function",
    );
    expect(supported).toBe(true); // Chromium 132+
    await expect(authenticator.credentials()).resolves.toEqual([]);
  });

  it("keeps the new credential when no answer comes back: the server may have stored it", async () => {
    const authenticator = await addVirtualAuthenticator(page);
    await page.goto(site.url("/"));
    await page.waitForFunction(() => window.AuthKit !== undefined);
    await page.route(`${auth.url}/auth/v1/register/finish`, (route) => route.abort("connectionreset"));
    const result = await registerWithApi(page, auth.url, await auth.userToken(apiKey, "carol"));
    expect(result).toMatchObject({ success: false, error_code: "server_unreachable" });
    await expect(authenticator.credentials()).resolves.toHaveLength(1);
  });
});
