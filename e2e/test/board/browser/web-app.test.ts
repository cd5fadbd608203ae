import {
  addCards,
  browserSuite,
  card,
  column,
  newProject,
  shootPage,
  signUp as signUpAs,
  type Person,
} from "../../../src/board/browser.ts";

const suite = browserSuite();
const person = () => suite.person();

const signUp = (page: Person["page"], email: string, name: string, shoot = false) =>
  signUpAs(page, suite.services.board.url, { email, name }, shoot);

describe("the web app", () => {
  let ada: Person;
  let projectUrl = "";
  let apiToken = "";

  it("signs up with a passkey, signs out, and signs in again with it", async () => {
    ada = await person();
    const { page } = ada;
    await page.goto(`${suite.services.board.url}/app`);
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
    // Once the page has what it loads (a request cut short by the sign-out would answer 401).
    await page.getByRole("cell", { name: /^\S+ on Linux$/ }).waitFor();
    await page.getByRole("button", { name: "Sign out" }).click();
    const frame = page.locator("authkit-authenticate iframe").contentFrame();
    await frame.getByRole("button", { name: "Sign in with Passkey" }).click();
    await page.getByRole("heading", { name: "Projects" }).waitFor();
    expect(ada.problems).toEqual([]);
    // The suite's first sign-up warms up both servers: generous on a loaded machine.
  }, 90_000);

  it("creates a project and cards, and moves a card by dragging it and with the keyboard", async () => {
    const { page } = ada;
    projectUrl = await newProject(page, "Launch");
    await addCards(page, "To do", ["Write the docs", "Fix the login bug", "Ship it"]);
    await expect(column(page, "To do").locator("li[data-card-id]").count()).resolves.toBe(3);

    await card(page, "Write the docs").dragTo(column(page, "In progress").locator("ol"));
    await column(page, "In progress").locator("li[data-card-id]", { hasText: "Write the docs" }).waitFor();
    await card(page, "Fix the login bug").focus();
    await page.keyboard.press("Alt+ArrowRight");
    await column(page, "In progress").locator("li[data-card-id]", { hasText: "Fix the login bug" }).waitFor();
    await page.getByRole("status").filter({ hasText: "Moved #2 to In progress" }).waitFor();
    await page.getByRole("button", { name: "Actions for To do" }).click();
    await page.getByRole("menuitem", { name: "Rename" }).click();
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
    const me = await fetch(`${suite.services.board.url}/api/v1/me`, { headers });
    expect(await me.json()).toMatchObject({ email: "ada@example.com", handle: "ada" });

    await page.goto(projectUrl);
    await card(page, "Ship it").waitFor();
    const projectId = projectUrl.split("/").pop();
    const board = (await (
      await fetch(`${suite.services.board.url}/api/v1/projects/${projectId}/columns`, { headers })
    ).json()) as {
      data: Array<{ id: string; name: string; cards: Array<{ id: string; title: string }> }>;
    };
    const done = board.data.find((entry) => entry.name === "Done")!;
    const ship = board.data.flatMap((entry) => entry.cards).find((entry) => entry.title === "Ship it")!;
    const moved = await fetch(`${suite.services.board.url}/api/v1/cards/${ship.id}/move`, {
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
    const response = await page.request.get(
      `${suite.services.board.url}${await download.getAttribute("href")}`,
    );
    expect(await response.text()).toBe("release notes");
    await panel.getByText("You added “Outline” to the checklist").waitFor();
    await shootPage(page, "card-panel", () => panel.getByRole("heading", { name: "Activity" }).waitFor());
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    expect(ada.problems).toEqual([]);
  });

  it("mentions a member in a comment by keyboard, and the member sees the notification", async () => {
    const bob = await person();
    await signUp(bob.page, "bob@example.com", "Bob Builder");

    const { page } = ada;
    // Bob verifies his address (the link mailed at sign-up): invitations sent to it now reach him.
    const mail = await suite.smtp.waitFor("bob@example.com");
    await bob.page.goto(/(http\S+\/app\/verify-email#\S+)/.exec(mail.text)![1]!);
    await bob.page.getByText("bob@example.com is verified.").waitFor();
    await bob.page.getByRole("link", { name: "Your projects" }).click();

    // Ada makes an invitation for Bob's address (its link is for sending by other means; see
    // invite-link.test.ts).
    await page.goto(`${projectUrl}/settings`);
    await page.getByRole("textbox", { name: "Invite by link, for" }).fill("bob@example.com");
    await page.getByRole("button", { name: "Create link" }).click();
    await page.getByRole("cell", { name: "bob@example.com" }).waitFor();
    const link = (await page.locator("board-secret-value code").textContent()) ?? "";
    expect(link).toMatch(/\/app\/invite#inv_/);
    await shootPage(page, "settings", () =>
      page.getByRole("heading", { name: "Pending invitations" }).waitFor(),
    );

    // The invitation reaches Bob's open page live: a badge, who invited him, accept.
    await bob.page.getByRole("link", { name: /Projects.*1 invitation/ }).waitFor();
    const invitations = bob.page.getByRole("region", { name: "Invitations" });
    await invitations.getByText("Ada Lovelace invited you to Launch as member").waitFor();
    await bob.page.getByRole("button", { name: "Accept the invitation to Launch" }).click();
    await bob.page.getByRole("link", { name: /Launch/ }).waitFor();
    await shootPage(bob.page, "projects", () => bob.page.getByRole("link", { name: /Launch/ }).waitFor());

    await page.goto(projectUrl);
    await card(page, "Fix the login bug").click();
    const panel = page.getByRole("dialog", { name: /Card #2/ });
    const box = panel.getByRole("textbox", { name: "Comment" });
    // A name that is no member is pointed out before sending.
    await box.fill("Can you take this, @gr ");
    await panel.getByRole("status").filter({ hasText: "@gr is not a member of this project" }).waitFor();
    await box.fill("Can you take this, @bo");
    await panel.getByRole("option", { name: "@bob · Bob Builder", selected: true }).waitFor();
    await box.press("Enter");
    await expect(box.inputValue()).resolves.toBe("Can you take this, @bob ");
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

    // Ada edits her comment: Bob's open card shows the new words, marked edited; then she deletes it.
    await panel.getByRole("button", { name: "Edit comment" }).click();
    await panel.getByRole("textbox", { name: "Edit comment" }).fill("Can you take this, @bob? Thanks!");
    await panel.getByRole("button", { name: "Save" }).click();
    const bobsPanel = bob.page.getByRole("dialog", { name: /Card #2/ });
    await bobsPanel.getByText("Thanks!").waitFor();
    await bobsPanel.locator("li.comment").getByText("edited", { exact: true }).waitFor();
    expect(await bobsPanel.getByRole("button", { name: "Edit comment" }).count()).toBe(0);
    await panel.getByRole("button", { name: "Delete comment" }).click();
    await page.getByRole("dialog", { name: "Delete this comment?" }).waitFor();
    // The confirmation's buttons are slotted into the dialog's host (kit-confirm), so found from there.
    await page.locator("kit-confirm").getByRole("button", { name: "Delete" }).click();
    await bobsPanel.getByText("Thanks!").waitFor({ state: "detached" });

    // A handoff to Bob made with Ada's API token (as an agent would) notifies him too, live.
    const headers = { Authorization: `Bearer ${apiToken}`, "Content-Type": "application/json" };
    const api = (path: string, init?: RequestInit) =>
      fetch(`${suite.services.board.url}/api/v1${path}`, { headers, ...init });
    const projectId = projectUrl.split("/").pop();
    const members = (await (await api(`/projects/${projectId}/members`)).json()) as {
      data: Array<{ user_id: string; name: string }>;
    };
    const bobId = members.data.find((member) => member.name === "Bob Builder")!.user_id;
    const [shipIt] = (
      (await (await api(`/projects/${projectId}/cards?q=Ship`)).json()) as { data: Array<{ id: string }> }
    ).data;
    const handoff = await api(`/cards/${shipIt!.id}/handoff`, {
      method: "POST",
      body: JSON.stringify({ note: "Release notes are drafted; please ship it.", to_user_id: bobId }),
    });
    expect(handoff.status).toBe(200);
    await bob.page.getByLabel("1 unread").waitFor({ timeout: 5000 });
    await bob.page.goto(`${suite.services.board.url}/app/notifications`);
    await bob.page.getByText("Ada Lovelace handed you").waitFor();
    await shootPage(bob.page, "notifications-handoff", () =>
      bob.page.getByText("Release notes are drafted; please ship it.").waitFor(),
    );
    expect(ada.problems).toEqual([]);
    expect(bob.problems).toEqual([]);
    // A second person signs up, verifies and joins: generous on a loaded machine.
  }, 120_000);

  it("speaks to people, not agents: a stale link says what is gone, a refused role change goes back with the reason", async () => {
    const { page } = ada;
    await page.goto(`${suite.services.board.url}/app/projects/0190a5c4-0000-7000-8000-000000000000`);
    const gone = page.getByText(
      "Project not found. It may have been deleted, or you no longer have access to it.",
    );
    await gone.waitFor();
    await shootPage(page, "stale-link", () => gone.waitFor());
    expect(await page.locator("body").innerText()).not.toMatch(/list_projects|HTTP:/);

    // Ada is the project's only owner: the server refuses to make her a member.
    await page.goto(`${projectUrl}/settings`);
    const role = page.getByLabel("Role of Ada Lovelace");
    await expect(role.inputValue()).resolves.toBe("owner");
    await role.selectOption("member");
    await page.getByRole("status").getByText("The project must keep at least one owner.").waitFor();
    await expect(role.inputValue()).resolves.toBe("owner");
    // The browser logs the refused requests (the stale project's reads, the refused change): nothing else.
    const reported = ada.problems.splice(0);
    expect(reported.length).toBeGreaterThan(0);
    expect(
      reported.filter((problem) => !/status of (404 \(Not Found\)|409 \(Conflict\))/.test(problem)),
    ).toEqual([]);
  });

  it("asks before revoking a token: focus on Revoke, Escape keeps it, Revoke removes it", async () => {
    const { page } = ada;
    await page.goto(`${suite.services.board.url}/app/account`);
    await page.getByLabel("Token name").fill("old script");
    await page.getByRole("button", { name: "Create token" }).click();
    const row = page.getByRole("row", { name: /old script/ });
    await row.waitFor();

    await row.getByRole("button", { name: "Revoke" }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke “old script”?" });
    await confirm.waitFor();
    // Its message and buttons are slotted (light DOM of the dialog's host), so found from the page.
    const asking = page.locator("kit-confirm");
    await asking.getByText("Every script or agent using it stops working at once.").waitFor();
    const focused = () =>
      page.evaluate(() => {
        let active = document.activeElement;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        return active?.textContent?.trim();
      });
    await expect(focused()).resolves.toBe("Revoke");
    await shootPage(page, "confirm", () => confirm.waitFor());
    await page.keyboard.press("Escape");
    await confirm.waitFor({ state: "detached" });
    await expect(row.isVisible()).resolves.toBe(true);

    await row.getByRole("button", { name: "Revoke" }).click();
    await asking.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("status").getByText("“old script” revoked.").waitFor();
    await row.waitFor({ state: "detached" });
    await page.getByRole("row", { name: /laptop agent/ }).waitFor();
    expect(ada.problems).toEqual([]);
  });
});
