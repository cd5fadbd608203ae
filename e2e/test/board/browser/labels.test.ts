// Labels as people keep them (issue 31): the card's label picker puts labels on and off, makes a
// new one ("+ New label", put on the card at once) and renames and recolours one in place; the
// project's settings rename and recolour too, and reorder the priority ladder by dragging a rung or
// with Alt+↑/↓. A colleague's open board and card follow label and priority changes live.
import { screenshot } from "@org/browser-testing";
import {
  addCards,
  addMember,
  browserSuite,
  card,
  eventually,
  newProject,
  pageApi,
  shootPage,
  signUp,
  SUITE,
} from "../../../src/board/browser.ts";

const suite = browserSuite();

describe("labels", () => {
  it("the card's picker makes a label and applies it, renames and recolours it; settings rename it too", async () => {
    const ada = await suite.person();
    const { page } = ada;
    page.context().setDefaultTimeout(20_000);
    await signUp(page, suite.services.board.url, { email: "ada@example.com", name: "Ada Lovelace" });
    const projectUrl = await newProject(page, "Launch");
    await addCards(page, "To do", ["Fix the login bug"]);

    await card(page, "Fix the login bug").click();
    const panel = page.getByRole("dialog", { name: /Card #1/ });
    await panel.getByRole("button", { name: "Labels…" }).click();
    const picker = panel.getByRole("group", { name: "Pick labels" });
    await picker.getByText("No labels in this project yet.").waitFor();

    // + New label: made and on the card at once.
    await picker.getByRole("button", { name: "+ New label" }).click();
    const form = picker.getByRole("form", { name: "New label" });
    await form.getByLabel("Label name").fill("bug");
    await shootPage(page, "labels-picker-new", () => form.getByLabel("Label name").waitFor());
    await form.getByRole("button", { name: "Create" }).click();
    await page.getByText("Label “bug” made and added.").waitFor();
    const chips = panel.getByRole("group", { name: "Labels" }).locator(".chip");
    await chips.filter({ hasText: "bug" }).waitFor();
    await picker.getByRole("checkbox", { name: "bug" }).waitFor();
    expect(await picker.getByRole("checkbox", { name: "bug" }).isChecked()).toBe(true);
    await card(page, "Fix the login bug").locator(".chip", { hasText: "bug" }).waitFor();

    // Rename and recolour from the picker.
    await picker.getByRole("button", { name: "Edit label bug" }).click();
    const edit = picker.getByRole("form", { name: "Edit label bug" });
    await edit.getByLabel("Label name").fill("defect");
    await edit.getByLabel("Label colour").fill("#dc2626");
    await shootPage(page, "labels-picker-edit", () => edit.getByLabel("Label name").waitFor());
    await edit.getByRole("button", { name: "Save" }).click();
    await page.getByText("Label saved as “defect”.").waitFor();
    await chips.filter({ hasText: "defect" }).waitFor();
    await card(page, "Fix the login bug").locator(".chip", { hasText: "defect" }).waitFor();
    const dot = chips.filter({ hasText: "defect" }).locator(".dot");
    expect(await dot.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      "rgb(220, 38, 38)",
    );
    await shootPage(page, "labels-picker", () => picker.getByRole("checkbox", { name: "defect" }).waitFor());

    // Off and on again with its checkbox.
    await picker.getByRole("checkbox", { name: "defect" }).uncheck();
    await chips.filter({ hasText: "defect" }).waitFor({ state: "detached" });
    await picker.getByRole("checkbox", { name: "defect" }).check();
    await chips.filter({ hasText: "defect" }).waitFor();

    // Settings: rename it in place.
    await page.goto(`${projectUrl}/settings`);
    await page.getByRole("button", { name: "Edit label defect" }).click();
    const settingsForm = page.getByRole("form", { name: "Edit label defect" });
    await settingsForm.getByLabel("Label name").fill("regression");
    await shootPage(page, "labels-settings-edit", () => settingsForm.scrollIntoViewIfNeeded());
    await settingsForm.getByRole("button", { name: "Save" }).click();
    await page.getByText("Label saved as “regression”.").waitFor();
    await page.goto(projectUrl);
    await card(page, "Fix the login bug").locator(".chip", { hasText: "regression" }).waitFor();

    // The priority ladder (a new project's four rungs): one moved up with Alt+↑, one dragged to the top.
    await page.goto(`${projectUrl}/settings`);
    await page.locator("ol.ladder > li", { hasText: "Medium" }).waitFor();
    const ladder = () => page.locator("ol.ladder > li[data-priority-id]").allTextContents();
    const rungs = async () => (await ladder()).map((text) => text.replace(/[⋮×]/g, "").trim());
    expect(await rungs()).toEqual(["Urgent", "High", "Medium", "Low"]);
    const grip = (name: string) => page.getByRole("button", { name: new RegExp(`^Move priority ${name}:`) });
    await grip("Low").press("Alt+ArrowUp");
    await page.getByText("Low is now priority 3 of 4.").waitFor();
    // The toast says the server took it; the ladder is read again right after.
    await eventually(rungs, ["Urgent", "High", "Low", "Medium"]);
    await eventually(() => grip("Low").evaluate((element) => element.matches(":focus")), true);
    const from = (await grip("Medium").boundingBox())!;
    const top = (await page.locator("ol.ladder > li", { hasText: "Urgent" }).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, top.y + 4, { steps: 8 });
    await page.locator("ol.ladder > li.placeholder").waitFor();
    await shootPage(page, "priorities-drag", () => page.locator("ol.ladder > li.placeholder").waitFor());
    await page.mouse.up();
    await page.getByText("Medium is now the most urgent.").waitFor();
    await page.reload();
    await page.locator("ol.ladder > li", { hasText: "Urgent" }).waitFor();
    expect(await rungs()).toEqual(["Medium", "Urgent", "High", "Low"]);
    expect(ada.problems).toEqual([]);
  }, 180_000);

  it("a label made, renamed, recoloured and deleted in one browser changes on the other's card without a reload", async () => {
    const grace = await suite.person();
    const linus = await suite.person();
    for (const { context } of [grace, linus]) context.setDefaultTimeout(20_000);
    await signUp(grace.page, suite.services.board.url, { email: "grace@example.com", name: "Grace Hopper" });
    await signUp(linus.page, suite.services.board.url, { email: "linus@example.com", name: "Linus Pauling" });
    const projectUrl = await newProject(grace.page, "Compiler");
    await addCards(grace.page, "To do", ["Parse the input"]);
    await addMember(grace, linus, projectUrl.split("/").pop()!);
    // Linus has the card open, its label picker too.
    await linus.page.goto(projectUrl);
    await card(linus.page, "Parse the input").click();
    const linusPanel = linus.page.getByRole("dialog", { name: /Card #1/ });
    await linusPanel.getByRole("button", { name: "Labels…" }).click();
    const linusPicker = linusPanel.getByRole("group", { name: "Pick labels" });
    await linusPicker.getByText("No labels in this project yet.").waitFor();
    const linusTile = card(linus.page, "Parse the input");
    const linusChips = linusPanel.getByRole("group", { name: "Labels" }).locator(".chip");
    // The page never reads the board, the labels or the card again: what changes below came live.
    const reads: string[] = [];
    linus.page.on("request", (request) => {
      if (/\/api\/v1\/(projects\/[^/]+\/(columns|labels)|cards\/[^/?]+)(\?|$)/.test(request.url()))
        reads.push(request.url());
    });

    // Grace makes "bug" on the card from her picker: it shows on Linus's tile, panel and picker.
    await card(grace.page, "Parse the input").click();
    const gracePanel = grace.page.getByRole("dialog", { name: /Card #1/ });
    await gracePanel.getByRole("button", { name: "Labels…" }).click();
    const gracePicker = gracePanel.getByRole("group", { name: "Pick labels" });
    await gracePicker.getByRole("button", { name: "+ New label" }).click();
    await gracePicker.getByRole("form", { name: "New label" }).getByLabel("Label name").fill("bug");
    await gracePicker
      .getByRole("form", { name: "New label" })
      .getByRole("button", { name: "Create" })
      .click();
    await linusTile.locator(".chip", { hasText: "bug" }).waitFor();
    await linusChips.filter({ hasText: "bug" }).waitFor();
    expect(await linusPicker.getByRole("checkbox", { name: "bug" }).isChecked()).toBe(true);

    // Renamed and recoloured by Grace: Linus's tile, panel and picker follow.
    await gracePicker.getByRole("button", { name: "Edit label bug" }).click();
    const edit = gracePicker.getByRole("form", { name: "Edit label bug" });
    await edit.getByLabel("Label name").fill("defect");
    await edit.getByLabel("Label colour").fill("#dc2626");
    await edit.getByRole("button", { name: "Save" }).click();
    const renamedChip = linusTile.locator(".chip", { hasText: "defect" });
    await renamedChip.waitFor();
    await linusChips.filter({ hasText: "defect" }).waitFor();
    await linusPicker.getByRole("checkbox", { name: "defect" }).waitFor();
    expect(await linusTile.locator(".chip").allInnerTexts()).toEqual(["defect"]);
    expect(
      await renamedChip.locator(".dot").evaluate((element) => getComputedStyle(element).backgroundColor),
    ).toBe("rgb(220, 38, 38)");
    await screenshot(linus.page, SUITE, "labels-live-renamed-light-1280");

    // Taken off by Grace, put back, then deleted: gone from Linus's card.
    await gracePicker.getByRole("checkbox", { name: "defect" }).uncheck();
    await linusTile.locator(".chip").waitFor({ state: "detached" });
    expect(await linusPicker.getByRole("checkbox", { name: "defect" }).isChecked()).toBe(false);
    await gracePicker.getByRole("checkbox", { name: "defect" }).check();
    await renamedChip.waitFor();
    const [labels] = await pageApi<{ data: Array<{ id: string }> }>(grace, [
      ["GET", `/projects/${projectUrl.split("/").pop()}/labels`],
    ]);
    await pageApi(grace, [["DELETE", `/labels/${labels!.data[0]!.id}`]]);
    await linusTile.locator(".chip").waitFor({ state: "detached" });
    await linusChips.first().waitFor({ state: "detached" });
    await linusPicker.getByText("No labels in this project yet.").waitFor();
    expect(reads).toEqual([]);
    expect([...grace.problems, ...linus.problems]).toEqual([]);
  }, 180_000);
  it("a priority renamed, recoloured, moved and deleted in one browser changes on the other's card without a reload", async () => {
    const katherine = await suite.person();
    const alan = await suite.person();
    for (const { context } of [katherine, alan]) context.setDefaultTimeout(20_000);
    await signUp(katherine.page, suite.services.board.url, {
      email: "katherine@example.com",
      name: "Katherine Johnson",
    });
    await signUp(alan.page, suite.services.board.url, {
      email: "alan@example.com",
      name: "Alan Turing",
    });
    const projectUrl = await newProject(katherine.page, "Compiler");
    const projectId = projectUrl.split("/").pop()!;
    await addCards(katherine.page, "To do", ["Parse the input"]);
    await addMember(katherine, alan, projectId);
    // Katherine puts the card on "High" (the new project's ladder: Urgent, High, Medium, Low).
    await card(katherine.page, "Parse the input").click();
    const katherinePanel = katherine.page.getByRole("dialog", { name: /Card #1/ });
    await katherinePanel.getByRole("combobox", { name: "Priority" }).selectOption({ label: "High" });
    await card(katherine.page, "Parse the input").locator(".chip", { hasText: "High" }).waitFor();

    // Alan has the board and the card open.
    await alan.page.goto(projectUrl);
    await card(alan.page, "Parse the input").click();
    const alanPanel = alan.page.getByRole("dialog", { name: /Card #1/ });
    const alanSelect = alanPanel.getByRole("combobox", { name: "Priority" });
    const alanTile = card(alan.page, "Parse the input");
    const options = () => alanSelect.locator("option").allInnerTexts();
    const chosen = () => alanSelect.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text);
    await alanTile.locator(".chip", { hasText: "High" }).waitFor();
    await eventually(chosen, "High");
    expect(await options()).toEqual(["None", "Urgent", "High", "Medium", "Low"]);
    // The page never reads the board, the ladder or the card again: what changes below came live.
    const reads: string[] = [];
    alan.page.on("request", (request) => {
      if (/\/api\/v1\/(projects\/[^/]+\/(columns|priorities)|cards\/[^/?]+)(\?|$)/.test(request.url()))
        reads.push(request.url());
    });

    // Renamed and recoloured by Katherine (the API: settings rename no priority): Alan's tile and panel follow.
    const [ladder] = await pageApi<{ data: Array<{ id: string; name: string }> }>(katherine, [
      ["GET", `/projects/${projectId}/priorities`],
    ]);
    const high = ladder!.data.find((rung) => rung.name === "High")!;
    await pageApi(katherine, [["PATCH", `/priorities/${high.id}`, { name: "Soon", color: "#dc2626" }]]);
    const renamedChip = alanTile.locator(".chip", { hasText: "Soon" });
    await renamedChip.waitFor();
    expect(
      await renamedChip.locator(".dot").evaluate((element) => getComputedStyle(element).backgroundColor),
    ).toBe("rgb(220, 38, 38)");
    await eventually(chosen, "Soon");
    expect(await options()).toEqual(["None", "Urgent", "Soon", "Medium", "Low"]);
    await screenshot(alan.page, SUITE, "priorities-live-renamed-light-1280");

    // Moved in Katherine's settings (Low up one with Alt+↑): Alan's select lists the new order.
    await katherine.page.goto(`${projectUrl}/settings`);
    await katherine.page.getByRole("button", { name: /^Move priority Low:/ }).press("Alt+ArrowUp");
    await katherine.page.getByText("Low is now priority 3 of 4.").waitFor();
    await eventually(options, ["None", "Urgent", "Soon", "Low", "Medium"]);

    // Deleted in Katherine's settings: off Alan's tile and panel, gone from the select.
    await katherine.page.getByRole("button", { name: "Delete priority Soon" }).click();
    await renamedChip.waitFor({ state: "detached" });
    await eventually(options, ["None", "Urgent", "Low", "Medium"]);
    expect(await chosen()).toBe("None");
    expect(reads).toEqual([]);
    expect([...katherine.problems, ...alan.problems]).toEqual([]);
  }, 180_000);
});
