import {
  addVirtualAuthenticator,
  launchChromium,
  screenshot,
  watchProblems,
  type Browser,
  type BrowserContext,
} from "@org/browser-testing";
import { DEMO_USER } from "../../src/services/demo.ts";
import { startTestAuthServer, type RunningAuthServer } from "../../src/testing/index.ts";

const SUITE = "demo";
let browser: Browser;
let auth: RunningAuthServer;
let context: BrowserContext | undefined;

beforeAll(async () => {
  [browser, auth] = await Promise.all([launchChromium(), startTestAuthServer({ NODE_ENV: "development" })]);
});

afterAll(async () => {
  await context?.close();
  await Promise.all([browser?.close(), auth?.close()]);
});

async function openDemo(options: { width?: number; colorScheme?: "light" | "dark"; locale?: string } = {}) {
  await context?.close();
  context = await browser.newContext({
    viewport: { width: options.width ?? 1200, height: 900 },
    colorScheme: options.colorScheme ?? "light",
    // The browser's language (Accept-Language); Chromium's default (en-US) otherwise.
    ...(options.locale ? { locale: options.locale } : {}),
  });
  const page = await context.newPage();
  const problems = await watchProblems(page);
  await page.goto(`${auth.url}/demo`);
  await page.waitForFunction(() => customElements.get("authkit-register") !== undefined);
  return { page, problems };
}

