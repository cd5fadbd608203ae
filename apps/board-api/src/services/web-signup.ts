// Sign-up in the web app: a pending sign-up holds a handle and a fresh id (the future user's, and
// its auth server externalId) for a short time, bound to the browser that started it. Abandoned —
// Back, another start in the same browser, or left alone past SIGNUP_TTL_MS — it holds nothing:
// the handle is free again at once, and the auth server user that its registration token created
// is deleted (by the Back, or by the sweeper). Email ownership is not verified (no mail).
import { handleStem, type PendingSignup, type SignupRequest, type User } from "@org/contracts";
import type { Db } from "@org/db";
import {
  ConflictError,
  generateSecret,
  hashSecret,
  NotFoundError,
  UnauthenticatedError,
  type Logger,
  type SessionLifetime,
} from "@org/service-kit";
import type { TenantClient } from "../auth-server/tenant-client.ts";
import { freeHandle, liveSignups } from "./handles.ts";
import { toUserWire } from "./users.ts";
import { startWebSession, type StartedWebSession } from "./web-sessions.ts";

/** How long a sign-up holds its handle: time to create a passkey, not to come back tomorrow. */
export const SIGNUP_TTL_MS = 10 * 60 * 1000;
/** The registration token the sign-up page fetches just in time (SDK: a short TTL). */
const USER_TOKEN_TTL_SECONDS = 60;

interface SignupRow {
  id: string;
  email: string;
  name: string;
  handle: string;
  expiresAt: Date;
}

/** A sign-up as stored (the route adds whether mail will confirm the address). */
export type StoredSignup = Omit<PendingSignup, "verification_mail">;

export interface StartedSignup {
  signup: StoredSignup;
  /** The browser's sign-up cookie (stored as a hash). */
  token: string;
  expiresAt: Date;
}

const emailTaken = () =>
  new ConflictError("An account with this email exists: sign in with its passkey instead.");

const findByToken = (db: Db, token: string | undefined) =>
  token ? db.webSignup.findUnique({ where: { tokenHash: hashSecret(token) } }) : Promise.resolve(null);

const toPending = (row: SignupRow): StoredSignup => ({
  email: row.email,
  name: row.name,
  handle: row.handle,
});

/** The handle the person chose, if free; else the first free one from their name. */
async function pickHandle(db: Db, input: SignupRequest): Promise<string> {
  if (!input.handle) return freeHandle(db, handleStem(input.name, input.email));
  const [user, held] = await Promise.all([
    db.user.findUnique({ where: { handle: input.handle }, select: { id: true } }),
    db.webSignup.count({ where: { handle: input.handle, ...liveSignups() } }),
  ]);
  if (user || held) {
    const free = await freeHandle(db, input.handle);
    throw new ConflictError(`The handle @${input.handle} is taken: try @${free}.`);
  }
  return input.handle;
}

/**
 * Starts a sign-up. An email that has an account is refused, so a sign-up can never add a passkey
 * to an existing account. This browser's previous sign-up (`previousToken`) is abandoned first,
 * so starting again keeps the handle it held.
 */
export async function startSignup({
  db,
  tenant,
  input,
  previousToken,
}: {
  db: Db;
  tenant: TenantClient | undefined;
  input: SignupRequest;
  previousToken?: string | undefined;
}): Promise<StartedSignup> {
  const previous = await findByToken(db, previousToken);
  if (previous) await abandonSignup({ db, tenant, signup: previous });
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw emailTaken();
  const handle = await pickHandle(db, input);
  const token = generateSecret("su");
  const expiresAt = new Date(Date.now() + SIGNUP_TTL_MS);
  await db.webSignup.create({
    data: { email: input.email, name: input.name, handle, tokenHash: hashSecret(token), expiresAt },
  });
  return { signup: { email: input.email, name: input.name, handle }, token, expiresAt };
}

/** This browser's sign-up in progress (its step 2 reloaded), or null. */
export async function currentSignup({ db, token }: { db: Db; token: string | undefined }) {
  const signup = await findByToken(db, token);
  return signup && signup.expiresAt > new Date() ? toPending(signup) : null;
}

async function pendingSignup(db: Db, token: string | undefined) {
  const signup = await findByToken(db, token);
  if (!signup || signup.expiresAt <= new Date()) {
    throw new UnauthenticatedError("This sign-up expired or was never started here: start again.");
  }
  return signup;
}

/** The assertion-url of the sign-up page: a registration token for this browser's pending sign-up only. */
export async function signupUserToken({
  db,
  tenant,
  token,
}: {
  db: Db;
  tenant: TenantClient;
  token: string | undefined;
}) {
  const signup = await pendingSignup(db, token);
  const { userToken } = await tenant.userToken({
    externalId: signup.id,
    displayName: signup.name,
    username: signup.email,
    ttl: USER_TOKEN_TTL_SECONDS,
  });
  return { userToken };
}

