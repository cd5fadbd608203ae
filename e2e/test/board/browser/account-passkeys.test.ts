// Account → Passkeys as a person with a laptop uses it: the passkey made at sign-up on the laptop's
// built-in authenticator is listed under the device's name; a security key is added beside it; one
// is deleted (never the last); the other signs in. A laptop whose only authenticator is its built-in
// one adds a passkey without waiting on a prompt no authenticator answers (the board's register
// buttons once asked for a security key or a phone only), whatever the tenant's registration policy.
import { addVirtualAuthenticator } from "@org/browser-testing";
import { updateTenant } from "@org/auth-server/testing";
import {
  accountPasskeys,
  browserSuite,
  confirmStepUp,
  shootPage,
  signUp,
  openAccount,
  passkeyRows,
  type Person,
} from "../../../src/board/browser.ts";

const suite = browserSuite();

const passkeys = accountPasskeys;
const addPasskey = (page: Person["page"]) =>
  passkeys(page).locator("authkit-register").getByRole("button", { name: "Add a passkey" });

/** The confirmation dialog's Delete (its buttons are slotted into the dialog, not inside it). */
const confirmButton = (page: Person["page"]) =>
  page.locator("kit-confirm").getByRole("button", { name: "Delete" });

describe("Account → Passkeys", () => {
  it("lists the laptop's passkey by device, adds a security key, deletes one (never the last), and signs in with the other", async () => {
    const ada = await suite.person();
    const { page } = ada;
    await signUp(page, suite.services.board.url, { email: "ada@example.com", name: "Ada Lovelace" });
    await openAccount(page, "Ada Lovelace");

    // One passkey, named after the device it was made on (the browser and system), not the site.
    const [laptop] = await passkeyRows(page);
    expect(await passkeyRows(page)).toHaveLength(1);
    expect(laptop!.name).toMatch(/^Chrome\b.* on Linux$/);
    expect(laptop!.name).not.toMatch(/board/i);
    await shootPage(page, "account-passkeys-one", () => addPasskey(page).waitFor());

    // The laptop already holds a passkey for the board: adding another one there says so, at once
    // (after "Confirm it's you": the sign-up's session made a passkey but has used none yet).
    await addPasskey(page).click();
    await confirmStepUp(page);
    await passkeys(page).getByText("This device already holds a passkey for your account.").waitFor();
    await expect(addPasskey(page).isEnabled()).resolves.toBe(true);
    expect(await passkeyRows(page)).toHaveLength(1);
    await shootPage(page, "account-passkeys-same-device", () =>
      passkeys(page).getByText("This device already holds a passkey for your account.").waitFor(),
    );

    // A security key: plugged in, and the laptop's own authenticator set aside for it.
    await ada.authenticator.remove();
    const key = await addVirtualAuthenticator(page, { transport: "usb" });
    await addPasskey(page).click();
    await passkeys(page).getByText("Passkey created. You can now sign in with it.").waitFor();
    await page.getByText("Passkey added.").waitFor();
    await passkeys(page).locator("tbody tr").nth(1).waitFor();
    expect(await key.credentials()).toHaveLength(1);
    const rows = await passkeyRows(page);
    expect(rows).toHaveLength(2);
    await shootPage(page, "account-passkeys-two", () => passkeys(page).locator("tbody tr").nth(1).waitFor());

    // The laptop's passkey goes, after a confirmation that names it.
    await passkeys(page).getByRole("row").nth(1).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: `Delete the passkey “${rows[0]!.name}”?` }).waitFor();
    await shootPage(page, "account-passkeys-delete", () => confirmButton(page).waitFor());
    await confirmButton(page).click();
    await page.getByText("Passkey deleted.").waitFor();
    await passkeys(page).locator("tbody tr").nth(1).waitFor({ state: "detached" });
    expect(await passkeyRows(page)).toHaveLength(1);

    // The last one stays: it offers no Delete, and the page says why.
    await expect(passkeys(page).getByRole("button", { name: "Delete" }).count()).resolves.toBe(0);
    await passkeys(page).getByText("you cannot delete the last one").waitFor();
    await shootPage(page, "account-passkeys-last", () => addPasskey(page).waitFor());

    // Signed out, the security key signs Ada in again.
    await page.getByRole("button", { name: "Sign out" }).click();
    const frame = page.locator("authkit-authenticate iframe").contentFrame();
    await frame.getByRole("button", { name: "Sign in with Passkey" }).click();
    await page.getByRole("heading", { name: "Projects" }).waitFor();
    await openAccount(page, "Ada Lovelace");
    expect(await passkeyRows(page)).toEqual([
      { name: rows[1]!.name, lastUsed: expect.stringMatching(/now|second/) },
    ]);
    expect(ada.problems.filter((problem) => !problem.includes("status of 403"))).toEqual([]);
  }, 120_000);

  it("adds the laptop's built-in authenticator and signs up on it when the tenant leaves the kind to the page (`auto`)", async () => {
    const db = suite.services.auth.database.db;
    const tenant = await db.tenant.findFirstOrThrow({
      where: { origins: { has: suite.services.board.url } },
    });
    await updateTenant({ db, id: tenant.id, registrationAttachment: "auto" });
    try {
      // Grace signed up with her security key; today she adds her laptop's Touch ID.
      const grace = await suite.person();
      const { page } = grace;
      await grace.authenticator.remove();
      const key = await addVirtualAuthenticator(page, { transport: "usb" });
      await signUp(page, suite.services.board.url, { email: "grace@example.com", name: "Grace Hopper" });
      await openAccount(page, "Grace Hopper");
      // "Confirm it's you" first (her key answers), then the key is put away for the laptop.
      let tokenRequests = 0;
      let laptop: Awaited<ReturnType<typeof addVirtualAuthenticator>> | undefined;
      await page.route("**/app/account/passkeys/token", async (route) => {
        tokenRequests += 1;
        if (tokenRequests === 2) {
          await key.remove();
          laptop = await addVirtualAuthenticator(page);
        }
        await route.continue();
      });
      await addPasskey(page).click();
      await confirmStepUp(page);
      // Never a prompt for a security key or a phone that this laptop's authenticator cannot answer.
      await passkeys(page).getByText("Passkey created. You can now sign in with it.").waitFor();
      expect(
        await passkeys(page)
          .getByText(/security key or phone|Nothing happening/)
          .count(),
      ).toBe(0);
      await passkeys(page).locator("tbody tr").nth(1).waitFor();
      expect(await laptop!.credentials()).toHaveLength(1);
      // The browser logs the refused first try (403 step_up_required); nothing else failed.
      expect(grace.problems.filter((problem) => !problem.includes("status of 403"))).toEqual([]);

      // A fresh browser on a laptop with only its built-in authenticator signs up too.
      const alan = await suite.person();
      await signUp(alan.page, suite.services.board.url, { email: "alan@example.com", name: "Alan Turing" });
      expect(await alan.authenticator.credentials()).toHaveLength(1);
      expect(alan.problems).toEqual([]);
    } finally {
      await updateTenant({ db, id: tenant.id, registrationAttachment: "any" });
    }
  }, 120_000);
});
