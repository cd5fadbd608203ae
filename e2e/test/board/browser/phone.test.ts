// The board on a phone (375 px, touch): the card panel fills the screen and its long title wraps;
// a card is moved by pressing it a moment and dragging it with the finger; a quick swipe scrolls;
// held near the board's edge, a dragged card scrolls the board to a column off the screen; "Move
// to…" in the card panel moves a card from a sheet at the bottom, seen live on a laptop.
import { screenshot, type Locator, type Page } from "@org/browser-testing";
import {
  addCards,
  addMember,
  card,
  column,
  eventually,
  newProject,
  pageApi,
  shootPage,
  SUITE,
  signUp,
  browserSuite,
  type Person,
} from "../../../src/board/browser.ts";

const suite = browserSuite();
let phone: Person;

beforeAll(async () => {
  phone = await suite.person({ viewport: { width: 375, height: 812 }, touch: true });
});

/** A finger: touch events through DevTools (what a phone's screen sends), in steps. */
async function finger(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
  let at = { x: 0, y: 0 };
  const hand = {
    /** Puts the finger down at `point` and holds it `holdMs`. */
    async press(point: { x: number; y: number }, holdMs: number) {
      at = point;
      await touch("touchStart", point.x, point.y);
      await page.waitForTimeout(holdMs);
    },
    /** Slides the finger to `to` in steps. */
    async slide(to: { x: number; y: number }) {
      const from = at;
      for (let step = 1; step <= 10; step += 1) {
        at = { x: from.x + ((to.x - from.x) * step) / 10, y: from.y + ((to.y - from.y) * step) / 10 };
        await touch("touchMove", at.x, at.y);
        await page.waitForTimeout(16);
      }
    },
    async lift() {
      await touch("touchEnd", at.x, at.y);
    },
    /** Presses at `from`, holds `holdMs`, moves to `to` in steps, lifts. */
    async drag(from: { x: number; y: number }, to: { x: number; y: number }, holdMs: number) {
      await hand.press(from, holdMs);
      await hand.slide(to);
      await hand.lift();
    },
  };
  return hand;
}

