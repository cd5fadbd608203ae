// Finding cards on a long board: the search box (`/` focuses it) and the filters find a card the
// column has not drawn yet (find_cards searches the server), the URL keeps them through a reload
// and an opened card, Back and Forward step through them, and My cards lists a person's work
// across projects.
import {
  browserSuite,
  card,
  column,
  newProject,
  shootPage,
  signUp,
  type Person,
  pageApi,
} from "../../../src/board/browser.ts";

const suite = browserSuite();

describe("finding cards", () => {
  let ada: Person;
  let projectUrl = "";

  it("a long board: a column draws its first 30 cards", async () => {
    ada = await suite.person();
    const { page } = ada;
    await signUp(page, suite.services.board.url, { email: "ada@example.com", name: "Ada Lovelace" });
    projectUrl = await newProject(page, "Launch");
    const projectId = projectUrl.split("/").pop()!;
    const todo = await column(page, "To do").getAttribute("data-column-id");
    const [me, bug] = await pageApi<{ id: string }>(ada, [
      ["GET", "/me"],
      ["POST", `/projects/${projectId}/labels`, { name: "bug" }],
    ]);
    // 61 cards (the board): the column draws its first 30; the needle is #55.
    const cards = Array.from({ length: 61 }, (_, index) =>
      index === 54
        ? { title: "Find the needle", label_ids: [bug!.id] }
        : index === 58
          ? { title: "Pay the invoice", assignee_id: me!.id, due_at: "2020-01-01" }
          : { title: `Task ${index + 1}` },
    );
    await pageApi(
      ada,
      cards.map((body): [string, string, unknown] => ["POST", `/columns/${todo}/cards`, body]),
    );
    await page.reload();
    await card(page, "Task 20").waitFor();
    // The column draws its first cards only: the needle is not on the page.
    expect(await card(page, "Find the needle").count()).toBe(0);
    // Signing up, a project and 61 cards: generous on a loaded machine.
  }, 120_000);

  it("finds by text a card the column has not drawn; `/` focuses the search box, the URL keeps it", async () => {
    const { page } = ada;

    await page.keyboard.press("/");
    await page.getByRole("searchbox", { name: "Search cards" }).pressSequentially("needle");
    await page.getByRole("status").filter({ hasText: "1 card matches." }).waitFor();
    await column(page, "To do").locator("li[data-card-id]", { hasText: "Find the needle" }).waitFor();
    expect(await column(page, "To do").locator("li[data-card-id]").count()).toBe(1);
    expect(new URL(page.url()).search).toBe("?q=needle");
    await shootPage(page, "board-search", () => card(page, "Find the needle").waitFor());

    expect(ada.problems).toEqual([]);
  });

  it("filters by label through a reload and an opened card, by due date and assignee, and clears", async () => {
    const { page } = ada;
    const projectId = projectUrl.split("/").pop()!;
    const bug = page.getByRole("combobox", { name: "Label" }).locator("option", { hasText: "bug" });
    const bugId = (await bug.getAttribute("value"))!;
    // By label instead of text; a reload keeps the filter, and so does opening a card and closing it.
    await page.getByRole("searchbox", { name: "Search cards" }).fill("");
    await page.waitForURL((url) => url.search === "");
    await page.getByRole("combobox", { name: "Label" }).selectOption({ label: "bug" });
    await page.waitForURL((url) => url.search === `?label=${bugId}`);
    await card(page, "Find the needle").waitFor();
    await page.reload();
    await card(page, "Find the needle").waitFor();
    expect(await page.getByRole("combobox", { name: "Label" }).inputValue()).toBe(bugId);
    expect(await column(page, "To do").locator("li[data-card-id]").count()).toBe(1);
    // Back returns to the search before the label filter, Forward to the label filter again.
    await page.goBack();
    await page.waitForURL((url) => url.search === "");
    await card(page, "Task 20").waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.search === "?q=needle");
    await page.getByRole("status").filter({ hasText: "1 card matches." }).waitFor();
    expect(await page.getByRole("searchbox", { name: "Search cards" }).inputValue()).toBe("needle");
    await page.goForward();
    await page.goForward();
    await page.waitForURL((url) => url.search === `?label=${bugId}`);
    await card(page, "Find the needle").waitFor();
    expect(await page.getByRole("combobox", { name: "Label" }).inputValue()).toBe(bugId);
    expect(await page.getByRole("searchbox", { name: "Search cards" }).inputValue()).toBe("");
    await shootPage(page, "board-filter-label", () => card(page, "Find the needle").waitFor());

    await card(page, "Find the needle").click();
    await page.getByRole("button", { name: "Close" }).click();
    await page.waitForURL((url) => url.pathname.endsWith(projectId) && url.search === `?label=${bugId}`);

    // Overdue and assigned to me; Clear shows the whole board again.
    await page.getByRole("combobox", { name: "Label" }).selectOption({ label: "Any label" });
    await page.getByRole("combobox", { name: "Due" }).selectOption({ label: "Overdue" });
    await page.getByRole("combobox", { name: "Assignee" }).selectOption({ label: "Ada Lovelace (you)" });
    await page.getByRole("status").filter({ hasText: "1 card matches." }).waitFor();
    await card(page, "Pay the invoice").waitFor();
    await page.getByRole("combobox", { name: "Claimed" }).selectOption({ label: "Claimed" });
    await page.getByRole("status").filter({ hasText: "No cards match." }).waitFor();
    await shootPage(page, "board-filter-none", () =>
      page.getByRole("status").filter({ hasText: "No cards match." }).waitFor(),
    );
    await page.getByRole("button", { name: "Clear" }).click();
    await card(page, "Task 20").waitFor();
    expect(new URL(page.url()).search).toBe("");
    expect(ada.problems).toEqual([]);
  });

  it("lists my cards across projects: due soon, assigned, claimed", async () => {
    const { page } = ada;
    await newProject(page, "Garden");
    const todo = await column(page, "To do").getAttribute("data-column-id");
    const [planted] = await pageApi<{ id: string }>(ada, [
      ["POST", `/columns/${todo}/cards`, { title: "Plant the roses", owner_type: "agent" }],
    ]);
    await pageApi(ada, [["POST", `/cards/${planted!.id}/claim`, {}]]);
    await page.getByRole("link", { name: "My cards" }).click();
    await page.getByRole("heading", { name: "My cards", level: 1 }).waitFor();
    const section = (name: string) => page.getByRole("region", { name });
    await section("Due soon 1")
      .getByRole("link", { name: /Pay the invoice/ })
      .waitFor();
    await section("Assigned to you 1")
      .getByRole("link", { name: /Pay the invoice.*Launch/ })
      .waitFor();
    await section("Claimed by you 1")
      .getByRole("link", { name: /Plant the roses.*Garden/ })
      .waitFor();
    await shootPage(page, "my-cards", () => section("Claimed by you 1").waitFor());
    await section("Claimed by you 1")
      .getByRole("link", { name: /Plant the roses/ })
      .click();
    await page.getByRole("heading", { name: "Garden", level: 1 }).waitFor();
    await page.getByRole("dialog", { name: "Card #1" }).waitFor();
    expect(ada.problems).toEqual([]);
  });
});
