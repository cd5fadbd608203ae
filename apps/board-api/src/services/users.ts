import { handleStem, type UpdateMeBody, type User } from "@org/contracts";
import { Prisma, queryPrepared, type Db } from "@org/db";
import {
  ConflictError,
  hashSecret,
  secretMatches,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
} from "@org/service-kit";
import type { Actor } from "./context.ts";
import { liveSignups, withFreeHandle } from "./handles.ts";
import { iso } from "./pagination.ts";
import { tokenCacheFor } from "./token-cache.ts";
import { lookupAccessToken } from "../oauth/grants.ts";

/** OAuth access tokens (see src/oauth). */
const OAUTH_ACCESS_PREFIX = "bat_";
import { issueApiToken, noteTokenUse } from "./tokens.ts";

export function toUserWire(user: {
  id: string;
  email: string;
  name: string;
  handle: string;
  emailVerifiedAt: Date | null;
  emailNotifications: boolean;
  createdAt: Date;
}): User {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    handle: user.handle,
    email_verified: user.emailVerifiedAt !== null,
    email_notifications: user.emailNotifications,
    created_at: iso(user.createdAt),
  };
}

export function normaliseEmail(email: string): string {
  const value = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(value)) throw new ValidationError("A valid email is required.");
  return value;
}

/** `cli user create`: a user and a first API token (shown once, stored only as a hash). */
export async function createUser({ db, email, name }: { db: Db; email: string; name: string }) {
  if (!name.trim()) throw new ValidationError("A name is required.");
  const address = normaliseEmail(email);
  if (await db.user.findUnique({ where: { email: address }, select: { id: true } })) {
    throw new ConflictError(
      `A user with email ${address} already exists; cli token create --email ${address} gives them another token.`,
    );
  }
  const user = await withFreeHandle(db, handleStem(name, address), (handle) =>
    db.user.create({ data: { email: address, name: name.trim(), handle } }),
  );
  const { token } = await issueApiToken({ db, userId: user.id, name: "cli" });
  return { user: { id: user.id, email: user.email, name: user.name, handle: user.handle }, token };
}

/** `cli token create`: another API token for an existing user. */
export async function createToken({ db, email }: { db: Db; email: string }) {
  const user = await db.user.findUnique({ where: { email: normaliseEmail(email) }, select: { id: true } });
  if (!user) throw new NotFoundError(`No user with email ${email}.`);
  const { token } = await issueApiToken({ db, userId: user.id, name: "cli" });
  return { token };
}

/**
 * The user behind a bearer token: one indexed lookup by the token's SHA-256 (no scan), then a
 * constant-time check of the stored hash. A prepared statement, and cached for a second (see
 * token-cache.ts): this runs on every request.
 */
export async function authenticate({
  db,
  token,
  tokenHash = hashSecret(token),
}: {
  db: Db;
  token: string;
  /** The token's SHA-256 when the caller already has it. */
  tokenHash?: string;
}): Promise<Actor> {
  const cache = tokenCacheFor(db);
  const cached = cache.get(tokenHash);
  if (cached) return cached;
  const ticket = cache.begin();
  if (token.startsWith(OAUTH_ACCESS_PREFIX)) {
    const found = await lookupAccessToken(db, token, tokenHash);
    if (!found) throw new UnauthenticatedError("The access token is invalid, expired or revoked.");
    cache.set(tokenHash, found.actor, ticket);
    return found.actor;
  }
  const rows = await queryPrepared<
    Actor & { revoked: boolean; token_hash: string; last_used_at: Date | null }
  >(
    db,
    Prisma.sql`
    SELECT u.id::text AS id, u.email, u.name, t.revoked_at IS NOT NULL AS revoked, t.token_hash, t.last_used_at
    FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ${tokenHash}`,
  );
  const row = rows[0];
  if (!row || row.revoked || !secretMatches(token, row.token_hash)) {
    throw new UnauthenticatedError("The API token is invalid or revoked.");
  }
  // Noted on a cache miss only: last_used_at is kept to the minute, the cache to the second.
  await noteTokenUse({ db, tokenHash: row.token_hash, lastUsedAt: row.last_used_at });
  const actor = { id: row.id, email: row.email, name: row.name };
  cache.set(tokenHash, actor, ticket);
  return actor;
}

export async function getMe({ db, actor }: { db: Db; actor: Actor }): Promise<User> {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.id } });
  return toUserWire(user);
}

/** Changes the caller's name, handle and/or mail preference; a handle someone else has is conflict. */
export async function updateMe({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: UpdateMeBody;
}): Promise<User> {
  if (input.handle) {
    const holder = await db.user.findUnique({ where: { handle: input.handle }, select: { id: true } });
    const reserved = await db.webSignup.count({ where: { handle: input.handle, ...liveSignups() } });
    if ((holder && holder.id !== actor.id) || reserved > 0) {
      throw new ConflictError(`The handle @${input.handle} is taken.`);
    }
  }
  const user = await db.user.update({
    where: { id: actor.id },
    data: {
      ...(input.name ? { name: input.name } : {}),
      ...(input.handle ? { handle: input.handle } : {}),
      ...(input.email_notifications !== undefined ? { emailNotifications: input.email_notifications } : {}),
    },
  });
  return toUserWire(user);
}
