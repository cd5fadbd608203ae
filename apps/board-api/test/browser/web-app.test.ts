import { addVirtualAuthenticator, launchChromium, watchProblems } from "@org/browser-testing";
import type { Browser, BrowserContext, Page } from "@org/browser-testing";
import { shootPage, startServices, type RunningServices } from "./helpers.ts";

let browser: Browser;
let services: RunningServices;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [browser, services] = await Promise.all([launchChromium(), startServices()]);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await Promise.all([browser?.close(), services?.close()]);
});

/** A browser of its own (cookies, passkeys) on the web app. */
async function person() {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 860 },
    colorScheme: "light",
    // No transitions: a screenshot right after switching to dark shows dark, not a colour in between.
    reducedMotion: "reduce",
  });
  contexts.push(context);
  context.setDefaultTimeout(8000);
  const page = await context.newPage();
  const problems = await watchProblems(page);
  await addVirtualAuthenticator(page, { transport: "usb" });
  return { page, problems };
}

async function signUp(page: Page, email: string, name: string, shoot = false) {
  await page.goto(`${services.board.url}/app/signup`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill(name);
  if (shoot) await shootPage(page, "sign-up", () => page.getByRole("button", { name: "Continue" }).waitFor());
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("heading", { name: "Create your passkey" }).waitFor();
  await page.getByRole("button", { name: "Create passkey" }).waitFor();
  if (shoot)
    await shootPage(page, "sign-up-passkey", () =>
      page.getByRole("button", { name: "Create passkey" }).waitFor(),
    );
  await page.getByRole("button", { name: "Create passkey" }).click();
  await page.getByRole("heading", { name: "Projects" }).waitFor();
}

const column = (page: Page, name: string) =>
  page.locator("section.column", { has: page.getByRole("heading", { name }) });
const card = (page: Page, title: string) => page.locator("li[data-card-id]", { hasText: title });

describe("the web app", () => {
  let ada: Awaited<ReturnType<typeof person>>;
  let projectUrl = "";
  let apiToken = "";

  it("signs up with a passkey, signs out, and signs in again with it", async () => {
    ada = await person();
    const { page } = ada;
    await page.goto(`${services.board.url}/app`);
    await shootPage(page, "sign-in", () =>
      page
        .locator("authkit-authenticate iframe")
        .contentFrame()
        .getByRole("button", { name: "Sign in with Passkey" })
        .waitFor(),
    );
    await signUp(page, "ada@example.com", "Ada Lovelace", true);
    await expect(page.getByRole("link", { name: "Account (Ada Lovelace)" }).isVisible()).resolves.toBe(true);

    await page.getByRole("link", { name: "Account (Ada Lovelace)" }).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    const frame = page.locator("authkit-authenticate iframe").contentFrame();
    await frame.getByRole("button", { name: "Sign in with Passkey" }).click();
    await page.getByRole("heading", { name: "Projects" }).waitFor();
    expect(ada.problems).toEqual([]);
  });

  it("creates a project and cards, and moves a card by dragging it and with the keyboard", async () => {
    const { page } = ada;
    await page.getByRole("button", { name: "New project" }).click();
    await page.getByLabel("Name").fill("Launch");
    await page.getByRole("button", { name: "Create project" }).click();
    await page.getByRole("heading", { name: "Launch" }).waitFor();
    projectUrl = page.url();
    for (const title of ["Write the docs", "Fix the login bug", "Ship it"]) {
      const todo = column(page, "To do");
      if (await todo.getByRole("button", { name: "+ Add a card" }).isVisible()) {
        await todo.getByRole("button", { name: "+ Add a card" }).click();
      }
      await todo.getByPlaceholder("Card title").fill(title);
      await todo.getByRole("button", { name: "Add card" }).click();
      await card(page, title).waitFor();
    }
    await expect(column(page, "To do").locator("li[data-card-id]").count()).resolves.toBe(3);

    await card(page, "Write the docs").dragTo(column(page, "In progress").locator("ol"));
    await column(page, "In progress").locator("li[data-card-id]", { hasText: "Write the docs" }).waitFor();
    await card(page, "Fix the login bug").focus();
    await page.keyboard.press("Alt+ArrowRight");
    await column(page, "In progress").locator("li[data-card-id]", { hasText: "Fix the login bug" }).waitFor();
    await page.getByRole("status").filter({ hasText: "Moved #2 to In progress" }).waitFor();
    await page.getByRole("button", { name: "Rename To do" }).click();
    await page.getByLabel("Column name").fill("Backlog");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Backlog" }).waitFor();
    // The server has them where the page shows them (a reload reads the board again).
    await page.reload();
    await page.getByRole("heading", { name: "Backlog" }).waitFor();
    await column(page, "In progress").locator("li[data-card-id]", { hasText: "Write the docs" }).waitFor();
    const order = await column(page, "In progress")
      .locator("li[data-card-id]")
      .evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));
    expect(order).toEqual([
      expect.stringContaining("Fix the login bug"),
      expect.stringContaining("Write the docs"),
    ]);
    await shootPage(page, "board", () => card(page, "Ship it").waitFor());
    expect(ada.problems).toEqual([]);
  });

  it("creates an API token that works over HTTP, and shows a card an agent moves over the API without a reload", async () => {
    const { page } = ada;
    await page.getByRole("link", { name: "Account (Ada Lovelace)" }).click();
    await page.getByLabel("Token name").fill("laptop agent");
    await page.getByRole("button", { name: "Create token" }).click();
    apiToken = (await page.locator("[data-secret]").innerText()).trim();
    expect(apiToken).toMatch(/^bt_/);
    await shootPage(page, "account", () => page.getByRole("cell", { name: "laptop agent" }).waitFor());

    const headers = { Authorization: `Bearer ${apiToken}`, "Content-Type": "application/json" };
    const me = await fetch(`${services.board.url}/api/v1/me`, { headers });
    expect(await me.json()).toMatchObject({ email: "ada@example.com", handle: "ada" });

    await page.goto(projectUrl);
    await card(page, "Ship it").waitFor();
    const projectId = projectUrl.split("/").pop();
    const board = (await (
      await fetch(`${services.board.url}/api/v1/projects/${projectId}/columns`, { headers })
    ).json()) as {
      data: Array<{ id: string; name: string; cards: Array<{ id: string; title: string }> }>;
    };
    const done = board.data.find((entry) => entry.name === "Done")!;
    const ship = board.data.flatMap((entry) => entry.cards).find((entry) => entry.title === "Ship it")!;
    const moved = await fetch(`${services.board.url}/api/v1/cards/${ship.id}/move`, {
      method: "POST",
      headers,
      body: JSON.stringify({ to_column_id: done.id, position: 0 }),
    });
    expect(moved.status).toBe(200);
    await column(page, "Done").locator("li[data-card-id]", { hasText: "Ship it" }).waitFor({ timeout: 5000 });
    expect(ada.problems).toEqual([]);
  });

  it("opens a card: Markdown body rendered safely, checklist, comments", async () => {
    const { page } = ada;
    await card(page, "Write the docs").click();
    const panel = page.getByRole("dialog", { name: /Card #1/ });
    await panel.waitFor();
    await panel.getByRole("button", { name: "Edit" }).click();
    await panel
      .getByLabel("Description (Markdown)")
      .fill("**Bold** move, [a link](https://example.com) and <img src=x onerror=alert(1)>");
    await panel.getByRole("button", { name: "Save" }).click();
    await panel.locator(".prose strong", { hasText: "Bold" }).waitFor();
    await expect(panel.locator(".prose a").getAttribute("rel")).resolves.toBe("noopener noreferrer nofollow");
    await expect(panel.locator(".prose img").count()).resolves.toBe(0);
    await panel.getByText("<img src=x onerror=alert(1)>").waitFor();
    await panel.getByLabel("New checklist item").fill("Outline");
    await panel.getByRole("button", { name: "Add", exact: true }).click();
    await panel.getByRole("checkbox", { name: "Outline" }).waitFor();
    await panel.locator('input[type="file"]').setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("release notes"),
    });
    const download = panel.getByRole("link", { name: "notes.txt" });
    await download.waitFor();
    const response = await page.request.get(`${services.board.url}${await download.getAttribute("href")}`);
    expect(await response.text()).toBe("release notes");
    await shootPage(page, "card-panel", () => panel.getByText("Activity").waitFor());
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    expect(ada.problems).toEqual([]);
  });

  it("mentions a member in a comment, and the member sees the notification", async () => {
    const bob = await person();
    await signUp(bob.page, "bob@example.com", "Bob Builder");

    const { page } = ada;
    // Ada makes an invitation link and sends it to Bob; Bob opens it and joins.
    await page.goto(`${projectUrl}/settings`);
    await page.getByRole("textbox", { name: "Invite by link, for" }).fill("bob@example.com");
    await page.getByRole("button", { name: "Create link" }).click();
    await page.getByRole("cell", { name: "bob@example.com" }).waitFor();
    const link = (await page.locator("board-secret-value code").textContent()) ?? "";
    expect(link).toMatch(/\/app\/invite#inv_/);
    await shootPage(page, "settings", () =>
      page.getByRole("heading", { name: "Pending invitations" }).waitFor(),
    );

    await bob.page.goto(link);
    await bob.page.getByText("Ada Lovelace invited you to Launch as member.").waitFor();
    await bob.page.getByRole("button", { name: "Join Launch" }).click();
    await bob.page.getByRole("link", { name: "Projects" }).click();
    await bob.page.getByRole("link", { name: /Launch/ }).waitFor();
    await shootPage(bob.page, "projects", () => bob.page.getByRole("link", { name: /Launch/ }).waitFor());

    await page.goto(projectUrl);
    await card(page, "Fix the login bug").click();
    const panel = page.getByRole("dialog", { name: /Card #2/ });
    await panel.getByRole("textbox", { name: "Comment" }).fill("Can you take this, @bo");
    await panel.getByRole("button", { name: "@bob · Bob Builder" }).click();
    await expect(panel.getByRole("textbox", { name: "Comment" }).inputValue()).resolves.toBe(
      "Can you take this, @bob ",
    );
    await panel.getByRole("button", { name: "Comment", exact: true }).click();
    await panel.locator(".mention", { hasText: "@bob" }).waitFor();

    // Bob's header counts it (live), and the notifications page shows it.
    await bob.page.getByLabel("1 unread").waitFor({ timeout: 5000 });
    await bob.page.getByRole("link", { name: /Notifications/ }).click();
    await bob.page.getByText("Ada Lovelace mentioned you in a comment on").waitFor();
    await shootPage(bob.page, "notifications", () => bob.page.getByText("Can you take this, @bob").waitFor());
    await bob.page.getByText("Can you take this, @bob").click();
    await bob.page
      .getByRole("dialog", { name: /Card #2/ })
      .getByText("Can you take this,")
      .waitFor();
    expect(ada.problems).toEqual([]);
    expect(bob.problems).toEqual([]);
  });
});
