// Columns as people arrange them: dragged by their grip, moved with the keyboard, added at a place
// of one's choosing (by default before the done column); a colleague's open board follows live.
// Cards show a placeholder where a drag would drop them. A new project starts from a template with
// the priority ladder, and a set-up that fails half-way is finished by trying again.
import { screenshot } from "@org/browser-testing";
import {
  addCards,
  card,
  column,
  columnOrder,
  eventually,
  newProject,
  openNewProjectForm,
  shootPage,
  signUp,
  browserSuite,
  SUITE,
  type Person,
} from "../../../src/board/browser.ts";

const suite = browserSuite();
const people = suite.people;

async function someone(email: string, name: string) {
  const who = await suite.person();
  await signUp(who.page, suite.services.board.url, { email, name });
  return who;
}

/** Drags `from` by the mouse to the point (x, y), in steps as a hand does; `before` runs mid-drag. */
async function mouseDrag(
  who: Person,
  from: { x: number; y: number },
  to: { x: number; y: number },
  before?: () => Promise<void>,
) {
  const { mouse } = who.page;
  await mouse.move(from.x, from.y);
  await mouse.down();
  await mouse.move(from.x + 10, from.y + 4, { steps: 2 });
  await mouse.move(to.x, to.y, { steps: 8 });
  await before?.();
  await mouse.up();
}

