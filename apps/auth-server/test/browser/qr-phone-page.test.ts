// The phone page (/qr#<secret>) in every state, light and dark, at 375 px, as screenshots in
// artifacts/screenshots/qr-phone/ (each step also checks what the state says). The desktop side is
// played by HTTP calls here; qr-cross-device.test.ts drives both browsers.
import {
  launchChromium,
  screenshot,
  servePages,
  watchProblems,
  type PageServer,
  type Browser,
  type Page,
  tenantPage,
  openPhone,
} from "@org/browser-testing";
import { startTestAuthServer, type RunningAuthServer } from "../../src/testing/index.ts";

const SUITE = "qr-phone";
let browser: Browser;
let auth: RunningAuthServer;
let shortLived: RunningAuthServer;
let site: PageServer;
let apiKey: string;
let shortKey: string;

beforeAll(async () => {
  [browser, auth, shortLived, site] = await Promise.all([
    launchChromium(),
    // TRUST_PROXY: a starter can be placed on another network (X-Forwarded-For) than the phone.
    startTestAuthServer({ TRUST_PROXY: "loopback" }),
    startTestAuthServer({ QR_TTL_SECONDS: "1" }),
    servePages(),
  ]);
  ({ apiKey } = await auth.tenant([site.origin], "Acme Books"));
  ({ apiKey: shortKey } = await shortLived.tenant([site.origin], "Acme Books"));
});

afterAll(async () => {
  await Promise.all([browser?.close(), auth?.close(), shortLived?.close(), site?.close()]);
});

const heading = (page: Page, name: string) => page.getByRole("heading", { name }).waitFor();

