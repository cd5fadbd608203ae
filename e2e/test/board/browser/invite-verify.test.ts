// An invitation by email to someone who then signs up with that address: until they verify it,
// they are told why the invitation is not shown, and the inviter sees what it waits for (the same
// words whether or not an account holds the address); once the link mailed at sign-up is opened,
// the invitation is there to accept.
import { browserSuite, newProject, shootPage, signUp } from "../../../src/board/browser.ts";

const suite = browserSuite();

describe("an invitation waiting for its address to be verified", () => {
  it("tells the invitee to verify the address and the inviter what it waits for; verified, it arrives", async () => {
    const fay = await suite.person();
    await signUp(fay.page, suite.services.board.url, { email: "fay@example.com", name: "Fay Wray" });
    await newProject(fay.page, "Harbor");
    const settings = `${fay.page.url()}/settings`;
    await fay.page.goto(settings);
    await fay.page.getByRole("textbox", { name: "Invite by link, for" }).fill("erin@example.com");
    await fay.page.getByRole("button", { name: "Create link" }).click();
    await fay.page.getByText("Send this link to erin@example.com").waitFor();

    // Erin signs up with the invited address (without the link): the passkey step says a link
    // will confirm the address, and the projects page why the invitation is not there yet.
    const erin = await suite.person();
    await signUp(
      erin.page,
      suite.services.board.url,
      { email: "erin@example.com", name: "Erin Brock" },
      true,
    );
    const note = erin.page.getByRole("note");
    await note
      .getByText("Invitations sent to erin@example.com appear here once you verify the address")
      .waitFor();
    expect(await erin.page.getByText("invited you to Harbor").count()).toBe(0);
    await shootPage(erin.page, "invitation-awaiting-verification", () => note.waitFor());

    const waiting = fay.page.getByRole("row", { name: /erin@example\.com/ });
    await fay.page.reload();
    await waiting.getByText("waits for the link to be opened, or for the address to be verified").waitFor();
    await shootPage(fay.page, "invitation-waiting-inviter", () => waiting.waitFor());

    const mail = await suite.smtp.waitFor("erin@example.com");
    await erin.page.goto(/(http\S+\/app\/verify-email#\S+)/.exec(mail.text)![1]!);
    await erin.page.getByText("erin@example.com is verified.").waitFor();
    await erin.page.goto(`${suite.services.board.url}/app`);
    await erin.page.getByText("Fay Wray invited you to Harbor as member").waitFor();
    expect(await erin.page.getByRole("note").count()).toBe(0);

    expect(fay.problems).toEqual([]);
    expect(erin.problems).toEqual([]);
  });
});
