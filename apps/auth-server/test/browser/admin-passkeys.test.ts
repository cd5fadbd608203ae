// The dashboard's "Your passkeys" page in Chromium, on platform authenticators: an administrator
// who joined through an invite adds a passkey on a new laptop, sees both listed, removes the old
// one (never the last), and signs in with the new one. Light and dark.
import {
  addVirtualAuthenticator,
  launchChromium,
  screenshot,
  watchProblems,
  type Browser,
  type Page,
} from "@org/browser-testing";
import { acceptInvite, adminInvite, signInToDashboard } from "../../src/testing/browser/index.ts";
import { startTestAuthServer, type RunningAuthServer } from "../../src/testing/index.ts";

const SUITE = "admin-passkeys";
jest.setTimeout(90_000);

let browser: Browser;
let auth: RunningAuthServer;
beforeAll(async () => {
  [browser, auth] = await Promise.all([launchChromium(), startTestAuthServer()]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), auth?.close()]);
});

const passkeysView = (page: Page) => page.locator("passkeys-view");
const rows = (page: Page) => passkeysView(page).locator("tbody tr");

async function openPasskeys(page: Page) {
  await page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: "Your passkeys" })
    .click();
  await passkeysView(page).getByRole("heading", { name: "Your passkeys" }).waitFor();
  await rows(page).first().waitFor();
}

describe("Your passkeys", () => {
  it("adds a passkey on a new laptop, lists it, removes the old one, signs in with the new", async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      colorScheme: "light",
    });
    const page = await context.newPage();
    const problems = await watchProblems(page);
    const oldLaptop = await addVirtualAuthenticator(page, { transport: "internal" });
    await acceptInvite(page, await adminInvite(auth, "kim@example.test", "Kim Keys"));
    await signInToDashboard(page, auth.url);
    await openPasskeys(page);

    // One passkey, made through the invite link, used by the sign-in; it cannot be removed.
    await expect(rows(page).count()).resolves.toBe(1);
    const firstName = (await rows(page).first().locator(".primary-text").innerText()).trim();
    await expect(rows(page).first().innerText()).resolves.toMatch(/Invite link/);
    await expect(rows(page).first().innerText()).resolves.not.toMatch(/Never/);
    await expect(rows(page).first().getByRole("button").count()).resolves.toBe(0);
    await passkeysView(page).getByText("This is your only passkey").waitFor();
    await screenshot(page, SUITE, "one-light");

    // The new laptop (another platform authenticator; the old one is put away).
    await oldLaptop.remove();
    const newLaptop = await addVirtualAuthenticator(page, { transport: "internal" });
    await passkeysView(page).getByRole("button", { name: "Add a passkey" }).click();
    await page.getByRole("dialog", { name: "Add a passkey" }).waitFor();
    const dialog = passkeysView(page).locator("kit-dialog");
    await dialog.getByLabel("Name").fill("New laptop");
    await screenshot(page, SUITE, "add-dialog-light");
    await dialog.getByRole("button", { name: "Create passkey" }).click();
    await page.getByRole("dialog", { name: "Passkey added" }).waitFor();
    await dialog.getByText("“New laptop” is one of your passkeys now").waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();
    await page.getByRole("dialog", { name: "Passkey added" }).waitFor({ state: "hidden" });
    expect(await newLaptop.credentials()).toHaveLength(1);

    await expect(rows(page).count()).resolves.toBe(2);
    const added = rows(page).filter({ hasText: "New laptop" });
    await expect(added.innerText()).resolves.toMatch(/New laptop[\s\S]*Added here[\s\S]*Never/);
    await expect(passkeysView(page).getByText("This is your only passkey").count()).resolves.toBe(0);
    await screenshot(page, SUITE, "two-light");

    // Dark, as the system says.
    const dark = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "dark" });
    await dark.addCookies(await context.cookies());
    const darkPage = await dark.newPage();
    await darkPage.goto(`${auth.url}/admin#/passkeys`);
    await rows(darkPage).nth(1).waitFor();
    expect(await darkPage.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
      "rgb(11, 11, 15)",
    );
    await screenshot(darkPage, SUITE, "two-dark");
    await dark.close();

    // The old laptop's passkey removed; the new one is now the only one.
    await rows(page)
      .filter({ hasText: firstName })
      .getByRole("button", { name: `Remove passkey ${firstName}` })
      .click();
    await page.getByRole("dialog", { name: `Remove the passkey “${firstName}”?` }).waitFor();
    await page.getByRole("button", { name: "Remove passkey", exact: true }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Passkey “${firstName}” removed.` })
      .waitFor();
    await expect(rows(page).count()).resolves.toBe(1);
    await expect(rows(page).first().innerText()).resolves.toMatch(/New laptop/);
    await passkeysView(page).getByText("This is your only passkey").waitFor();

    // Signed out, the new laptop signs in.
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in to the dashboard" }).waitFor();
    await signInToDashboard(page, auth.url);
    await openPasskeys(page);
    await expect(rows(page).first().innerText()).resolves.not.toMatch(/Never/);
    expect(problems).toEqual([]);
    await context.close();
  });
});
