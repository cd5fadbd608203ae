// Arriving, signing up and coming back, as people do: a first visit is greeted plainly, a device
// without a passkey is offered a phone or a new account, an abandoned sign-up frees its handle
// (Back, or the browser's back), the handle chosen is kept, and every URL of the app reloads.
import { eventually, newProject, shootPage, browserSuite, type Person } from "../../../src/board/browser.ts";

const suite = browserSuite();
const people = suite.people;

async function newPerson() {
  const who = await suite.person();
  return who;
}

/** Auth server users of the board's tenant that hold no passkey (orphans of a sign-up). */
const orphans = () =>
  suite.services.auth.database.db.authUser.count({ where: { credentials: { none: {} } } });

async function fillStep1(page: Person["page"], email: string, name: string) {
  await page.goto(`${suite.services.board.url}/app/signup`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill(name);
}

describe("arriving and signing up", () => {
  it("greets a first visit with Sign in and Create an account, and offers a phone when this device has no passkey", async () => {
    const { page, problems } = await newPerson();
    await page.goto(`${suite.services.board.url}/app`);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(await page.getByText("Welcome back").count()).toBe(0);
    await page.getByRole("link", { name: "Create an account" }).waitFor();
    // This laptop has no passkey for the board: the prompt ends without one.
    const frame = page.locator("authkit-authenticate iframe").contentFrame();
    await frame.getByRole("button", { name: "Sign in with Passkey" }).click();
    const notice = page.getByText("This device has no passkey for the board.");
    await notice.waitFor();
    // Neither the page nor the sign-in frame blames a cancel the person never made.
    expect(await page.getByText(/cancelled/i).count()).toBe(0);
    expect(await frame.getByText(/cancelled/i).count()).toBe(0);
    await shootPage(page, "sign-in-no-passkey", () => notice.waitFor());
    await page.getByRole("button", { name: "Use a phone" }).click();
    await page.getByText("Scan the code with your phone's camera").waitFor();
    await page.locator('authkit-authenticate iframe[title="Sign in with your phone"]').waitFor();
    await shootPage(page, "sign-in-phone", () =>
      page.locator('authkit-authenticate iframe[title="Sign in with your phone"]').waitFor(),
    );
    expect(problems).toEqual([]);
  });

  it("frees the handle of an abandoned sign-up (Back, or the browser's back) and keeps the one chosen", async () => {
    const ada = await newPerson();
    const other = await newPerson();
    await fillStep1(ada.page, "ada@example.com", "Ada Lovelace");
    // The handle is suggested from the name.
    expect(await ada.page.getByLabel(/^Handle/).inputValue()).toBe("ada");
    await ada.page.getByRole("button", { name: "Continue" }).click();
    await ada.page.getByText("People mention you as @ada.").waitFor();
    expect(new URL(ada.page.url()).pathname).toBe("/app/signup/passkey");
    // The passkey step reloads as it was.
    await ada.page.reload();
    await ada.page.getByText("People mention you as @ada.").waitFor();

    // Back: the form keeps what was typed, and the handle is free for anyone.
    await ada.page.getByRole("button", { name: "Back" }).click();
    await ada.page.getByRole("heading", { name: "Create an account" }).waitFor();
    expect(await ada.page.getByLabel("Email").inputValue()).toBe("ada@example.com");
    expect(await ada.page.getByLabel(/^Handle/).inputValue()).toBe("ada");
    await fillStep1(other.page, "ada.king@example.com", "Ada King");
    await other.page.getByRole("button", { name: "Continue" }).click();
    await other.page.getByText("People mention you as @ada.").waitFor();
    // The browser's back button lets go of it too.
    await other.page.goBack();
    await other.page.getByRole("heading", { name: "Create an account" }).waitFor();
    await eventually(orphans, 0);

    // Ada chooses her handle and keeps it to the end.
    await ada.page.getByLabel(/^Handle/).fill("lovelace");
    await ada.page.getByRole("button", { name: "Continue" }).click();
    await ada.page.getByText("People mention you as @lovelace.").waitFor();
    await ada.page.getByRole("button", { name: "Create passkey" }).click();
    await ada.page.getByRole("link", { name: "Account (Ada Lovelace)" }).waitFor();
    expect(await ada.page.getByText("@lovelace").count()).toBeGreaterThan(0);
    // Her passkey is named after this device, not "Board".
    await ada.page.getByRole("link", { name: "Account (Ada Lovelace)" }).click();
    await ada.page.getByRole("cell", { name: /^(Chrome|Chromium) on Linux$/ }).waitFor();
    // And Ada King still gets @ada.
    await other.page.getByRole("button", { name: "Continue" }).click();
    await other.page.getByText("People mention you as @ada.").waitFor();
    await other.page.getByRole("button", { name: "Back" }).click();
    await other.page.getByRole("heading", { name: "Create an account" }).waitFor();
    expect(await orphans()).toBe(0);
    expect([...ada.problems, ...other.problems]).toEqual([]);
  });

  it("reloads every URL of the app where it was, and shows its own page for an unknown one", async () => {
    const ada = people[1]!;
    const { page } = ada;
    const projectUrl = await newProject(page, "Reloaded");
    const projectId = projectUrl.split("/").pop();
    await page.getByRole("button", { name: "+ Add a card" }).first().click();
    await page.getByPlaceholder("Card title").fill("Deep link");
    await page.getByRole("button", { name: "Add card" }).click();
    await page.locator("li[data-card-id]", { hasText: "Deep link" }).click();
    const cardUrl = page.url();
    const pages: Array<[string, () => Promise<unknown>]> = [
      ["/app", () => page.getByRole("heading", { name: "Projects" }).waitFor()],
      ["/app/account", () => page.getByRole("heading", { name: "Account" }).waitFor()],
      ["/app/notifications", () => page.getByRole("heading", { name: "Notifications" }).waitFor()],
      [
        `/app/projects/${projectId}`,
        () => page.getByRole("heading", { name: "Reloaded", level: 1 }).waitFor(),
      ],
      [
        `/app/projects/${projectId}/settings`,
        () => page.getByRole("heading", { name: "Reloaded · Settings" }).waitFor(),
      ],
      [new URL(cardUrl).pathname, () => page.getByRole("dialog", { name: /Card #1/ }).waitFor()],
    ];
    for (const [path, shows] of pages) {
      await page.goto(`${suite.services.board.url}${path}`);
      await shows();
      await page.reload();
      await shows();
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await page.goto(`${suite.services.board.url}/app/nowhere`);
    await shootPage(page, "not-found", () => page.getByRole("heading", { name: "Page not found" }).waitFor());
    // The address answers 404 (with the app), which the browser's console reports; nothing else.
    const reported = ada.problems.splice(0);
    expect(reported).toEqual([
      "console: Failed to load resource: the server responded with a status of 404 (Not Found)",
    ]);
    await page.getByRole("link", { name: "Go to your projects" }).click();
    await page.getByRole("heading", { name: "Projects" }).waitFor();

    // Signed out, a reloaded address shows sign-in (not JSON), and a returning browser is welcomed back.
    // (Once the account page has what it loads: a request cut short by the sign-out would answer 401.)
    await page.getByRole("link", { name: "Account (Ada Lovelace)" }).click();
    await page.getByRole("cell", { name: /^\S+ on Linux$/ }).waitFor();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await page.goto(`${suite.services.board.url}/app/account`);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await page.getByText("Welcome back").waitFor();
    expect(ada.problems).toEqual([]);
  });
});