/** Makes the account of a pending sign-up; its email must still be free. */
export async function createAccount(db: Db, signup: SignupRow) {
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

const passkeysOf = (tenant: TenantClient, id: string) =>
  tenant.listPasskeys(id).catch((error: unknown) => {
    if (error instanceof NotFoundError) return [];
    throw error;
  });

/**
 * Finishes this browser's sign-up once the auth server holds a passkey for it: the account is
 * made and signed in (no second passkey prompt).
 */
export async function completeSignup({
  db,
  tenant,
  token,
  lifetime,
}: {
  db: Db;
  tenant: TenantClient;
  token: string | undefined;
  lifetime: SessionLifetime;
}): Promise<{ user: User; session: StartedWebSession }> {
  const signup = await pendingSignup(db, token);
  if ((await passkeysOf(tenant, signup.id)).length === 0)
    throw new ConflictError("Create your passkey first.");
  const user = await createAccount(db, signup);
  return { user: toUserWire(user), session: await startWebSession({ db, userId: user.id, lifetime }) };
}

/**
 * Lets go of a sign-up: its auth server user (and a passkey made just before the person went
 * back) is deleted, then the row. When the auth server cannot be reached the row stays, expired —
 * the handle is free at once — and the sweeper tries again.
 */
async function abandonSignup({
  db,
  tenant,
  signup,
}: {
  db: Db;
  tenant: TenantClient | undefined;
  signup: SignupRow;
}): Promise<void> {
  // Completed meanwhile (another tab, another instance's sweep): the auth user is an account's now.
  const completed = await db.user.findUnique({ where: { id: signup.id }, select: { id: true } });
  try {
    if (tenant && !completed) await deleteAuthUser(tenant, signup.id);
  } catch (error) {
    await db.webSignup.updateMany({ where: { id: signup.id }, data: { expiresAt: new Date(0) } });
    throw error;
  }
  await db.webSignup.deleteMany({ where: { id: signup.id } });
}

async function deleteAuthUser(tenant: TenantClient, externalId: string): Promise<void> {
  try {
    await tenant.deleteUser(externalId);
  } catch (error) {
    if (error instanceof NotFoundError) return;
    if (!(error instanceof ConflictError)) throw error;
    for (const passkey of await passkeysOf(tenant, externalId)) {
      await tenant.deletePasskey(externalId, passkey.id);
    }
    await tenant.deleteUser(externalId).catch((again: unknown) => {
      if (!(again instanceof NotFoundError)) throw again;
    });
  }
}

/** Back on the sign-up's second step: this browser's sign-up holds nothing any more. */
export async function cancelSignup({
  db,
  tenant,
  token,
}: {
  db: Db;
  tenant: TenantClient | undefined;
  token: string | undefined;
}): Promise<void> {
  const signup = await findByToken(db, token);
  if (signup) await abandonSignup({ db, tenant, signup });
}

/**
 * Sign-ups left past their time: one whose passkey exists (the browser closed right after
 * creating it) becomes the account; the others are abandoned. Returns how many were settled.
 * Run every minute by the server; safe to run on several instances at once.
 */
export async function sweepSignups({
  db,
  tenant,
  logger,
  now = new Date(),
}: {
  db: Db;
  tenant: TenantClient;
  logger: Logger;
  now?: Date;
}): Promise<number> {
  const expired = await db.webSignup.findMany({
    where: { expiresAt: { lte: now } },
    orderBy: { expiresAt: "asc" },
    take: 50,
  });
  let settled = 0;
  for (const signup of expired) {
    try {
      const created = (await passkeysOf(tenant, signup.id)).length > 0;
      if (created) await createAccount(db, signup).catch(settleRefusedAccount(db, tenant, signup));
      else await abandonSignup({ db, tenant, signup });
      settled += 1;
    } catch (error) {
      logger.warn({ err: error, signupId: signup.id }, "an abandoned sign-up could not be cleared yet");
    }
  }
  return settled;
}

/**
 * After createAccount refused an expired sign-up: done already elsewhere (its row gone, or its
 * account made), nothing to do; its email taken by someone else since, it is abandoned.
 */
const settleRefusedAccount =
  (db: Db, tenant: TenantClient, signup: SignupRow) =>
  async (error: unknown): Promise<void> => {
    if (await db.user.findUnique({ where: { id: signup.id }, select: { id: true } })) return;
    if (!(await db.webSignup.findUnique({ where: { id: signup.id }, select: { id: true } }))) return;
    if (!(error instanceof ConflictError)) throw error;
    await abandonSignup({ db, tenant, signup });
  };
