// The admin dashboard's flows through HTTP: an invite, its passkey, a sign-in at `/`, the session.
import request from "supertest";
import { loadAuthEnv } from "../../src/env.ts";
import { inviteAdmin } from "../../src/services/admins.ts";
import { SoftwareAuthenticator } from "../../src/testing/index.ts";
import type { TestApp } from "./app.ts";
import { login, registerPasskey } from "./flows.ts";

/** createTestApp's PUBLIC_URL: the admin tenant's origin (rp_id localhost). */
export const ADMIN_ORIGIN = "http://localhost:4100";

/** What the admin services need outside a request (as the CLI has it). */
export const adminCtx = (t: TestApp, publicUrl = ADMIN_ORIGIN) => ({
  db: t.database.db,
  env: loadAuthEnv({ DATABASE_URL: t.database.url, PUBLIC_URL: publicUrl }),
  now: () => t.clock.ms,
});

let admins = 0;

/** `cli admin invite`: the invite's code (from its URL). */
export async function invite(
  t: TestApp,
  { email, name, publicUrl }: { email?: string; name?: string; publicUrl?: string } = {},
) {
  admins += 1;
  const { url, admin } = await inviteAdmin({
    ctx: adminCtx(t, publicUrl),
    email: email ?? `admin${admins}@example.test`,
    name: name ?? `Admin ${admins}`,
  });
  return { code: new URL(url).searchParams.get("code") as string, admin, url };
}

/** The sign-in page's session token (minted for each view of `GET /`). */
export async function signInToken(t: TestApp): Promise<string> {
  const page = await request(t.app).get("/");
  const token = /token="(st_[^"]+)"/.exec(page.text)?.[1];
  if (!token) throw new Error(`no session token on the sign-in page: ${page.status}`);
  return token;
}

/** A passkey login of the admin tenant (what `authkit-authenticate` does at `/`): its challengeId. */
export async function adminLogin(t: TestApp, authenticator: SoftwareAuthenticator): Promise<string> {
  const res = await login(t.app, await signInToken(t), authenticator);
  if (res.status !== 200) throw new Error(`admin login: ${res.status} ${JSON.stringify(res.body)}`);
  return res.challengeId;
}

/** Invite → passkey through the invite link → sign in → dashboard session; a cookie agent and CSRF token. */
export async function signedInAdmin(t: TestApp, who: { email?: string; name?: string } = {}) {
  const invited = await invite(t, who);
  const browser = request.agent(t.app);
  const authenticator = new SoftwareAuthenticator({ origin: ADMIN_ORIGIN });
  const token = await browser.get("/admin/invite/user-token").query({ code: invited.code });
  if (token.status !== 200)
    throw new Error(`invite user-token: ${token.status} ${JSON.stringify(token.body)}`);
  const registered = await registerPasskey(t.app, token.body.userToken as string, authenticator);
  if (registered.status !== 200) throw new Error(`admin passkey: ${registered.status}`);
  const session = await browser
    .post("/admin/session")
    .send({ challengeId: await adminLogin(t, authenticator) });
  if (session.status !== 200)
    throw new Error(`admin session: ${session.status} ${JSON.stringify(session.body)}`);
  const csrf = (await browser.get("/admin/api/csrf")).body.token as string;
  return {
    browser,
    csrf,
    authenticator,
    admin: session.body.admin as { id: string; email: string; name: string },
    cookie: String(session.headers["set-cookie"]).split(";")[0] as string,
  };
}
