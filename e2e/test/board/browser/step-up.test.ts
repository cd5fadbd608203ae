// Step-up (issue 28, point 3) as a person meets it: signed in more than 5 minutes ago (the session's
// last passkey proof is moved into the past, as time would), creating an API token, adding a
// passkey, deleting one and allowing an app each ask "Confirm it’s you"; the passkey confirms it and
// the change is made without doing it again. The deletion is mailed to the account.
import { createHash, randomBytes } from "node:crypto";
import request from "supertest";
import { addVirtualAuthenticator } from "@org/browser-testing";
import { accountPasskeys, browserSuite, shootPage, signUp, type Person } from "../../../src/board/browser.ts";

const suite = browserSuite();

const FIVE_MINUTES_AND_A_BIT = 5 * 60_000 + 60_000;

/** What time does: the session's last passkey proof is now older than 5 minutes. */
async function staleSession(): Promise<void> {
  await suite.services.board.database.db.webSession.updateMany({
    data: { steppedUpAt: new Date(Date.now() - FIVE_MINUTES_AND_A_BIT) },
  });
}

const prompt = (page: Person["page"]) => page.getByRole("dialog", { name: "Confirm it’s you" });
const confirmButton = (page: Person["page"]) =>
  page
    .locator("board-step-up authkit-authenticate iframe")
    .contentFrame()
    .getByRole("button", { name: "Confirm with your passkey" });
const passkeys = accountPasskeys;
const passkeyRows = (page: Person["page"]) => passkeys(page).locator("tbody tr");

/** The prompt is shown; its passkey button confirms; the prompt goes away. */
async function confirmWithPasskey(page: Person["page"], shot?: string): Promise<void> {
  await prompt(page).waitFor();
  await confirmButton(page).waitFor();
  if (shot) await shootPage(page, shot, () => confirmButton(page).waitFor());
  await confirmButton(page).click();
  await page.locator("board-step-up").waitFor({ state: "detached" });
}

describe("step-up in the board web app", () => {
  it("asks for the passkey before a token, a new passkey, a deletion and an app's access, then makes the change", async () => {
    const ada = await suite.person();
    const { page } = ada;
    const db = suite.services.board.database.db;
    await signUp(page, suite.services.board.url, { email: "ada@example.com", name: "Ada Lovelace" });
    const user = await db.user.findUniqueOrThrow({ where: { email: "ada@example.com" } });
    await page.getByRole("link", { name: "Account (Ada Lovelace)" }).click();
    await passkeyRows(page).first().waitFor();

    // An API token: the prompt, the passkey, then the token is shown once.
    await staleSession();
    const tokensBefore = await db.apiToken.count({ where: { userId: user.id } });
    await page.getByLabel("Token name").fill("laptop agent");
    await page.getByRole("button", { name: "Create token" }).click();
    await confirmWithPasskey(page, "step-up-prompt");
    await page.getByText("Token “laptop agent” created.").waitFor();
    expect(await db.apiToken.count({ where: { userId: user.id } })).toBe(tokensBefore + 1);

    // Cancelling changes nothing and says so.
    await staleSession();
    await page.getByLabel("Token name").fill("never made");
    await page.getByRole("button", { name: "Create token" }).click();
    await prompt(page).waitFor();
    await page.locator("board-step-up").getByRole("button", { name: "Cancel" }).click();
    await page.getByText("Not changed: confirming with your passkey was cancelled.").waitFor();
    expect(await db.apiToken.count({ where: { userId: user.id } })).toBe(tokensBefore + 1);

    // A new passkey, on a security key: the laptop's passkey confirms, then (the laptop's
    // authenticator put away, as it already holds one) the key makes the new one.
    await staleSession();
    let tokenRequests = 0;
    let key: Awaited<ReturnType<typeof addVirtualAuthenticator>> | undefined;
    await page.route("**/app/account/passkeys/token", async (route) => {
      tokenRequests += 1;
      if (tokenRequests === 2) {
        await ada.authenticator.remove();
        key = await addVirtualAuthenticator(page, { transport: "usb" });
      }
      await route.continue();
    });
    await passkeys(page).locator("authkit-register").getByRole("button", { name: "Add a passkey" }).click();
    await shootPage(page, "step-up-add-passkey", () => confirmButton(page).waitFor());
    await confirmWithPasskey(page);
    await passkeys(page).getByText("Passkey created. You can now sign in with it.").waitFor();
    await passkeyRows(page).nth(1).waitFor();
    expect(tokenRequests).toBe(2);
    expect(await key!.credentials()).toHaveLength(1);
    await page.unroute("**/app/account/passkeys/token");

    // Deleting the laptop's passkey: confirmed, then the passkey prompt (the key answers it).
    await staleSession();
    const mailsBefore = suite.smtp.received.length;
    await passkeys(page).getByRole("row").nth(1).getByRole("button", { name: "Delete" }).click();
    await page.locator("kit-confirm").getByRole("button", { name: "Delete" }).click();
    await confirmWithPasskey(page);
    await page.getByText("Passkey deleted.").waitFor();
    await passkeyRows(page).nth(1).waitFor({ state: "detached" });
    // Ada is told by mail.
    const mail = await suite.smtp.waitFor("ada@example.com", { since: mailsBefore });
    expect(mail.subject).toBe("A passkey was removed from your Board account");

    // An app asks for access (OAuth): Allow asks for the passkey, then the browser goes back to it.
    const registered = await request(suite.services.board.url)
      .post("/oauth/register")
      .send({ client_name: "Laptop agent host", redirect_uris: ["http://127.0.0.1/callback"] })
      .expect(201);
    await page.route("http://127.0.0.1/callback**", (route) =>
      route.fulfill({ status: 200, contentType: "text/plain", body: "back at the app" }),
    );
    const verifier = randomBytes(32).toString("base64url");
    const query = new URLSearchParams({
      response_type: "code",
      client_id: registered.body.client_id as string,
      redirect_uri: "http://127.0.0.1/callback",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      state: "st-1",
      resource: `${suite.services.board.url}/mcp`,
      scope: "board:read",
    });
    await staleSession();
    await page.goto(`${suite.services.board.url}/oauth/authorize?${query}`);
    await page.getByRole("button", { name: "Allow" }).click();
    await confirmWithPasskey(page, "step-up-oauth");
    await page.waitForURL(/^http:\/\/127\.0\.0\.1\/callback\?code=/);
    expect(await db.oAuthGrant.count({ where: { userId: user.id } })).toBe(1);
    // The browser logs each refused first try (403 step_up_required: two tokens, the passkey's
    // token, the deletion, the approval); nothing else went wrong.
    expect(ada.problems).toEqual(
      Array(5).fill(
        "console: Failed to load resource: the server responded with a status of 403 (Forbidden)",
      ),
    );
  }, 120_000);
});
