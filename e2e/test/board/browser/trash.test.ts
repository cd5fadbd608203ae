// The project's trash as people use it (issue 31): Delete in the card panel says "Moved to trash"
// with an Undo; a colleague's open board follows live; the Trash view lists deleted cards with
// Restore, and Empty trash for admins and owners.
import {
  browserSuite,
  card,
  column,
  shootPage,
  type Person,
  twoPeopleOnAProject,
} from "../../../src/board/browser.ts";

const suite = browserSuite();

describe("the trash", () => {
  let ada: Person;
  let bob: Person;
  let projectUrl = "";

  it("two people share a board", async () => {
    ({ ada, bob, projectUrl } = await twoPeopleOnAProject(suite, ["Draft the memo", "Ship it"]));
  }, 120_000);

  it("Delete moves a card to the trash with an Undo; Bob's board follows live", async () => {
    await ada.page.goto(projectUrl);
    await card(ada.page, "Draft the memo").click();
    const panel = ada.page.getByRole("dialog", { name: /Card #1/ });
    await panel.getByRole("button", { name: "Delete" }).click();
    const moved = ada.page.locator("board-toasts .toast", { hasText: "Moved #1 to the trash." });
    await moved.waitFor();
    await panel.waitFor({ state: "detached" });
    await card(bob.page, "Draft the memo").waitFor({ state: "detached" });
    await shootPage(ada.page, "trash-moved-toast", () =>
      moved.getByRole("button", { name: "Undo" }).waitFor(),
    );

    await moved.getByRole("button", { name: "Undo" }).click();
    await ada.page.getByText("#1 is back on the board.").waitFor();
    await card(ada.page, "Draft the memo").waitFor();
    await card(bob.page, "Draft the memo").waitFor();
    expect(await column(bob.page, "To do").locator("li[data-card-id] .title").allInnerTexts()).toEqual([
      "Ship it",
      "Draft the memo",
    ]);
    expect([...ada.problems, ...bob.problems]).toEqual([]);
  }, 90_000);

  it("Bob may not delete Ada's card: the panel says who may", async () => {
    await bob.page.goto(projectUrl);
    await card(bob.page, "Ship it").click();
    await bob.page
      .getByRole("dialog", { name: /Card #2/ })
      .getByRole("button", { name: "Delete" })
      .click();
    await bob.page
      .getByText("Only the card's creator or a project admin or owner may delete this card", { exact: false })
      .waitFor();
    await bob.page.keyboard.press("Escape");
    await card(bob.page, "Ship it").waitFor();
    // The refusal's 403 is in the console as the only problem: it is what this test asked for.
    expect(bob.problems).toEqual([expect.stringContaining("403 (Forbidden)")]);
    bob.problems.splice(0);
  }, 60_000);

  it("the Trash view lists deleted cards; Restore brings one back; Empty trash deletes for good", async () => {
    await ada.page.goto(projectUrl);
    for (const title of ["Draft the memo", "Ship it"]) {
      await card(ada.page, title).click();
      await ada.page
        .getByRole("dialog", { name: /Card #/ })
        .getByRole("button", { name: "Delete" })
        .click();
      await card(ada.page, title).waitFor({ state: "detached" });
    }
    await ada.page.getByRole("link", { name: "Trash" }).click();
    await ada.page.getByRole("heading", { name: "Trash", level: 1 }).waitFor();
    const list = ada.page.getByRole("list", { name: "Deleted cards" });
    await list.getByText("#1 Draft the memo").waitFor();
    await list.getByText("#2 Ship it").waitFor();
    await list
      .getByText(/Deleted by Ada Lovelace/)
      .first()
      .waitFor();
    await shootPage(ada.page, "trash-view", () => list.getByText("#1 Draft the memo").waitFor());

    // Bob, a member, sees the trash and may restore, but not empty it.
    await bob.page.goto(`${projectUrl}/trash`);
    await bob.page.getByRole("list", { name: "Deleted cards" }).getByText("#2 Ship it").waitFor();
    expect(await bob.page.getByRole("button", { name: "Empty trash" }).count()).toBe(0);

    await list.getByRole("button", { name: "Restore #1" }).click();
    await ada.page.getByText("#1 is back on the board.").waitFor();
    await list.getByText("#1 Draft the memo").waitFor({ state: "detached" });
    // Bob's open trash follows live.
    await bob.page.getByText("#1 Draft the memo").waitFor({ state: "detached" });

    await ada.page.getByRole("button", { name: "Empty trash" }).click();
    await shootPage(ada.page, "trash-empty-confirm", () =>
      ada.page.getByRole("dialog", { name: "Empty the trash?" }).waitFor(),
    );
    await ada.page.locator("kit-confirm").getByRole("button", { name: "Empty trash" }).click();
    await ada.page.getByText("The trash is empty.").first().waitFor();
    await shootPage(ada.page, "trash-empty", () => ada.page.locator("p.empty").waitFor());

    await ada.page.getByRole("link", { name: "← Launch" }).click();
    await card(ada.page, "Draft the memo").waitFor();
    expect(await card(ada.page, "Ship it").count()).toBe(0);
    expect([...ada.problems, ...bob.problems]).toEqual([]);
  }, 120_000);
});
