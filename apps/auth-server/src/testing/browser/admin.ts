// Administrators for the browser tests: an invite made as `cli admin invite` makes it (through the
// service, without starting a process), and its passkey created by clicking through the link.
import type { Page } from "@org/browser-testing";
import { loadAuthEnv } from "../../env.ts";
import { inviteAdmin } from "../../services/admins.ts";
import type { RunningAuthServer } from "../test-server.ts";

/** An invite link for a new administrator of `auth`. */
export async function adminInvite(auth: RunningAuthServer, email: string, name: string): Promise<string> {
  const env = loadAuthEnv({ DATABASE_URL: auth.database.url, PUBLIC_URL: auth.url, NODE_ENV: "test" });
  const { url } = await inviteAdmin({ ctx: { db: auth.database.db, env, now: Date.now }, email, name });
  return url;
}

/** Opens an invite link in `page` (its virtual authenticator holds the passkey) and creates the passkey. */
export async function acceptInvite(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole("button", { name: "Create passkey" }).click();
  await page.getByText("Your passkey is ready.").waitFor();
}

/** Signs in at `/` with the page's passkey; resolves once the dashboard is open. */
export async function signInToDashboard(page: Page, authUrl: string): Promise<void> {
  await page.goto(`${authUrl}/`);
  await page
    .locator("authkit-authenticate iframe")
    .contentFrame()
    .getByRole("button", { name: "Sign in with passkey" })
    .click();
  await page.waitForURL(`${authUrl}/admin`);
}

/** The sign-in page's session token (public: minted for every view of `/`). */
export async function adminSignInToken(authUrl: string): Promise<string> {
  const page = await (await fetch(`${authUrl}/`)).text();
  const token = /token="(st_[^"]+)"/.exec(page)?.[1];
  if (!token) throw new Error("no session token on the sign-in page");
  return token;
}
