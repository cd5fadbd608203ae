// A dropped live socket (issue 31): the page says "Reconnecting…" while it is away, and when it is
// back the open board and card panel are read again, so a card a colleague moved meanwhile (an
// event this page never got) shows where it is.
import {
  addCards,
  browserSuite,
  card,
  column,
  newProject,
  shootPage,
  signUp,
  type Person,
} from "../../../src/board/browser.ts";

const suite = browserSuite();

/** Calls of the board's API as the signed-in page makes them (session cookie, CSRF token), in order. */
async function pageApi<T>(
  who: Person,
  calls: Array<[method: string, path: string, body?: unknown]>,
): Promise<T[]> {
  return who.page.evaluate(async (calls) => {
    const session = await (await fetch("/app/auth/session")).json();
    const results = [];
    for (const [method, path, body] of calls) {
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: { "Content-Type": "application/json", "X-CSRF-Token": session.csrf_token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      const text = await response.text();
      results.push(text ? JSON.parse(text) : null);
    }
    return results;
  }, calls);
}

describe("a dropped live socket", () => {
  it("shows Reconnecting…, and once back the board and the open card show what changed meanwhile", async () => {
    const ada = await suite.person();
    const bob = await suite.person();
    for (const { context } of [ada, bob]) context.setDefaultTimeout(20_000);
    await signUp(ada.page, suite.services.board.url, { email: "ada@example.com", name: "Ada Lovelace" });
    await signUp(bob.page, suite.services.board.url, { email: "bob@example.com", name: "Bob Builder" });
    const projectUrl = await newProject(ada.page, "Launch");
    await addCards(ada.page, "To do", ["Ship it"]);
    const projectId = projectUrl.split("/").pop()!;
    const [bobUser] = await pageApi<{ id: string }>(bob, [["GET", "/me"]]);
    await pageApi(ada, [
      ["POST", `/projects/${projectId}/members`, { user_id: bobUser!.id, role: "member" }],
    ]);
    const [invitations] = await pageApi<{ data: Array<{ id: string }> }>(bob, [["GET", "/me/invitations"]]);
    await pageApi(bob, [["POST", `/invitations/${invitations!.data[0]!.id}/accept`]]);
    await bob.page.goto(projectUrl);
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
    // Live events flow again: Ada's next move reaches Bob without a reload.
    const done = await column(bob.page, "Done").getAttribute("data-column-id");
    await pageApi(ada, [["POST", `/cards/${shipIt}/move`, { to_column_id: done }]]);
    await column(bob.page, "Done").locator("li[data-card-id]", { hasText: "Ship it on Friday" }).waitFor();

    // Only the socket's failed attempts while offline are in Bob's console.
    expect(bob.problems.filter((problem) => !/WebSocket|ERR_INTERNET_DISCONNECTED/.test(problem))).toEqual(
      [],
    );
    expect(ada.problems.filter((problem) => !/WebSocket/.test(problem))).toEqual([]);
  }, 180_000);
});
