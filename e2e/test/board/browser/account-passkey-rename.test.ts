// Account → Passkeys: a passkey is renamed as a person does it (Enter keeps the new name through a
// reload, Escape the old one). Its own file, with services of its own: a third sign-up in
// account-passkeys.test.ts's services stalled before the passkey step (not understood yet).
import {
  accountPasskeys,
  browserSuite,
  shootPage,
  signUp,
  openAccount,
  passkeyRows,
} from "../../../src/board/browser.ts";

const suite = browserSuite();

const passkeys = accountPasskeys;

describe("Account → Passkeys", () => {
  it("renames a passkey: Enter keeps the new name through a reload, Escape keeps the old one", async () => {
    const ada = await suite.person();
    const { page } = ada;
    // (Another person than the first test's Ada: her handle, made from the name, is taken.)
    await signUp(page, suite.services.board.url, { email: "grace@example.com", name: "Grace Hopper" });
    await openAccount(page, "Grace Hopper");
    const [made] = await passkeyRows(page);
    const name = passkeys(page).getByRole("textbox", { name: "Passkey name" });

    // Escape leaves the name as it was.
    await passkeys(page)
      .getByRole("button", { name: `Rename ${made!.name}` })
      .click();
    await name.waitFor();
    await page.keyboard.press("Escape");
    await name.waitFor({ state: "detached" });
    expect(await passkeyRows(page)).toEqual([made]);

    // The name opens selected: typing replaces it, Enter saves.
    await passkeys(page)
      .getByRole("button", { name: `Rename ${made!.name}` })
      .click();
    await expect(name.inputValue()).resolves.toBe(made!.name);
    await page.keyboard.type("Work laptop");
    await shootPage(page, "account-passkeys-rename", () => name.waitFor());
    await page.keyboard.press("Enter");
    await page.getByText("Passkey renamed to “Work laptop”.").waitFor();
    await passkeys(page).getByRole("cell", { name: "Work laptop", exact: true }).waitFor();
    await shootPage(page, "account-passkeys-renamed", () =>
      passkeys(page).getByRole("cell", { name: "Work laptop", exact: true }).waitFor(),
    );
    await page.reload();
    await passkeys(page).locator("tbody tr").first().waitFor();
    expect((await passkeyRows(page)).map((row) => row.name)).toEqual(["Work laptop"]);
    expect(ada.problems).toEqual([]);
  }, 120_000);
});