const centre = async (locator: ReturnType<Person["page"]["locator"]>) => {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

describe("columns", () => {
  it("reorder by mouse and keyboard, take a chosen place, and move on a colleague's board live", async () => {
    const ada = await someone("ada@example.com", "Ada Lovelace");
    const bob = await someone("bob@example.com", "Bob Builder");
    const projectUrl = await newProject(ada.page, "Roadmap");
    await ada.page.goto(`${projectUrl}/settings`);
    // Bob joins by the invitation link Ada hands him.
    await ada.page.getByRole("textbox", { name: "Invite by link, for" }).fill("bob@example.com");
    await ada.page.getByRole("button", { name: "Create link" }).click();
    const link = (await ada.page.locator("board-secret-value code").textContent()) ?? "";
    await bob.page.goto(link);
    await bob.page.getByRole("button", { name: "Join Roadmap" }).click();
    await bob.page.getByRole("heading", { name: "Roadmap", level: 1 }).waitFor();
    await ada.page.goto(projectUrl);
    for (const who of [ada, bob]) await column(who.page, "Done").waitFor();
    expect(await columnOrder(bob.page)).toEqual(["To do", "In progress", "Done"]);

    // By mouse: Done's grip to the left of To do; the placeholder shows where it lands.
    const grip = ada.page.getByRole("button", { name: /^Move column Done/ });
    const target = (await column(ada.page, "To do").boundingBox())!;
    await mouseDrag(ada, await centre(grip), { x: target.x + 20, y: target.y + 40 }, async () => {
      await ada.page.locator("section.column.placeholder").waitFor();
      expect(await ada.page.locator("section.column.placeholder + section.column h2").innerText()).toBe(
        "To do",
      );
      await screenshot(ada.page, SUITE, "board-column-drag-light-1280");
    });
    const moved = ["Done", "To do", "In progress"];
    expect(await columnOrder(ada.page)).toEqual(moved);
    await eventually(() => columnOrder(bob.page), moved);

    // By keyboard: To do's grip, Alt+→.
    await ada.page.getByRole("button", { name: /^Move column To do/ }).focus();
    await ada.page.keyboard.press("Alt+ArrowRight");
    await ada.page
      .getByRole("status")
      .filter({ hasText: "Moved the column To do to position 3 of 3." })
      .waitFor();
    const keyed = ["Done", "In progress", "To do"];
    expect(await columnOrder(ada.page)).toEqual(keyed);
    await eventually(() => columnOrder(bob.page), keyed);

    // A new column where it is asked for: after In progress, from that column's menu.
    await ada.page.getByRole("button", { name: "Actions for In progress" }).click();
    await shootPage(ada.page, "board-column-menu", () => ada.page.getByRole("menu").waitFor());
    await ada.page.getByRole("menuitem", { name: "Add a column after" }).click();
    await ada.page.getByRole("textbox", { name: "New column" }).first().fill("Review");
    await ada.page.keyboard.press("Enter");
    const inserted = ["Done", "In progress", "Review", "To do"];
    await eventually(() => columnOrder(ada.page), inserted);
    await eventually(() => columnOrder(bob.page), inserted);
    await ada.page.reload();
    await column(ada.page, "Review").waitFor();
    expect(await columnOrder(ada.page)).toEqual(inserted);

    // Review becomes a done column from its menu; Bob's open board ticks it live.
    await ada.page.getByRole("button", { name: "Actions for Review" }).click();
    await ada.page.getByRole("menuitemcheckbox", { name: "Done column" }).click();
    await column(bob.page, "Review").getByRole("img", { name: "done column" }).waitFor();
    expect([...ada.problems, ...bob.problems]).toEqual([]);
  });

  it("shows a placeholder where a dragged card would land", async () => {
    const ada = people[0]!;
    await addCards(ada.page, "To do", ["First", "Second", "Third"]);
    const to = (await card(ada.page, "First").boundingBox())!;
    await mouseDrag(ada, await centre(card(ada.page, "Third")), { x: to.x + 30, y: to.y + 5 }, async () => {
      const placeholder = column(ada.page, "To do").locator("li.placeholder");
      await placeholder.waitFor();
      // It holds the room of the card, before First.
      expect((await placeholder.boundingBox())!.height).toBeGreaterThan(30);
      expect(await column(ada.page, "To do").locator("ol > li").first().getAttribute("class")).toContain(
        "placeholder",
      );
      await shootPage(ada.page, "board-card-drag", () => placeholder.waitFor());
    });
    await eventually(
      () => column(ada.page, "To do").locator("li[data-card-id] .title").allInnerTexts(),
      ["Third", "First", "Second"],
    );
    expect(ada.problems).toEqual([]);
  });
});

describe("done columns and new projects", () => {
  it("start a project from the kanban template, mark a done column in its menu, add columns before Done", async () => {
    const ada = people[0]!;
    await openNewProjectForm(ada.page);
    await ada.page.getByLabel("Name").fill("Agents at work");
    await ada.page
      .getByLabel("Columns")
      .selectOption({ label: "Kanban: Backlog, Todo, In progress, Review, Done" });
    await shootPage(ada.page, "new-project-kanban", () => ada.page.getByLabel("Columns").waitFor());
    await ada.page.getByRole("button", { name: "Create project" }).click();
    await ada.page.getByRole("heading", { name: "Agents at work", level: 1 }).waitFor();
    await column(ada.page, "Done").waitFor();
    expect(await columnOrder(ada.page)).toEqual(["Backlog", "Todo", "In progress", "Review", "Done"]);
    // The template's Done is a done column: ticked in the board and in its menu.
    await column(ada.page, "Done").getByRole("img", { name: "done column" }).waitFor();
    expect(await ada.page.getByRole("img", { name: "done column" }).count()).toBe(1);

    // The form at the end of the board adds before Done.
    await ada.page.getByRole("textbox", { name: "New column", exact: true }).fill("Blocked");
    await ada.page.getByRole("button", { name: "Add column" }).click();
    await eventually(
      () => columnOrder(ada.page),
      ["Backlog", "Todo", "In progress", "Review", "Blocked", "Done"],
    );

    // Review becomes a done column too; Done stops being one.
    await ada.page.getByRole("button", { name: "Actions for Review" }).click();
    const reviewDone = ada.page.getByRole("menuitemcheckbox", { name: "Done column" });
    expect(await reviewDone.getAttribute("aria-checked")).toBe("false");
    await reviewDone.click();
    await column(ada.page, "Review").getByRole("img", { name: "done column" }).waitFor();
    await ada.page.getByRole("button", { name: "Actions for Done" }).click();
    await shootPage(ada.page, "board-done-column-menu", () =>
      ada.page.getByRole("menuitemcheckbox", { name: "Done column", checked: true }).waitFor(),
    );
    await ada.page.getByRole("menuitemcheckbox", { name: "Done column" }).click();
    await ada.page.getByRole("status").filter({ hasText: "Done is no longer a done column." }).waitFor();
    await ada.page.reload();
    await column(ada.page, "Review").getByRole("img", { name: "done column" }).waitFor();
    expect(await column(ada.page, "Done").getByRole("img", { name: "done column" }).count()).toBe(0);
    expect(ada.problems).toEqual([]);
  });

  it("finish a new project's priority ladder by trying again after a request failed half-way", async () => {
    const ada = people[0]!;
    // The third rung's request never reaches the server (a dropped connection), once.
    let posted = 0;
    await ada.page.route("**/api/v1/projects/*/priorities", async (route) => {
      if (route.request().method() === "POST" && ++posted === 3) return route.abort("connectionreset");
      return route.continue();
    });
    await openNewProjectForm(ada.page);
    await ada.page.getByLabel("Name").fill("Half made");
    await ada.page.getByRole("button", { name: "Create project" }).click();
    const alert = ada.page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.innerText()).toBe(
      "“Half made” was created, but not all of its priorities: The server cannot be reached. Check your connection and try again.",
    );
    await shootPage(ada.page, "new-project-setup-failed", () =>
      ada.page.getByRole("button", { name: "Try again" }).waitFor(),
    );
    await ada.page.getByRole("button", { name: "Try again" }).click();
    await ada.page.getByRole("heading", { name: "Half made", level: 1 }).waitFor();
    await ada.page.unroute("**/api/v1/projects/*/priorities");
    expect(await columnOrder(ada.page)).toEqual(["To do", "In progress", "Done"]);
    await column(ada.page, "Done").getByRole("img", { name: "done column" }).waitFor();
    await ada.page.getByRole("link", { name: "Settings" }).click();
    const ladder = ada.page.locator("section[aria-labelledby=priorities] ol > li");
    await ladder.first().waitFor();
    expect((await ladder.allInnerTexts()).map((text) => text.replace(/[⋮×]/g, "").trim())).toEqual([
      "Urgent",
      "High",
      "Medium",
      "Low",
    ]);
    // Only one project of that name: trying again did not make another.
    await ada.page.getByRole("link", { name: "Projects" }).click();
    await ada.page.getByRole("heading", { name: "Half made", level: 2 }).waitFor();
    expect(await ada.page.getByRole("heading", { name: "Half made", level: 2 }).count()).toBe(1);
    // The failed request shows as a console error; nothing else may.
    expect(ada.problems.filter((problem) => !problem.includes("net::ERR_CONNECTION_RESET"))).toEqual([]);
  });
});

