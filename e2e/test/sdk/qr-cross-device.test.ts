// Cross-device sign-in and registration with two browsers: a desktop page on a tenant's origin
// showing the QR code, and a phone (mobile user agent, its own virtual authenticator) that reads
// the code's pixels and opens the URL it holds on the auth server.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createTestDatabase } from "@org/db/testing";
import {
  launchChromium,
  screenshot,
  servePages,
  type PageServer,
  type Browser,
  type BrowserContext,
  type Frame,
  type FrameLocator,
  type Page,
  tenantPage,
  DESKTOP_USER_AGENT,
  openPhone,
  registerWithApi,
  scanQr,
  waitForEvent,
} from "@org/browser-testing";
import { startTestAuthServer, type RunningAuthServer } from "@org/auth-server/testing";

const SUITE = "qr";
const redisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
let browser: Browser;
let auth: RunningAuthServer;
let site: PageServer;
let apiKey: string;
const contexts: BrowserContext[] = [];

/** The tenant's backend: `POST /verify {challengeId}` asks the auth server who signed in (verify-auth). */
function tenantBackend(server: () => RunningAuthServer, key: () => string) {
  return (req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const { challengeId } = JSON.parse(raw) as { challengeId: string };
      void server()
        .verifyAuth(key(), challengeId)
        .then(({ status, body }) =>
          res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body)),
        );
    });
  };
}

beforeAll(async () => {
  [browser, auth, site] = await Promise.all([launchChromium(), startTestAuthServer(), servePages()]);
  ({ apiKey } = await auth.tenant([site.origin], "Acme"));
  site.route(
    "/verify",
    tenantBackend(
      () => auth,
      () => apiKey,
    ),
  );
  site.route("/", tenantPage(auth.url, ""));
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await Promise.all([browser?.close(), auth?.close(), site?.close()]);
});

/** A desktop browser on the tenant's page `path` (body: the components), counting status polls. */
async function openDesktop(path: string, body: string, server = auth) {
  const context = await browser.newContext({
    viewport: { width: 520, height: 640 },
    userAgent: DESKTOP_USER_AGENT,
  });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const polls: string[] = [];
  page.on("request", (request) => {
    if (/\/auth\/v1\/qr\/[^/]+\/status$/.test(request.url())) polls.push(request.url());
  });
  site.route(path, tenantPage(server.url, body));
  return { context, page, polls };
}

async function phone(colorScheme: "light" | "dark" = "light") {
  const opened = await openPhone(browser, colorScheme);
  opened.page.setDefaultTimeout(10_000);
  contexts.push(opened.context);
  return opened;
}

/** A phone that already holds a passkey for `externalId` (registered on the tenant's page). */
async function phoneWithPasskey(externalId: string, server = auth, key = apiKey) {
  const opened = await phone();
  await opened.page.goto(site.url("/"));
  await opened.page.waitForFunction(() => window.AuthKit !== undefined);
  const registered = await registerWithApi(
    opened.page,
    server.url,
    await server.userToken(key, externalId, "Ada"),
  );
  expect(registered).toMatchObject({ success: true });
  return opened;
}

