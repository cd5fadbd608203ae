// Step-up on the dashboard's "Your passkeys" (issue 28, point 3): signed in more than 5 minutes ago
// (the server's clock moved on), adding a passkey and removing one each ask "Confirm it’s you";
// one of the administrator's passkeys confirms, and the change is made without starting over.
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
const SIX_MINUTES = 6 * 60_000;
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
const prompt = (page: Page) => page.getByRole("dialog", { name: "Confirm it’s you" });

describe("Your passkeys: step-up", () => {
  it("asks for a passkey before adding and removing one once the sign-in is older than 5 minutes", async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      colorScheme: "light",
    });
    const page = await context.newPage();
    const problems = await watchProblems(page);
    const oldLaptop = await addVirtualAuthenticator(page, { transport: "internal" });
    await acceptInvite(page, await adminInvite(auth, "sam@example.test", "Sam Step"));
    await signInToDashboard(page, auth.url);
    await page
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "Your passkeys" })
      .click();
    await rows(page).first().waitFor();
    const firstName = (await rows(page).first().locator(".primary-text").innerText()).trim();

    // Adding: the prompt, the old laptop's passkey confirms, then (the old laptop put away, as it
    // already holds one) the new laptop makes the new passkey.
    auth.advance(SIX_MINUTES);
    let starts = 0;
    let newLaptop: Awaited<ReturnType<typeof addVirtualAuthenticator>> | undefined;
    await page.route("**/admin/api/me/passkeys/register/start", async (route) => {
      starts += 1;
      if (starts === 2) {
        await oldLaptop.remove();
        newLaptop = await addVirtualAuthenticator(page, { transport: "internal" });
      }
      await route.continue();
    });
    await passkeysView(page).getByRole("button", { name: "Add a passkey" }).click();
    const dialog = passkeysView(page).locator("kit-dialog");
    await dialog.getByLabel("Name").fill("New laptop");
    await dialog.getByRole("button", { name: "Create passkey" }).click();
    await prompt(page).waitFor();
    await screenshot(page, SUITE, "step-up-prompt-light");
    await page.getByRole("button", { name: "Confirm with your passkey" }).click();
    await page.getByRole("dialog", { name: "Passkey added" }).waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();
    expect(starts).toBe(2);
    expect(await newLaptop!.credentials()).toHaveLength(1);
    await expect(rows(page).count()).resolves.toBe(2);
    await page.unroute("**/admin/api/me/passkeys/register/start");

    // Removing the old laptop's passkey: confirmed, then the new laptop's passkey confirms it's Sam.
    auth.advance(SIX_MINUTES);
    await rows(page)
      .filter({ hasText: firstName })
      .getByRole("button", { name: `Remove passkey ${firstName}` })
      .click();
    await page.getByRole("button", { name: "Remove passkey", exact: true }).click();
    await prompt(page).waitFor();
    await screenshot(page, SUITE, "step-up-remove-light");
    await page.getByRole("button", { name: "Confirm with your passkey" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Passkey “${firstName}” removed.` })
      .waitFor();
    await expect(rows(page).count()).resolves.toBe(1);

    // Each refused first try is logged by the browser (403 step_up_required); nothing else failed.
    expect(problems).toEqual(
      Array(2).fill(
        "console: Failed to load resource: the server responded with a status of 403 (Forbidden)",
      ),
    );
    await context.close();
  });
});
