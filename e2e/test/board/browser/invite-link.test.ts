// An invitation link opened by someone without an account: they create one, come back to the
// invitation and join. Their address stays unverified (and earns nothing) until they open the
// link mailed to it — mail that reaches a real SMTP server here.
import { browserSuite, newProject, shootPage, signUp, type Person } from "../../../src/board/browser.ts";

const suite = browserSuite();
const person = () => suite.person();

/** The sign-up form, then the passkey; ends signed in wherever the app goes next. */
async function completeSignUp(page: Person["page"], email: string, name: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Create passkey" }).click();
}

describe("invitation links in the web app", () => {
  it("a person without an account opens the link, signs up, joins, and verifies their address", async () => {
    const ada = await person();
    await signUp(ada.page, suite.services.board.url, { email: "ada@example.com", name: "Ada Lovelace" });
    await newProject(ada.page, "Launch");
    await ada.page.goto(`${ada.page.url()}/settings`);

    await ada.page.getByRole("textbox", { name: "Invite by link, for" }).fill("dana@example.com");
    await ada.page.getByRole("button", { name: "Create link" }).click();
    const link = (await ada.page.locator("board-secret-value code").textContent()) ?? "";
    expect(link).toMatch(new RegExp(`^${suite.services.board.url}/app/invite#inv_[\\w-]{43}$`));
    await shootPage(ada.page, "invite-link-created", () =>
      ada.page.getByText("Send this link to dana@example.com").waitFor(),
    );

    // Dana has no account: the link asks her to sign in, she creates an account instead (with
    // another address: the invitation's is only a label), and lands back on the invitation.
    const dana = await person();
    await dana.page.goto(link);
    await dana.page.getByRole("link", { name: "Create an account" }).click();
    await completeSignUp(dana.page, "dana.work@example.com", "Dana Scully");
    await dana.page.getByText("Ada Lovelace invited you to Launch as member.").waitFor();
    await shootPage(dana.page, "invite-link-offer", () =>
      dana.page.getByRole("button", { name: "Join Launch" }).waitFor(),
    );
    await dana.page.getByRole("button", { name: "Join Launch" }).click();
    await dana.page.getByRole("heading", { name: "Launch" }).waitFor();

    // The link was single use: opened again (by anyone), it says so.
    await dana.page.goto(link);
    await dana.page
      .getByRole("alert")
      .getByText("This invitation link is unknown, used, revoked or expired")
      .waitFor();
    await shootPage(dana.page, "invite-link-used", () => dana.page.getByRole("alert").waitFor());

    // Her address is unverified; the sign-up mailed a link, which she opens signed in.
    await dana.page.goto(`${suite.services.board.url}/app/account`);
    await dana.page.getByText("not verified").waitFor();
    await shootPage(dana.page, "account-unverified", () => dana.page.getByText("not verified").waitFor());
    const mail = await suite.smtp.waitFor("dana.work@example.com");
    const verifyLink = /(http\S+\/app\/verify-email#\S+)/.exec(mail.text)![1]!;
    await dana.page.goto(verifyLink);
    await dana.page.getByText("dana.work@example.com is verified.").waitFor();
    await shootPage(dana.page, "email-verified", () => dana.page.getByText("is verified.").waitFor());
    await dana.page.goto(`${suite.services.board.url}/app/account`);
    await dana.page.getByText("verified", { exact: true }).waitFor();

    // The same link opened by Ada's account verifies nothing for Ada.
    await ada.page.goto(verifyLink);
    await ada.page.getByRole("alert").waitFor();
    // The refused links answer 404 on purpose (the browser logs those); nothing else went wrong.
    const unexpected = (problems: string[]) => problems.filter((problem) => !/status of 404/.test(problem));
    expect(unexpected(ada.problems)).toEqual([]);
    expect(unexpected(dana.problems)).toEqual([]);
  });
});