/** The page's tenant backend confirms the login, as a real integration does after `success`. */
const verifyOnBackend = (page: Page, challengeId: string) =>
  page.evaluate(async (id) => {
    const response = await fetch("/verify", { method: "POST", body: JSON.stringify({ challengeId: id }) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }, challengeId);

const qrImage = (scope: Page | FrameLocator | Frame) => scope.getByRole("img", { name: /QR code/ });

describe("QR registration, then QR login", () => {
  it("creates the passkey on the phone from authkit-register (assertion-url, /register-embed), then signs in with it from authkit-authenticate; verify-auth confirms; statuses come over socket.io", async () => {
    const externalId = `grace-${randomUUID()}`;
    site.route("/assertion", (_req, res) => {
      void auth.userToken(apiKey, externalId, "Grace Hopper").then((userToken) => {
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ userToken }));
      });
    });
    const desktop = await openDesktop(
      "/register-qr",
      `<authkit-register data-watch api-base-url="${auth.url}" assertion-url="/assertion" mode="qr" name="Grace's phone"></authkit-register>`,
    );
    await desktop.page.goto(site.url("/register-qr"));
    await desktop.page.getByRole("button", { name: "Create Passkey via QR Code" }).click();
    const embed = desktop.page.locator("authkit-register iframe").contentFrame();
    const mobileUrl = await scanQr(qrImage(embed));
    expect(mobileUrl).toMatch(new RegExp(`^${auth.url}/qr\\?lang=en#[A-Za-z0-9_-]{43}$`));
    await screenshot(desktop.page, SUITE, "desktop-register-qr");

    const { page: mobile } = await phone();
    await mobile.goto(mobileUrl);
    await mobile.getByRole("heading", { name: "Create a passkey on this phone?" }).waitFor();
    const facts = mobile.locator(".facts");
    await expect(facts.textContent()).resolves.toContain("Acme");
    await expect(facts.textContent()).resolves.toContain(site.origin);
    // Nothing the requesting browser said about itself is shown (a relaying attacker chooses that).
    await expect(facts.textContent()).resolves.not.toContain("Chrome");
    // Both contexts reach the server from this machine: the same network, no warning.
    await expect(mobile.getByText("different network").isVisible()).resolves.toBe(false);
    await mobile.getByText("Grace Hopper").first().waitFor();
    await embed.getByText("QR code scanned").waitFor();
    await mobile.getByRole("button", { name: "Create passkey" }).click();
    await mobile.getByRole("heading", { name: "Passkey created" }).waitFor();
    const created = await waitForEvent(desktop.page, "authkit-register", "success");
    expect(created.detail).toMatchObject({
      passkeyId: expect.any(String),
      user: { externalId, displayName: "Grace Hopper" },
    });
    await desktop.page.getByText("Passkey created on your phone.").waitFor();
    expect(desktop.polls).toEqual([]);

    const session = await auth.sessionToken(apiKey);
    const signIn = await openDesktop(
      "/login-qr",
      `<authkit-authenticate data-watch api-base-url="${auth.url}" token="${session}" mode="qr"></authkit-authenticate>`,
    );
    await signIn.page.goto(site.url("/login-qr"));
    const frame = signIn.page.locator("authkit-authenticate iframe").contentFrame();
    const loginUrl = await scanQr(qrImage(frame));
    await screenshot(signIn.page, SUITE, "desktop-authenticate-qr");
    await mobile.goto(loginUrl);
    await mobile.getByRole("heading", { name: "Sign in on your computer?" }).waitFor();
    await frame.getByText("QR code scanned").waitFor();
    await screenshot(signIn.page, SUITE, "desktop-authenticate-scanned");
    await mobile.getByRole("button", { name: "Sign in with passkey" }).click();
    await mobile.getByRole("heading", { name: "You're signed in on your computer" }).waitFor();
    const success = await waitForEvent(signIn.page, "authkit-authenticate", "success");
    expect(success.detail).toMatchObject({
      challengeId: expect.any(String),
      sessionToken: expect.stringMatching(/^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/),
      user: { externalId },
    });
    const verified = await verifyOnBackend(signIn.page, success.detail?.challengeId as string);
    expect(verified).toEqual({
      status: 200,
      body: {
        user: expect.objectContaining({ externalId }),
        authenticatedAt: expect.any(String),
        method: "passkey",
        sessionToken: expect.stringMatching(/^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/),
      },
    });
    expect(signIn.polls).toEqual([]);
  });
});