/** The middle of a card's grip (⋮⋮), where a finger takes it. */
async function grip(page: Page, title: string) {
  const box = (await card(page, title).locator(".card-grip").boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A select's chosen option, as it reads. */
const chosen = (select: Locator) =>
  select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.text ?? "");

const titles = (page: Page, name: string) =>
  column(page, name).locator("li[data-card-id] .title").allTextContents();

describe("on a phone", () => {
  it("opens a card full screen with its long title wrapped", async () => {
    const { page } = phone;
    await signUp(page, suite.services.board.url, { email: "pat@example.com", name: "Pat Phone" });
    await newProject(page, "Pocket");
    const long = "Write the onboarding guide for new colleagues who join the team in December";
    await addCards(page, "To do", [long, "Second", "Third"]);
    await card(page, long).click();
    const panel = page.getByRole("dialog", { name: /Card #1/ });
    await panel.waitFor();
    const box = (await panel.boundingBox())!;
    expect([box.x, box.width]).toEqual([0, 375]);
    const title = panel.getByRole("textbox", { name: "Title" });
    expect(await title.inputValue()).toBe(long);
    // The whole title shows: it wraps onto several lines instead of being cut.
    const { scrollWidth, clientWidth, clientHeight } = await title.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      clientHeight: element.clientHeight,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    expect(clientHeight).toBeGreaterThan(60);
    // Description and discussion come first; the details follow.
    const order = await panel
      .locator(".desc, board-card-comments, .side")
      .evaluateAll((parts) => parts.map((part) => part.getBoundingClientRect().top));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    await shootPage(page, "card-panel-phone", () => title.waitFor());
    // The discussion is readable: a comment takes the panel's width, its words unbroken (at the
    // phone's width again: shootPage leaves the page at 1280 px).
    await page.setViewportSize({ width: 375, height: 812 });
    await panel
      .getByRole("textbox", { name: "Comment" })
      .fill("Reviewed the onboarding documentation thoroughly; internationalization pending.");
    await panel.getByRole("button", { name: "Comment", exact: true }).click();
    const comment = panel.locator("li.comment .prose").first();
    await comment.getByText("internationalization pending").waitFor();
    const text = await comment.evaluate((element) => ({
      width: element.getBoundingClientRect().width,
      // A word broken mid-word would make some line box narrower than the longest word.
      longestWord: (() => {
        const range = document.createRange();
        const node = element.querySelector("p")?.firstChild ?? element.firstChild!;
        const content = node.textContent ?? "";
        const start = content.indexOf("internationalization");
        range.setStart(node, start);
        range.setEnd(node, start + "internationalization".length);
        return range.getClientRects().length;
      })(),
    }));
    expect(text.width).toBeGreaterThan(250);
    expect(text.longestWord).toBe(1);
    await shootPage(page, "card-comment-phone", () => comment.waitFor());
    // The next steps on the phone's screen again.
    await page.setViewportSize({ width: 375, height: 812 });
    await panel.getByRole("button", { name: "Close" }).click();
    await panel.waitFor({ state: "detached" });
    expect(phone.problems).toEqual([]);
  });

  it("moves a card dragged by its grip with a finger, while a swipe on the card does not move it", async () => {
    const { page } = phone;
    const touch = await finger(page);
    const at = async (title: string) => {
      const box = (await card(page, title).boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const before = await titles(page, "To do");
    // A swipe on the card itself scrolls, never moves it.
    await touch.drag(await at("Third"), { x: 200, y: (await at(before[0]!)).y - 10 }, 0);
    await page.waitForTimeout(300);
    expect(await titles(page, "To do")).toEqual(before);
    // Taken by its grip, dragged above the first card: it moves there.
    const first = await at(before[0]!);
    await touch.drag(await grip(page, "Third"), { x: first.x, y: first.y - 20 }, 50);
    await eventually(() => titles(page, "To do"), ["Third", ...before.filter((title) => title !== "Third")]);
    // The server has it there too.
    await page.reload();
    await eventually(() => titles(page, "To do"), ["Third", ...before.filter((title) => title !== "Third")]);
    expect(phone.problems).toEqual([]);
  });

  it("scrolls the board while a card dragged with a finger is held near its edge, to a column off the screen", async () => {
    const { page } = phone;
    const touch = await finger(page);
    const done = column(page, "Done");
    // The board shows one column at a time: Done is off the screen, to the right.
    expect((await done.boundingBox())!.x).toBeGreaterThan(375);
    const start = await grip(page, "Second");
    await touch.press(start, 50);
    // Held at the right edge, the board scrolls (snapping to a column would hold it back)…
    await touch.slide({ x: 368, y: start.y });
    await page.waitForFunction(
      (board) => {
        const left = [...(board?.shadowRoot?.querySelectorAll("section.column h2") ?? [])]
          .find((heading) => heading.textContent === "Done")
          ?.getBoundingClientRect().left;
        return left !== undefined && left < 180;
      },
      await page.locator("board-board-view").elementHandle(),
      { timeout: 8000, polling: 16 },
    );
    // …until Done is there: the card is dropped on it.
    await touch.slide({ x: 187, y: start.y });
    const box = (await done.boundingBox())!;
    const visible = { left: Math.max(box.x, 0), right: Math.min(box.x + box.width, 375) };
    await touch.slide({ x: (visible.left + visible.right) / 2, y: start.y });
    await touch.lift();
    await eventually(() => titles(page, "Done"), ["Second"]);
    // The server has it there too.
    const projectId = new URL(page.url()).pathname.split("/")[3]!;
    const doneOnServer = async () => {
      const [board] = await pageApi<{ data: Array<{ name: string; cards: Array<{ title: string }> }> }>(
        phone,
        [["GET", `/projects/${projectId}/columns`]],
      );
      return board!.data.find((one) => one.name === "Done")!.cards.map((one) => one.title);
    };
    await eventually(doneOnServer, ["Second"]);
    expect(phone.problems).toEqual([]);
  });

  it("moves a card with Move to… in a sheet at the bottom, seen live on a laptop; a refused move stays put and says why", async () => {
    const { page } = phone;
    const projectUrl = page.url().split("?")[0]!;
    const projectId = new URL(projectUrl).pathname.split("/")[3]!;
    // Sam, a member on a laptop, has the board open.
    const sam = await suite.person();
    await signUp(sam.page, suite.services.board.url, { email: "sam@example.com", name: "Sam Desk" });
    await addMember(phone, sam, projectId);
    await sam.page.goto(projectUrl);
    await card(sam.page, "Third").waitFor();
    // Pat opens Third and taps Move to…: a sheet along the bottom of the screen.
    await card(page, "Third").click();
    const panel = page.getByRole("dialog", { name: /Card #3/ });
    await panel.getByRole("button", { name: "Move to…" }).click();
    const sheet = page.getByRole("dialog", { name: "Move #3" });
    await sheet.waitFor();
    const box = (await sheet.boundingBox())!;
    expect([box.x, box.width, Math.round(box.y + box.height)]).toEqual([0, 375, 812]);
    // With the keyboard: the column (focus starts there), then the place in it.
    const where = sheet.getByRole("combobox", { name: "Column" });
    expect(await where.evaluate((element) => element.matches(":focus"))).toBe(true);
    // It opens on the card's own place, where Move has nothing to do.
    const moveButton = sheet.getByRole("button", { name: "Move", exact: true });
    expect(await moveButton.isDisabled()).toBe(true);
    await screenshot(sheet, SUITE, "move-sheet-unchanged-375");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await chosen(where)).toBe("Done");
    expect(await moveButton.isDisabled()).toBe(false);
    const position = sheet.getByRole("combobox", { name: "Position" });
    expect(
      await position.evaluate((select: HTMLSelectElement) => [...select.options].map((one) => one.text)),
    ).toEqual(["Top", "Bottom"]);
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowUp");
    expect(await chosen(position)).toBe("Top");
    await shootPage(page, "move-sheet", () => sheet.waitFor());
    await page.setViewportSize({ width: 375, height: 812 });
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await sheet.waitFor({ state: "hidden" });
    await panel.getByText("In Done").waitFor();
    await page.locator("board-toasts").getByText("Moved #3 to Done, position 1.").waitFor();
    await shootPage(page, "move-sheet-moved", () => panel.getByText("In Done").waitFor());
    await page.setViewportSize({ width: 375, height: 812 });
    await eventually(() => titles(page, "Done"), ["Third", "Second"]);
    await eventually(() => titles(sam.page, "Done"), ["Third", "Second"]);
    // A card with a child not done yet may not enter a done column: the board puts it back and the
    // toast says why, in words for a person (no API option).
    await panel.getByRole("button", { name: "Close" }).click();
    const long = (await titles(page, "To do"))[0]!;
    await card(page, long).click();
    const parent = page.getByRole("dialog", { name: /Card #1/ });
    const parentId = new URL(page.url()).pathname.split("/").pop()!;
    await pageApi(phone, [["POST", `/cards/${parentId}/decompose`, { cards: [{ title: "Draft outline" }] }]]);
    await parent.getByRole("button", { name: "Move to…" }).click();
    const again = page.getByRole("dialog", { name: "Move #1" });
    await again.getByRole("combobox", { name: "Column" }).selectOption({ label: "Done" });
    await again.getByRole("button", { name: "Move" }).click();
    await page
      .locator("board-toasts")
      .getByText(
        'The card has a child that is not done: #4 "Draft outline". Move them to a done column (or archive them) first.',
      )
      .waitFor();
    await parent.getByText("In To do").waitFor();
    await eventually(() => titles(page, "Done"), ["Third", "Second"]);
    await eventually(() => titles(page, "To do"), [long, "Draft outline"]);
    expect(await titles(sam.page, "Done")).toEqual(["Third", "Second"]);
    // Escape closes the sheet only; focus is back on Move to….
    await parent.getByRole("button", { name: "Move to…" }).click();
    await again.waitFor();
    await page.keyboard.press("Escape");
    await again.waitFor({ state: "hidden" });
    expect(await parent.isVisible()).toBe(true);
    expect(
      await parent.getByRole("button", { name: "Move to…" }).evaluate((element) => element.matches(":focus")),
    ).toBe(true);
    // The refused move is the browser's one complaint.
    expect([phone.problems, sam.problems]).toEqual([
      ["console: Failed to load resource: the server responded with a status of 409 (Conflict)"],
      [],
    ]);
  });
});
