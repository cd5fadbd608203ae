import { addVirtualAuthenticator, launchChromium, screenshot, watchProblems } from "@org/browser-testing";
import type { Browser, BrowserContext } from "@org/browser-testing";
import { startAuthServer, type RunningAuthServer } from "./helpers/auth-server.ts";

const SUITE = "demo";
let browser: Browser;
let auth: RunningAuthServer;
let context: BrowserContext | undefined;

beforeAll(async () => {
  [browser, auth] = await Promise.all([launchChromium(), startAuthServer({ NODE_ENV: "development" })]);
});

afterAll(async () => {
  await context?.close();
  await Promise.all([browser?.close(), auth?.close()]);
});

async function openDemo(options: { width?: number; colorScheme?: "light" | "dark" } = {}) {
  await context?.close();
  context = await browser.newContext({
    viewport: { width: options.width ?? 1200, height: 900 },
    colorScheme: options.colorScheme ?? "light",
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
    await page.getByRole("button", { name: "Create Passkey", exact: true }).click();
    await page.getByText("Passkey created. You can now sign in with it.").waitFor();
    const signIn = page.locator("authkit-authenticate iframe").contentFrame();
    await signIn.getByRole("button", { name: "Sign in with Passkey" }).click();
    await page.getByText("Verified by the backend (verify-auth): Demo user · demo-user").waitFor();
    await expect(page.locator("#log li").count()).resolves.toBeGreaterThan(4);
    await page.getByRole("button", { name: "management.list()" }).click();
    await page.locator("#api-result", { hasText: '"name": "Demo passkey"' }).waitFor();
    await screenshot(page, SUITE, "after-sign-in-light");
    expect(problems).toEqual([]);
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