describe("authkit-qr", () => {
  it("follows the statuses by HTTP polling when the WebSocket is blocked", async () => {
    const { page: mobile } = await phoneWithPasskey(`poll-${randomUUID()}`);
    const session = await auth.sessionToken(apiKey);
    const desktop = await openDesktop(
      "/qr-polling",
      `<authkit-qr data-watch api-base-url="${auth.url}" token="${session}" auto-start></authkit-qr>`,
    );
    // A network that lets no WebSocket through: every one is refused (a closed port).
    await desktop.context.addInitScript(() => {
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(_url: string | URL, protocols?: string | string[]) {
          super("ws://127.0.0.1:9/", protocols);
        }
      };
    });
    await desktop.page.goto(site.url("/qr-polling"));
    await mobile.goto(await scanQr(qrImage(desktop.page)));
    await desktop.page.getByText("QR code scanned").waitFor();
    await mobile.getByRole("button", { name: "Sign in with passkey" }).click();
    const success = await waitForEvent(desktop.page, "authkit-qr", "success");
    await desktop.page.getByText("Signed in").first().waitFor();
    expect(desktop.polls.length).toBeGreaterThan(0);
    expect((await verifyOnBackend(desktop.page, success.detail?.challengeId as string)).status).toBe(200);
  });

  it("polls within 5 s when WebSockets are silently dropped (never open, never fail)", async () => {
    const { page: mobile } = await phoneWithPasskey(`silent-${randomUUID()}`);
    const session = await auth.sessionToken(apiKey);
    const desktop = await openDesktop(
      "/qr-silent",
      `<authkit-qr data-watch api-base-url="${auth.url}" token="${session}" auto-start></authkit-qr>`,
    );
    // A proxy that swallows WebSocket upgrades: the socket stays "connecting" for ever.
    await desktop.context.addInitScript(() => {
      window.WebSocket = class extends EventTarget {
        readyState = 0;
        constructor() {
          super();
        }
        send() {}
        close() {}
      } as unknown as typeof WebSocket;
    });
    await desktop.page.goto(site.url("/qr-silent"));
    await mobile.goto(await scanQr(qrImage(desktop.page)));
    const scannedAt = Date.now();
    await desktop.page.getByText("QR code scanned").waitFor({ timeout: 6_000 });
    expect(Date.now() - scannedAt).toBeLessThan(6_000);
    expect(desktop.polls.length).toBeGreaterThan(0);
  });

  it("shows a fresh QR code when the phone cancels; the used URL is then refused", async () => {
    const session = await auth.sessionToken(apiKey);
    const desktop = await openDesktop(
      "/qr-cancel",
      `<authkit-qr data-watch api-base-url="${auth.url}" token="${session}" auto-start></authkit-qr>`,
    );
    await desktop.page.goto(site.url("/qr-cancel"));
    const first = await scanQr(qrImage(desktop.page));
    const { page: mobile } = await phone();
    await mobile.goto(first);
    await desktop.page.getByText("QR code scanned").waitFor();
    await mobile.getByRole("button", { name: "Cancel" }).click();
    await mobile.getByRole("heading", { name: "Cancelled" }).waitFor();
    await waitForEvent(desktop.page, "authkit-qr", "refreshed");
    const second = await scanQr(qrImage(desktop.page));
    expect(second).not.toBe(first);
    await desktop.page.getByText("Scan with your phone").waitFor();

    const { page: another } = await phone();
    await another.goto(first);
    await another.getByRole("heading", { name: "This QR code was already used" }).waitFor();
  });

  it("expires with a short configured lifetime, on the desktop and on the phone", async () => {
    const shortLived = await startTestAuthServer({ QR_TTL_SECONDS: "2" });
    try {
      const { apiKey: key } = await shortLived.tenant([site.origin]);
      const desktop = await openDesktop(
        "/qr-expiry",
        `<authkit-qr data-watch api-base-url="${shortLived.url}" token="${await shortLived.sessionToken(key)}" auto-start></authkit-qr>`,
        shortLived,
      );
      await desktop.page.goto(site.url("/qr-expiry"));
      const url = await scanQr(qrImage(desktop.page));
      await waitForEvent(desktop.page, "authkit-qr", "expired", 5000);
      await desktop.page.getByText("QR code expired").waitFor();
      const { page: mobile } = await phone();
      await mobile.goto(url);
      await mobile.getByRole("heading", { name: "This QR code has expired" }).waitFor();
    } finally {
      await shortLived.close();
    }
  });
});

describe("two auth-server instances sharing PostgreSQL and Redis", () => {
  it("signs the desktop in on one instance with the phone on the other; the status reaches the desktop's socket", async () => {
    const env = {
      REDIS_URL: redisUrl,
      RATE_LIMIT_IP_PER_MINUTE: "100000",
      RATE_LIMIT_QR_START_PER_MINUTE: "100000",
      RATE_LIMIT_QR_STATUS_PER_MINUTE: "100000",
    };
    const database = await createTestDatabase();
    const [desktopSide, phoneSide] = await Promise.all([
      startTestAuthServer(env, { database }),
      startTestAuthServer(env, { database }),
    ]);
    try {
      const { apiKey: key } = await desktopSide.tenant([site.origin]);
      const externalId = `two-${randomUUID()}`;
      const { page: mobile } = await phoneWithPasskey(externalId, phoneSide, key);
      const desktop = await openDesktop(
        "/two-instances",
        `<authkit-authenticate data-watch api-base-url="${desktopSide.url}" token="${await desktopSide.sessionToken(key)}" mode="qr"></authkit-authenticate>`,
        desktopSide,
      );
      await desktop.page.goto(site.url("/two-instances"));
      const frame = desktop.page.locator("authkit-authenticate iframe").contentFrame();
      const scanned = new URL(await scanQr(qrImage(frame)));
      expect(scanned.origin).toBe(desktopSide.url);
      // The phone's requests land on the other instance (as a load balancer may send them).
      await mobile.goto(`${phoneSide.url}${scanned.pathname}${scanned.hash}`);
      await frame.getByText("QR code scanned").waitFor();
      await mobile.getByRole("button", { name: "Sign in with passkey" }).click();
      const success = await waitForEvent(desktop.page, "authkit-authenticate", "success");
      expect(success.detail).toMatchObject({ user: { externalId } });
      expect(desktop.polls).toEqual([]);
      const verified = await desktopSide.verifyAuth(key, success.detail?.challengeId as string);
      expect(verified.body).toMatchObject({ user: { externalId }, method: "passkey" });
    } finally {
      await Promise.all([desktopSide.close(), phoneSide.close()]);
      await database.drop();
    }
  });
});
