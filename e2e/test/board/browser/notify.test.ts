// People hear about their work (issue 31 pt 2, 3), two people in two browsers with their laptops'
// authenticators: an assignment reaches the assignee's open page live; "Hand off…" in the card
// panel hands a card over with a note and a phase; "Watch" tells a watcher of others' changes; a
// mention completes with Tab or a click; the mail opt-in on the Account page.
import {
  browserSuite,
  card,
  shootPage,
  type Person,
  pageApi,
  twoPeopleOnAProject,
} from "../../../src/board/browser.ts";

const suite = browserSuite();

describe("people hear about their work", () => {
  let ada: Person;
  let bob: Person;
  let projectUrl = "";

  it("two people share a project", async () => {
    ({ ada, bob, projectUrl } = await twoPeopleOnAProject(suite, ["Fix the login bug", "Ship it"]));
  }, 120_000);

  it("assigning a card notifies the assignee, live in their open page", async () => {
    await ada.page.goto(projectUrl);
    await card(ada.page, "Fix the login bug").click();
    const panel = ada.page.getByRole("dialog", { name: /Card #1/ });
    await panel.getByLabel("Assignee").selectOption({ label: "Bob Builder" });
    // Bob's header counts it without a reload.
    await bob.page.getByLabel("1 unread").waitFor({ timeout: 5000 });
    await bob.page.getByRole("link", { name: /Notifications/ }).click();
    await bob.page.getByText("Ada Lovelace assigned you #1 Fix the login bug").waitFor();
    await shootPage(bob.page, "notify-assigned", () =>
      bob.page.getByText("Ada Lovelace assigned you #1 Fix the login bug").waitFor(),
    );
    await ada.page.keyboard.press("Escape");
    expect(ada.problems).toEqual([]);
    expect(bob.problems).toEqual([]);
  }, 90_000);

  it("Bob watches a card; Ada hands it off to him from the panel; her comment reaches him as a watcher", async () => {
    await bob.page.goto(projectUrl);
    await card(bob.page, "Ship it").click();
    const bobsPanel = bob.page.getByRole("dialog", { name: /Card #2/ });
    await bobsPanel.getByRole("button", { name: "Watch", exact: true }).click();
    await bobsPanel.getByRole("button", { name: "Watching", pressed: true }).waitFor();
    await shootPage(bob.page, "notify-watching", () =>
      bobsPanel.getByRole("button", { name: "Watching", pressed: true }).waitFor(),
    );
    await bob.page.keyboard.press("Escape");
    await pageApi(bob, [["POST", "/me/notifications/read"]]);

    await ada.page.goto(projectUrl);
    await card(ada.page, "Ship it").click();
    const panel = ada.page.getByRole("dialog", { name: /Card #2/ });
    await panel.getByRole("button", { name: "Hand off…" }).click();
    const form = panel.getByRole("form", { name: "Hand off #2" });
    await form.getByLabel("To").selectOption({ label: "Bob Builder" });
    await form.getByLabel("Phase").fill("release");
    await form.getByLabel("Note").fill("Release notes are drafted; please ship it.");
    await shootPage(ada.page, "notify-handoff-form", () => form.getByLabel("Note").waitFor());
    await form.getByRole("button", { name: "Hand off" }).click();
    await ada.page.getByText("#2 handed to Bob Builder.").waitFor();
    // The note is in the discussion, Bob is the assignee, the phase is set.
    await panel
      .locator("li.comment", { hasText: "Release notes are drafted" })
      .getByText("handoff")
      .waitFor();
    await expect(panel.getByLabel("Assignee").inputValue()).resolves.not.toBe("");
    await expect(panel.getByLabel("Work phase").inputValue()).resolves.toBe("release");
    await shootPage(ada.page, "notify-handed-off", () =>
      panel.locator("li.comment", { hasText: "Release notes are drafted" }).waitFor(),
    );

    // Bob hears of the handoff (once: not again as the card's watcher), live.
    await bob.page.getByLabel("1 unread").waitFor({ timeout: 5000 });
    await bob.page.goto(`${suite.services.board.url}/app/notifications`);
    await bob.page.getByText("Ada Lovelace handed you #2 Ship it").waitFor();

    // Ada comments: the watcher hears of it.
    await panel.getByRole("textbox", { name: "Comment" }).fill("Tagged v1.0 too.");
    await panel.getByRole("button", { name: "Comment", exact: true }).click();
    await bob.page.getByText("Ada Lovelace commented on #2 Ship it").waitFor({ timeout: 5000 });
    await shootPage(bob.page, "notify-watched", () =>
      bob.page.getByText("Ada Lovelace commented on #2 Ship it").waitFor(),
    );
    expect(ada.problems).toEqual([]);
    expect(bob.problems).toEqual([]);
  }, 120_000);

  it("a mention completes with Tab and by a click, and notifies", async () => {
    const panel = ada.page.getByRole("dialog", { name: /Card #2/ });
    const box = panel.getByRole("textbox", { name: "Comment" });
    await box.fill("Thanks @bo");
    await panel.getByRole("option", { name: "@bob · Bob Builder", selected: true }).waitFor();
    await box.press("Tab");
    await expect(box.inputValue()).resolves.toBe("Thanks @bob ");
    await box.pressSequentially("and @b");
    await shootPage(ada.page, "notify-mention-suggestions", () =>
      panel.getByRole("option", { name: "@bob · Bob Builder" }).waitFor(),
    );
    await panel.getByRole("option", { name: "@bob · Bob Builder" }).click();
    await expect(box.inputValue()).resolves.toBe("Thanks @bob and @bob ");
    await expect(
      box.evaluate((element) => element === (element.getRootNode() as ShadowRoot).activeElement),
    ).resolves.toBe(true);
    await box.press("Control+Enter");
    await panel.locator("li.comment .mention", { hasText: "@bob" }).first().waitFor();
    await bob.page.getByText("Ada Lovelace mentioned you in a comment on #2 Ship it").waitFor({
      timeout: 5000,
    });
    expect(ada.problems).toEqual([]);
  }, 90_000);

  it("Bob opts in to mail on the Account page", async () => {
    await bob.page.getByRole("link", { name: "Account (Bob Builder)" }).click();
    const optIn = bob.page.getByRole("checkbox", { name: /Email me my notifications/ });
    await expect(optIn.isChecked()).resolves.toBe(false);
    await optIn.check();
    await bob.page.getByText("Your notifications will be mailed to you too.").waitFor();
    await shootPage(bob.page, "notify-mail-opt-in", () => optIn.waitFor());
    await bob.page.reload();
    await expect(
      bob.page.getByRole("checkbox", { name: /Email me my notifications/ }).isChecked(),
    ).resolves.toBe(true);
    expect(bob.problems).toEqual([]);
  }, 60_000);
});
