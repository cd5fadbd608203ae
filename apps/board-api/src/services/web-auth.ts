// Sign-up, sign-in and passkeys of the web app, with the auth server (board-api is its tenant;
// a board user's id is its auth server externalId). Email ownership is not verified (no mail).
import type { PasskeyInfo, PendingSignup, SignupRequest, User } from "@org/contracts";
import type { Db } from "@org/db";
import {
  ConflictError,
  generateSecret,
  hashSecret,
  NotFoundError,
  UnauthenticatedError,
  type SessionLifetime,
} from "@org/service-kit";
import type { TenantClient } from "../auth-server/tenant-client.ts";
import type { Actor } from "./context.ts";
import { freeHandle, handleStem } from "./handles.ts";
import { startWebSession, type StartedWebSession } from "./web-sessions.ts";
import { toUserWire } from "./users.ts";

/** A sign-up must be finished (passkey created, account made) within an hour. */
export const SIGNUP_TTL_MS = 60 * 60 * 1000;
/** The registration token the sign-up page fetches just in time (SDK: a short TTL). */
const USER_TOKEN_TTL_SECONDS = 60;

interface WebAuthDeps {
  db: Db;
  tenant: TenantClient;
}

export interface StartedSignup {
  signup: PendingSignup;
  /** The browser's sign-up cookie (stored as a hash). */
  token: string;
  expiresAt: Date;
}

const emailTaken = () =>
  new ConflictError("An account with this email exists: sign in with its passkey instead.");

/**
 * Starts a sign-up: reserves a handle and a fresh id (the future user's, and its auth server
 * externalId), bound to this browser by a cookie. An email that has an account is refused, so a
 * sign-up can never add a passkey to an existing account.
 */
export async function startSignup({ db, input }: { db: Db; input: SignupRequest }): Promise<StartedSignup> {
  await db.webSignup.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw emailTaken();
  const token = generateSecret("su");
  const expiresAt = new Date(Date.now() + SIGNUP_TTL_MS);
  const handle = await freeHandle(db, handleStem(input.name, input.email));
  await db.webSignup.create({
    data: { email: input.email, name: input.name, handle, tokenHash: hashSecret(token), expiresAt },
  });
  return { signup: { email: input.email, name: input.name, handle }, token, expiresAt };
}

async function pendingSignup(db: Db, token: string | undefined) {
  const signup = token ? await db.webSignup.findUnique({ where: { tokenHash: hashSecret(token) } }) : null;
  if (!signup || signup.expiresAt <= new Date()) {
    throw new UnauthenticatedError("This sign-up expired or was never started here: start again.");
  }
  return signup;
}

/** The assertion-url of the sign-up page: a registration token for this browser's pending sign-up only. */
export async function signupUserToken({ db, tenant, token }: WebAuthDeps & { token: string | undefined }) {
  const signup = await pendingSignup(db, token);
  const { userToken } = await tenant.userToken({
    externalId: signup.id,
    displayName: signup.name,
    ttl: USER_TOKEN_TTL_SECONDS,
  });
  return { userToken };
}

/** Makes the account of a pending sign-up; its email must still be free. */
async function createAccount(db: Db, signup: { id: string; email: string; name: string; handle: string }) {
  return db.$transaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email: signup.email }, select: { id: true } }))
      throw emailTaken();
    await tx.webSignup.delete({ where: { id: signup.id } });
    const handleFree = !(await tx.user.findUnique({
      where: { handle: signup.handle },
      select: { id: true },
    }));
    const handle = handleFree ? signup.handle : await freeHandle(tx, signup.handle);
    return tx.user.create({ data: { id: signup.id, email: signup.email, name: signup.name, handle } });
  });
}

/**
 * Finishes this browser's sign-up once the auth server holds a passkey for it: the account is
 * made and signed in (no second passkey prompt).
 */
export async function completeSignup({
  db,
  tenant,
  token,
  lifetime,
}: WebAuthDeps & { token: string | undefined; lifetime: SessionLifetime }): Promise<{
  user: User;
  session: StartedWebSession;
}> {
  const signup = await pendingSignup(db, token);
  const passkeys = await tenant.listPasskeys(signup.id).catch((error: unknown) => {
    if (error instanceof NotFoundError) return [];
    throw error;
  });
  if (passkeys.length === 0) throw new ConflictError("Create your passkey first.");
  const user = await createAccount(db, signup);
  return { user: toUserWire(user), session: await startWebSession({ db, userId: user.id, lifetime }) };
}

/** The session token of the sign-in page's authkit-authenticate (15 minutes). */
export const signInToken = ({ tenant }: { tenant: TenantClient }) => tenant.sessionToken();

/**
 * Turns a passkey login at the auth server into a web session. verify-auth answers only for a
 * login of this board's tenant in the last 5 minutes; a challengeId makes one session at most
 * (web_sessions.challenge_id is unique). A passkey whose sign-up was interrupted after it was
 * created finishes that sign-up.
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
    const signup = await db.webSignup.findUnique({ where: { id: userId } });
    if (signup && signup.expiresAt > new Date()) user = await createAccount(db, signup);
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

/** Deletes one of the user's passkeys, never the last one (the account would be locked out). */
export async function deleteMyPasskey({
  tenant,
  actor,
  passkeyId,
}: {
  tenant: TenantClient;
  actor: Actor;
  passkeyId: string;
}): Promise<void> {
  const passkeys = await listMyPasskeys({ tenant, actor });
  if (!passkeys.some((passkey) => passkey.id === passkeyId)) throw new NotFoundError("No such passkey.");
  if (passkeys.length === 1) {
    throw new ConflictError("This is your only passkey: add another one before deleting it.");
  }
  await tenant.deletePasskey(actor.id, passkeyId);
}

/** The assertion-url of "Add a passkey": a registration token for the signed-in user. */
export async function myPasskeyUserToken({ tenant, actor }: { tenant: TenantClient; actor: Actor }) {
  const { userToken } = await tenant.userToken({
    externalId: actor.id,
    displayName: actor.name,
    ttl: USER_TOKEN_TTL_SECONDS,
  });
  return { userToken };
}