describe("/demo", () => {
  it("lets a newcomer create a passkey and sign in with it, verified by the backend", async () => {
    const { page, problems } = await openDemo();
    await addVirtualAuthenticator(page);
    await page.locator("#register").getByRole("button", { name: "Create Passkey", exact: true }).click();
    await page.locator("#register").getByText("Passkey created. You can now sign in with it.").waitFor();
    const signIn = page.locator("authkit-authenticate iframe").contentFrame();
    await signIn.getByRole("button", { name: "Sign in with Passkey" }).click();
    await page.getByText("Verified by the backend (verify-auth): Demo user · demo-user").waitFor();
    await expect(page.locator("#log li").count()).resolves.toBeGreaterThan(4);
    await page.getByRole("button", { name: "management.list()" }).click();
    await page.locator("#api-result", { hasText: '"name": "Demo passkey"' }).waitFor();
    // The browser's autofill offers the new passkey in the username field (Chromium's virtual
    // authenticator picks it at once).
    await page.getByLabel("Username").click();
    await page.getByText("Signed in from autofill as Demo user, verified by the backend.").waitFor();
    // <authkit-passkeys> lists it; the language switch words every element.
    const passkeys = page.locator("authkit-passkeys");
    await passkeys.getByText("Demo passkey", { exact: true }).waitFor();
    await page.getByLabel("Language").selectOption("de");
    await page.locator("#register").getByRole("button", { name: "Passkey erstellen" }).waitFor();
    await passkeys.getByText("Ihre Passkeys").waitFor();
    await screenshot(page, SUITE, "after-sign-in-light");
    expect(problems).toEqual([]);
  });

  it("asks 'Confirm it's you' before <authkit-register> adds a second passkey; a cancel or a refusal adds nothing", async () => {
    // The demo user starts without passkeys (another test may have made one).
    const demoUser = { externalId: DEMO_USER.externalId, tenant: { name: "AuthKit demo" } };
    await auth.database.db.authCredential.deleteMany({ where: { user: demoUser } });
    const passkeyCount = () => auth.database.db.authCredential.count({ where: { user: demoUser } });
    const { page, problems } = await openDemo();
    const laptop = await addVirtualAuthenticator(page);
    const register = page.locator("#register");
    const create = register.getByRole("button", { name: "Create Passkey", exact: true });
    const created = register.getByText("Passkey created. You can now sign in with it.");

    // The first passkey is the account's enrolment: no step-up. Then the person signs in with it.
    await create.click();
    await created.waitFor();
    const signIn = page.locator("authkit-authenticate iframe").contentFrame();
    await signIn.getByRole("button", { name: "Sign in with Passkey" }).click();
    await page.getByText("Verified by the backend (verify-auth): Demo user · demo-user").waitFor();

    // A second passkey: the register button asks for a fresh passkey assertion first. The laptop
    // confirms; then (the laptop already holds one of the account's passkeys, which the server
    // excludes) the person's second computer, another platform authenticator, makes the new one.
    let starts = 0;
    let second: Awaited<ReturnType<typeof addVirtualAuthenticator>> | undefined;
    await page.route(`${auth.url}/auth/v1/register/start`, async (route) => {
      if (++starts === 2) {
        await laptop.remove();
        second = await addVirtualAuthenticator(page);
      }
      await route.continue();
    });
    await create.click();
    const prompt = register.getByRole("alertdialog", { name: "Confirm it's you" });
    await prompt
      .getByText("Adding or deleting a passkey needs one of your passkeys used in the last 5 minutes.")
      .waitFor();
    await expect(create.isDisabled()).resolves.toBe(true);
    await screenshot(page.locator("#register"), SUITE, "register-step-up-light");
    await prompt.getByRole("button", { name: "Confirm with your passkey" }).click();
    await created.waitFor();
    await prompt.waitFor({ state: "hidden" });
    expect(starts).toBe(2);
    expect(await second!.credentials()).toHaveLength(1);
    await expect(passkeyCount()).resolves.toBe(2);
    // <authkit-passkeys> on the same page shows both.
    await page.locator("authkit-passkeys li").nth(1).waitFor();
    await screenshot(page.locator("#register"), SUITE, "register-step-up-done-light");
    await page.unroute(`${auth.url}/auth/v1/register/start`);

    // A new visit (fresh tokens, which have proved nothing): "Cancel" says why nothing was added.
    await page.reload();
    await page.waitForFunction(() => customElements.get("authkit-register") !== undefined);
    await create.click();
    await prompt.getByRole("button", { name: "Cancel" }).click();
    await register
      .getByText(
        "This change needs your passkey used in the last 5 minutes: confirm it's you, then try again.",
      )
      .waitFor();
    await screenshot(page.locator("#register"), SUITE, "register-step-up-cancelled-light");
    await expect(passkeyCount()).resolves.toBe(2);

    // Confirming, then closing the browser's passkey dialog: refused, nothing added.
    await page.evaluate(() => {
      navigator.credentials.get = () =>
        Promise.reject(
          new DOMException("The operation either timed out or was not allowed.", "NotAllowedError"),
        );
    });
    await create.click();
    await prompt.getByRole("button", { name: "Confirm with your passkey" }).click();
    await register.getByText("Passkey creation was cancelled.").waitFor();
    await prompt.waitFor({ state: "hidden" });
    await screenshot(page.locator("#register"), SUITE, "register-step-up-refused-light");
    await expect(passkeyCount()).resolves.toBe(2);
    // The browser logs each refused first try (403 step_up_required); nothing else failed.
    expect(problems.filter((problem) => !problem.includes("status of 403 (Forbidden)"))).toEqual([]);
    expect(problems).toHaveLength(3);
  }, 90_000);

  it("speaks Spanish to an es-ES browser: the page, its script's sentences and the components", async () => {
    const demoUser = { externalId: DEMO_USER.externalId, tenant: { name: "AuthKit demo" } };
    await auth.database.db.authCredential.deleteMany({ where: { user: demoUser } });
    const { page, problems } = await openDemo({ locale: "es-ES" });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("es");
    await expect(page.title()).resolves.toBe("Demo de AuthKit");
    await page.getByRole("heading", { name: "Demo de AuthKit", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "1 · Crear una llave de acceso" }).waitFor();
    await page.getByRole("heading", { name: "Registro de eventos" }).waitFor();
    await page.getByRole("group", { name: "Tema" }).getByRole("button", { name: "Oscuro" }).waitFor();
    await expect(page.getByLabel("Idioma").inputValue()).resolves.toBe("");
    await page.getByText("Los resultados aparecen aquí.").waitFor();
    // The components follow <html lang>; the sentences the page's script writes are Spanish too.
    await addVirtualAuthenticator(page);
    const register = page.locator("#register");
    await register.getByRole("button", { name: "Crear llave de acceso", exact: true }).click();
    await register.getByText("Llave de acceso creada.").waitFor();
    const signIn = page.locator("authkit-authenticate iframe").contentFrame();
    await signIn.getByRole("button", { name: "Iniciar sesión con llave de acceso" }).click();
    await page.getByText("Verificado por el backend (verify-auth): Demo user · demo-user").waitFor();
    await page.getByRole("button", { name: "loading" }).click();
    await page.locator("#status-demo").getByText("Esperando su llave de acceso…").waitFor();
    await page
      .locator("authkit-passkeys")
      .getByText("Llave de acceso de demostración", { exact: true })
      .waitFor();
    await screenshot(page, SUITE, "es-after-sign-in-light");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(problems).toEqual([]);
  });

  it("speaks German when the link says ?lang=de", async () => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${auth.url}/demo?lang=de`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    await page.getByRole("heading", { name: "AuthKit-Demo", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Passkey-Autofill" }).waitFor();
    await page.getByLabel("Benutzername").waitFor();
    await page.locator("#register").getByRole("button", { name: "Passkey erstellen" }).waitFor();
    await screenshot(page, SUITE, "de-page-light");
  });

  it.each([
    ["light", 1200],
    ["dark", 1200],
    ["light", 375],
    ["dark", 375],
  ] as const)("renders in %s at %i px without CSP violations", async (colorScheme, width) => {
    const { page, problems } = await openDemo({ width, colorScheme });
    await page.locator("authkit-authenticate iframe").waitFor();
    await page.getByText("Event log").waitFor();
    const file = await screenshot(page, SUITE, `page-${colorScheme}-${width}`);
    expect(file).toMatch(/\.png$/);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
      colorScheme === "dark",
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(problems).toEqual([]);
  });
});
