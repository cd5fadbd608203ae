// Sign-in and passkeys of the web app, with the auth server (board-api is its tenant; a board
// user's id is its auth server externalId). Sign-up: web-signup.ts.
import type { PasskeyInfo, User } from "@org/contracts";
import type { Db } from "@org/db";
import {
  ConflictError,
  mailSafeName,
  NotFoundError,
  StepUpRequiredError,
  UnauthenticatedError,
  type MailMessage,
  type Mailer,
  type SessionLifetime,
} from "@org/service-kit";
import type { TenantClient } from "../auth-server/tenant-client.ts";
import type { Actor } from "./context.ts";
import { assertSteppedUp } from "./step-up.ts";
import { startWebSession, type StartedWebSession } from "./web-sessions.ts";
import { toUserWire } from "./users.ts";
import { createAccount } from "./web-signup.ts";

/** The registration token a page fetches just in time (SDK: a short TTL). */
const USER_TOKEN_TTL_SECONDS = 60;

interface WebAuthDeps {
  db: Db;
  tenant: TenantClient;
}

/** The session token of the sign-in page's authkit-authenticate (15 minutes). */
export const signInToken = ({ tenant }: { tenant: TenantClient }) => tenant.sessionToken();

/**
 * Turns a passkey login at the auth server into a web session. verify-auth answers only for a
 * login of this board's tenant in the last 5 minutes; a challengeId makes one session at most
 * (web_sessions.challenge_id is unique). A passkey whose sign-up was interrupted after it was
 * created finishes that sign-up (until the sweeper has done so).
 */
export async function signIn({
  db,
  tenant,
  challengeId,
  lifetime,
}: WebAuthDeps & { challengeId: string; lifetime: SessionLifetime }): Promise<{
  user: User;
  session: StartedWebSession;
}> {
  const used = await db.webSession.findUnique({ where: { challengeId }, select: { id: true } });
  if (used) throw new UnauthenticatedError("This sign-in was used already: sign in again.");
  const login = await tenant.verifyAuth(challengeId).catch((error: unknown) => {
    if (error instanceof NotFoundError)
      throw new UnauthenticatedError("Unknown or expired sign-in: sign in again.");
    throw error;
  });
  const userId = login.user.externalId;
  const uuid = /^[0-9a-f-]{36}$/i.test(userId);
  let user = uuid ? await db.user.findUnique({ where: { id: userId } }) : null;
  if (!user && uuid) {
    // The passkey proves the person finished their part, even past the sign-up's time.
    const signup = await db.webSignup.findUnique({ where: { id: userId } });
    if (signup) user = await createAccount(db, signup);
  }
  if (!user) throw new UnauthenticatedError("This passkey belongs to no account here: sign up first.");
  return {
    user: toUserWire(user),
    session: await startWebSession({ db, userId: user.id, challengeId, lifetime }),
  };
}

/** The signed-in user's passkeys (through the auth server's tenant API). */
export async function listMyPasskeys({
  tenant,
  actor,
}: {
  tenant: TenantClient;
  actor: Actor;
}): Promise<PasskeyInfo[]> {
  return tenant.listPasskeys(actor.id).catch((error: unknown) => {
    if (error instanceof NotFoundError) return [];
    throw error;
  });
}

/**
 * Deletes one of the user's passkeys, never the last one (the account would be locked out), with
 * a passkey used in the last 5 minutes (step-up.ts). With mail configured, the account is told
 * (a deletion it did not make is the sign of a takeover: it says what to do).
 */
export async function deleteMyPasskey({
  tenant,
  actor,
  passkeyId,
  mailer,
  publicUrl,
}: {
  tenant: TenantClient;
  actor: Actor;
  passkeyId: string;
  mailer?: Mailer | undefined;
  /** PUBLIC_URL: the mail's link to Account. */
  publicUrl?: string;
}): Promise<void> {
  assertSteppedUp(actor);
  const passkeys = await listMyPasskeys({ tenant, actor });
  const passkey = passkeys.find((candidate) => candidate.id === passkeyId);
  if (!passkey) throw new NotFoundError("No such passkey.");
  if (passkeys.length === 1) {
    throw new ConflictError("This is your only passkey: add another one before deleting it.");
  }
  await tenant.deletePasskey(actor.id, passkeyId);
  // The passkey is gone whatever the mail server does: a failed mail does not fail the deletion.
  if (mailer) await mailer.send(passkeyRemovedMail(actor, passkey, publicUrl)).catch(() => undefined);
}

/**
 * Renames one of the actor's passkeys (Account → Rename). No step-up: a name changes what the
 * account page shows, not who can sign in. Another user's passkey is not_found (the auth server
 * looks it up among the actor's own).
 */
export async function renameMyPasskey({
  tenant,
  actor,
  passkeyId,
  name,
}: {
  tenant: TenantClient;
  actor: Actor;
  passkeyId: string;
  name: string;
}): Promise<PasskeyInfo> {
  return tenant.renamePasskey(actor.id, passkeyId, name);
}

/** The mail of a passkey deletion: which one, when, and what to do if it was not the owner. */
export function passkeyRemovedMail(
  actor: Pick<Actor, "email" | "name">,
  passkey: Pick<PasskeyInfo, "name">,
  publicUrl?: string,
): MailMessage {
  const name = mailSafeName(actor.name);
  const passkeyName = mailSafeName(passkey.name);
  const account = publicUrl ? `${new URL(publicUrl).origin}/app/account` : "Account in the board web app";
  return {
    to: actor.email,
    subject: "A passkey was removed from your Board account",
    text:
      (name ? `Hello ${name},\n\n` : "Hello,\n\n") +
      `The passkey ${passkeyName ? `"${passkeyName}" ` : ""}was removed from your Board account ` +
      `(${actor.email}) at ${new Date().toISOString()}. It can no longer sign in.\n\n` +
      "If that was you, there is nothing to do. If it was not, someone has your session: sign in " +
      `with one of your passkeys, check your passkeys and API tokens under ${account}, delete any you ` +
      "do not know, and revoke the API tokens and connected apps you did not make.\n",
  };
}

/**
 * The assertion-url of "Add a passkey": a registration token for the signed-in user, given only
 * with a passkey used in the last 5 minutes (step-up.ts): the token adds a passkey. The auth server
 * wants that proof too (an account with a passkey adds another only after one is used): the token
 * cites the session's login (its sign-in or step-up, which this board confirmed with verify-auth).
 */
export async function myPasskeyUserToken({ tenant, actor }: { tenant: TenantClient; actor: Actor }) {
  assertSteppedUp(actor);
  // A sign-up's session is fresh but cites no login (its passkey was made, not used): ask for one.
  if (!actor.stepUpChallengeId) throw new StepUpRequiredError();
  const { userToken } = await tenant.userToken({
    externalId: actor.id,
    displayName: actor.name,
    username: actor.email,
    ttl: USER_TOKEN_TTL_SECONDS,
    ...(actor.stepUpChallengeId ? { stepUpChallengeId: actor.stepUpChallengeId } : {}),
  });
  return { userToken };
}
