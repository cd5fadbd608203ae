// Changing the email address (issue 28, point 3) as a person meets it on the Account page, with a
// laptop's platform authenticator: signed in more than 5 minutes ago, "Change email" asks for the
// new address, then "Confirm it's you"; the passkey confirms, a link goes to the new address and a
// notice to the old one, which stays the account's until the link is opened.
import { browserSuite, shootPage, signUp } from "../../../src/board/browser.ts";

const suite = browserSuite();

describe("changing the email address in the board web app", () => {
  it("asks for the passkey, mails the new address a link and the old one a notice, and changes on the link", async () => {
    const ada = await suite.person();
    const { page } = ada;
    const db = suite.services.board.database.db;
    await signUp(page, suite.services.board.url, { email: "ada.old@example.com", name: "Ada Lovelace" });
    await page.getByRole("link", { name: "Account (Ada Lovelace)" }).click();
    const status = page.locator("board-email-status");
    await status.getByRole("button", { name: "Change email" }).waitFor();
    await shootPage(page, "email-change-idle", () => status.getByText("ada.old@example.com").waitFor());

    // What time does: the session's passkey proof is older than 5 minutes (a stolen cookie's case).
    await db.webSession.updateMany({ data: { steppedUpAt: new Date(Date.now() - 6 * 60_000) } });
    await status.getByRole("button", { name: "Change email" }).click();
    await status.getByLabel("New email address").fill("ada.new@example.com");
    await shootPage(page, "email-change-form", () => status.getByLabel("New email address").waitFor());
    // (Sign-up mailed the old address a verification link already.)
    const mailsBefore = suite.smtp.received.length;
    await status.getByRole("button", { name: "Send a link to it" }).click();

    const prompt = page.getByRole("dialog", { name: "Confirm it’s you" });
    const confirm = page
      .locator("board-step-up authkit-authenticate iframe")
      .contentFrame()
      .getByRole("button", { name: "Confirm with your passkey" });
    await prompt.waitFor();
    await shootPage(page, "email-change-step-up", () => confirm.waitFor());
    await confirm.click();
    await page.locator("board-step-up").waitFor({ state: "detached" });

    const sent = status.getByText("We sent a link to");
    await sent.waitFor();
    await status.getByText("Until then your address stays ada.old@example.com.").waitFor();
    await shootPage(page, "email-change-sent", () => sent.waitFor());
    const user = await db.user.findUniqueOrThrow({ where: { email: "ada.old@example.com" } });

    const notice = await suite.smtp.waitFor("ada.old@example.com", { since: mailsBefore });
    expect(notice.subject).toBe("Your Board account's email address is being changed");
    const mail = await suite.smtp.waitFor("ada.new@example.com", { since: mailsBefore });
    expect(mail.subject).toBe("Confirm your new email address for Board");
    const link = /(http\S+\/app\/verify-email#\S+)/.exec(mail.text)![1]!;

    await page.goto(link);
    await page.getByText("ada.new@example.com is verified.").waitFor();
    await shootPage(page, "email-change-verified", () => page.getByText("is verified.").waitFor());
    await page.goto(`${suite.services.board.url}/app/account`);
    await status.getByText("ada.new@example.com").waitFor();
    await status.getByText("verified", { exact: true }).waitFor();
    await shootPage(page, "email-change-done", () => status.getByText("ada.new@example.com").waitFor());
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      email: "ada.new@example.com",
      emailVerifiedAt: expect.any(Date),
    });
    expect(ada.problems.filter((problem) => !problem.includes("403"))).toEqual([]);
  }, 120_000);
});