describe.each(["light", "dark"] as const)("%s", (theme) => {
  it("walks through every state of the phone page", async () => {
    const { context, page } = await openPhone(browser, theme);
    page.setDefaultTimeout(10_000);
    const problems = await watchProblems(page);
    const shot = (name: string) => screenshot(page, SUITE, `${name}-${theme}-375`);
    try {
      await page.goto(`${auth.url}/qr`);
      await heading(page, "This link is incomplete");
      // The page follows the phone's scheme: its background (@org/web-theme's --bg) and its main button.
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
        theme === "dark" ? "rgb(11, 11, 15)" : "rgb(244, 245, 247)",
      );
      await shot("incomplete");

      // Registration: what is asked, the prompt (the server's answer held back), done.
      const userToken = await auth.userToken(apiKey, `phone-${theme}`, "Grace Hopper");
      const register = await auth.startQr(userToken, site.origin, { purpose: "register", name: "Pixel" });
      await page.goto(register.mobileUrl);
      await heading(page, "Create a passkey on this phone?");
      await page.getByText(/This request expires in 4:\d\d/).waitFor();
      // Same network as the computer (both on this machine): no warning.
      expect(await page.getByText("different network").isVisible()).toBe(false);
      await shot("register-confirm");
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/auth/v1/qr/mobile/finish", async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole("button", { name: "Create passkey" }).click();
      await heading(page, "Use your passkey");
      await shot("working");
      release();
      await heading(page, "Passkey created");
      await shot("register-done");
      await page.unroute("**/auth/v1/qr/mobile/finish");

      // The same URL again: refused.
      await page.reload();
      await heading(page, "This QR code was already used");
      await shot("used");

      // A second passkey for the same account on the same phone: the authenticator refuses. Adding
      // one needs a passkey used in the last 5 minutes (issue 28): the person confirms on the
      // tenant's site with this phone's passkey first, as the SDK's step-up does.
      const againToken = await auth.userToken(apiKey, `phone-${theme}`);
      site.route("/", tenantPage(auth.url, ""));
      await page.goto(site.url("/"));
      await page.waitForFunction(() => window.AuthKit !== undefined);
      await page.evaluate(
        ([url, token]) => new window.AuthKit({ apiBaseUrl: url, token }).management.stepUp(),
        [auth.url, againToken] as const,
      );
      const again = await auth.startQr(againToken, site.origin, { purpose: "register" });
      await page.goto(again.mobileUrl);
      await page.getByRole("button", { name: "Create passkey" }).click();
      await heading(page, "That didn't work");
      await page
        .getByText("This phone already has a passkey for this account. Sign in with it instead.")
        .waitFor();
      await shot("failed");

      // A login started from another network (a relaying attacker's computer, or a phone on
      // mobile data): the page says so, louder than its usual caution.
      const elsewhere = await auth.startQr(
        await auth.sessionToken(apiKey),
        site.origin,
        {},
        { "X-Forwarded-For": "198.51.100.66" },
      );
      await page.goto(elsewhere.mobileUrl);
      await heading(page, "Sign in on your computer?");
      await page
        .getByText("This phone is on a different network from the computer that showed the code.")
        .waitFor();
      await shot("authenticate-different-network");
      await page.getByRole("button", { name: "Cancel" }).click();
      await heading(page, "Cancelled");

      // Login with the passkey just created.
      const login = await auth.startQr(await auth.sessionToken(apiKey), site.origin);
      await page.goto(login.mobileUrl);
      await heading(page, "Sign in on your computer?");
      expect(await page.getByText("different network").isVisible()).toBe(false);
      await shot("authenticate-confirm");
      await page.getByRole("button", { name: "Sign in with passkey" }).click();
      await heading(page, "You're signed in on your computer");
      await shot("authenticate-done");

      const cancelling = await auth.startQr(await auth.sessionToken(apiKey), site.origin);
      await page.goto(cancelling.mobileUrl);
      await page.getByRole("button", { name: "Cancel" }).click();
      await heading(page, "Cancelled");
      await shot("cancelled");

      const expiring = await shortLived.startQr(await shortLived.sessionToken(shortKey), site.origin);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await page.goto(expiring.mobileUrl);
      await heading(page, "This QR code has expired");
      await shot("expired");
      expect(problems.filter((problem) => !/status of 4\d\d/.test(problem))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("a phone without a passkey for the site", () => {
  it('says "No passkey on this phone" instead of "Cancelled" when asked to sign in', async () => {
    const { context, page } = await openPhone(browser, "light");
    page.setDefaultTimeout(10_000);
    try {
      const login = await auth.startQr(await auth.sessionToken(apiKey), site.origin);
      await page.goto(login.mobileUrl);
      await heading(page, "Sign in on your computer?");
      await page.getByRole("button", { name: "Sign in with passkey" }).click();
      await heading(page, "No passkey on this phone");
      await page
        .getByText(
          "This phone has no passkey for Acme Books. Sign in on your computer another way, or create a passkey on this phone first.",
        )
        .waitFor();
      await screenshot(page, SUITE, "no-passkey-light-375");
    } finally {
      await context.close();
    }
  });
});

describe("in German", () => {
  it("speaks the QR link's lang (a German site) on an English phone, warning included, and a de-DE phone's own", async () => {
    const { context, page } = await openPhone(browser, "light");
    page.setDefaultTimeout(10_000);
    try {
      // A login started on a German site, from another network than the phone: every sentence German.
      const login = await auth.startQr(
        await auth.sessionToken(apiKey),
        site.origin,
        { lang: "de-DE" },
        { "X-Forwarded-For": "198.51.100.67" },
      );
      expect(new URL(login.mobileUrl).search).toBe("?lang=de");
      await page.goto(login.mobileUrl);
      await heading(page, "Auf Ihrem Computer anmelden?");
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
      await page
        .getByText(
          "Fahren Sie nur fort, wenn Sie an diesem Computer sind und gerade seinen Code gescannt haben. Wenn Ihnen jemand diesen Code geschickt hat, tippen Sie auf Abbrechen.",
        )
        .waitFor();
      await page
        .getByText(
          "Dieses Smartphone ist in einem anderen Netzwerk als der Computer, der den Code gezeigt hat.",
        )
        .waitFor();
      await page.getByText(/Diese Anfrage läuft in 4:\d\d ab/).waitFor();
      await page.getByRole("button", { name: "Mit Passkey anmelden" }).waitFor();
      await screenshot(page, SUITE, "authenticate-confirm-de-light-375");
      await page.getByRole("button", { name: "Abbrechen" }).click();
      await heading(page, "Abgebrochen");
    } finally {
      await context.close();
    }

    // No lang in the link: a phone set to German (Accept-Language de-DE) reads German.
    const german = await openPhone(browser, "light", "de-DE");
    try {
      await german.page.goto(`${auth.url}/qr`);
      await heading(german.page, "Dieser Link ist unvollständig");
      expect(await german.page.evaluate(() => document.documentElement.lang)).toBe("de");
      await screenshot(german.page, SUITE, "incomplete-de-light-375");
    } finally {
      await german.context.close();
    }
  });
});
