// A dropped live socket (issue 31): the page says "Reconnecting…" while it is away, and when it is
// back the open board and card panel are read again, so a card a colleague moved meanwhile (an
// event this page never got) shows where it is. Then live events patch the board with the cards
// they carry, without reading the board again.
import {
  browserSuite,
  card,
  column,
  pageApi,
  shootPage,
  twoPeopleOnAProject,
} from "../../../src/board/browser.ts";

const suite = browserSuite();

describe("a dropped live socket", () => {
  it("shows Reconnecting…, and once back the board and the open card show what changed meanwhile", async () => {
    const { ada, bob } = await twoPeopleOnAProject(suite, ["Ship it"]);
    await card(bob.page, "Ship it").click();
    const panel = bob.page.getByRole("dialog", { name: /Card #1/ });
    await panel.getByLabel("Column").waitFor();
    const shipIt = await card(bob.page, "Ship it").getAttribute("data-card-id");
    const inProgress = await column(bob.page, "In progress").getAttribute("data-column-id");

    // Bob's network goes; the server drops every socket (as a restart would).
    await bob.context.setOffline(true);
    suite.services.board.dropSockets();
    const banner = bob.page.getByText("Reconnecting…");
    await banner.waitFor();
    await shootPage(bob.page, "reconnecting", () => banner.waitFor());

    // Meanwhile Ada moves the card and renames it: Bob's page gets neither event.
    await pageApi(ada, [
      ["POST", `/cards/${shipIt}/move`, { to_column_id: inProgress }],
      ["PATCH", `/cards/${shipIt}`, { title: "Ship it on Friday" }],
    ]);
    await bob.page.waitForTimeout(1000);
    expect(await column(bob.page, "To do").locator("li[data-card-id]").count()).toBe(1);

    // Back online: the banner goes and the board and panel show the card where it is now.
    await bob.context.setOffline(false);
    await banner.waitFor({ state: "detached", timeout: 30_000 });
    await column(bob.page, "In progress")
      .locator("li[data-card-id]", { hasText: "Ship it on Friday" })
      .waitFor();
    expect(await column(bob.page, "To do").locator("li[data-card-id]").count()).toBe(0);
    await expect(panel.getByLabel("Column").inputValue()).resolves.toBe(inProgress);
    await expect(panel.getByRole("textbox", { name: "Title" }).inputValue()).resolves.toBe(
      "Ship it on Friday",
    );
    await shootPage(bob.page, "reconnected", () =>
      column(bob.page, "In progress").locator("li[data-card-id]").first().waitFor(),
    );
    // Live events flow again, and each patches Bob's board with the card it carries: a move, a new
    // card, a rename, a move to the top, a delete, and Bob's page never reads the board again.
    const boardReads: string[] = [];
    bob.page.on("request", (request) => {
      if (/\/api\/v1\/projects\/[^/]+\/columns/.test(request.url())) boardReads.push(request.url());
    });
    const [done, todo] = await Promise.all(
      ["Done", "To do"].map((name) => column(bob.page, name).getAttribute("data-column-id")),
    );
    await pageApi(ada, [["POST", `/cards/${shipIt}/move`, { to_column_id: done }]]);
    await column(bob.page, "Done").locator("li[data-card-id]", { hasText: "Ship it on Friday" }).waitFor();
    const [added] = await pageApi<{ id: string }>(ada, [
      ["POST", `/columns/${todo}/cards`, { title: "Write docs" }],
    ]);
    await column(bob.page, "To do").locator("li[data-card-id]", { hasText: "Write docs" }).waitFor();
    await pageApi(ada, [
      ["PATCH", `/cards/${added!.id}`, { title: "Write the docs" }],
      ["POST", `/cards/${added!.id}/move`, { to_column_id: done, position: 0 }],
    ]);
    const doneTitles = column(bob.page, "Done").locator("li[data-card-id]");
    await doneTitles.filter({ hasText: "Write the docs" }).waitFor();
    await expect(doneTitles.allTextContents()).resolves.toEqual([
      expect.stringContaining("Write the docs"),
      expect.stringContaining("Ship it on Friday"),
    ]);
    await pageApi(ada, [["DELETE", `/cards/${shipIt}`]]);
    await doneTitles.filter({ hasText: "Ship it on Friday" }).waitFor({ state: "detached" });
    expect(await column(bob.page, "To do").locator("li[data-card-id]").count()).toBe(0);
    expect(boardReads).toEqual([]);

    // Only the socket's failed attempts while offline are in Bob's console.
    expect(bob.problems.filter((problem) => !/WebSocket|ERR_INTERNET_DISCONNECTED/.test(problem))).toEqual(
      [],
    );
    expect(ada.problems.filter((problem) => !/WebSocket/.test(problem))).toEqual([]);
  }, 180_000);
});