describe("a long column", () => {
  it("shows its first cards at once, the rest as it scrolls or the keyboard walks on, and moves them as ever", async () => {
    const ada = await someone("cy@example.com", "Cy Long");
    const projectUrl = await newProject(ada.page, "Long haul", { priorities: false });
    const columnId = await column(ada.page, "To do").getAttribute("data-column-id");
    // 100 cards through the API, as an agent or an import would add them.
    const origin = new URL(projectUrl).origin;
    const session = await ada.context.request.get(`${origin}/app/auth/session`);
    const { csrf_token } = (await session.json()) as { csrf_token: string };
    for (let number = 1; number <= 100; number += 1) {
      const added = await ada.context.request.post(`${origin}/api/v1/columns/${columnId}/cards`, {
        headers: { "X-CSRF-Token": csrf_token },
        data: { title: `Task ${number}` },
      });
      expect(added.status()).toBe(201);
    }
    await ada.page.reload();
    const todo = column(ada.page, "To do");
    await card(ada.page, "Task 1").first().waitFor();
    expect(await todo.locator(".count").innerText()).toBe("100");
    // A screenful and more is built, not all 100.
    const built = await todo.locator("li[data-card-id]").count();
    expect(built).toBeGreaterThan(10);
    expect(built).toBeLessThan(100);

    // Scrolled to its end, the column shows its last card.
    const list = todo.locator("ol.cards");
    await eventually(async () => {
      await list.evaluate((element) => (element.scrollTop = element.scrollHeight));
      return card(ada.page, "Task 100").isVisible();
    }, true);
    await shootPage(ada.page, "board-long-column", () => card(ada.page, "Task 100").waitFor());

    // The keyboard walks past the first cards built and moves a card there.
    await ada.page.reload();
    await card(ada.page, "Task 1").first().waitFor();
    const lastBuilt = await todo.locator("li[data-card-id]").count();
    await todo
      .locator("li[data-card-id]")
      .nth(lastBuilt - 1)
      .focus();
    await ada.page.keyboard.press("Tab");
    expect(await todo.locator("li[data-card-id]:focus .title").innerText()).toBe(`Task ${lastBuilt + 1}`);
    await ada.page.keyboard.press("Alt+ArrowDown");
    await ada.page
      .getByRole("status")
      .filter({ hasText: `Moved #${lastBuilt + 1} to To do, position ${lastBuilt + 2}.` })
      .waitFor();
    await eventually(
      () =>
        todo
          .locator("li[data-card-id] .title")
          .nth(lastBuilt + 1)
          .innerText(),
      `Task ${lastBuilt + 1}`,
    );
    expect(ada.problems).toEqual([]);
  });
});
