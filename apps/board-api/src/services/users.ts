import type { User } from "@org/contracts";
import { Prisma, queryPrepared, type Db } from "@org/db";
import {
  generateSecret,
  hashSecret,
  secretMatches,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
} from "@org/service-kit";
import type { Actor } from "./context.ts";
import { iso } from "./pagination.ts";

const TOKEN_PREFIX = "bt";

export function toUserWire(user: { id: string; email: string; name: string; createdAt: Date }): User {
  return { id: user.id, email: user.email, name: user.name, created_at: iso(user.createdAt) };
}

function normaliseEmail(email: string): string {
  const value = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(value)) throw new ValidationError("A valid email is required.");
  return value;
}

async function issueToken(db: Db, userId: string): Promise<string> {
  const token = generateSecret(TOKEN_PREFIX);
  await db.apiToken.create({ data: { userId, tokenHash: hashSecret(token) } });
  return token;
}

/** `cli user create`: a user and a first API token (shown once, stored only as a hash). */
export async function createUser({ db, email, name }: { db: Db; email: string; name: string }) {
  if (!name.trim()) throw new ValidationError("A name is required.");
  const user = await db.user.create({ data: { email: normaliseEmail(email), name: name.trim() } });
  const token = await issueToken(db, user.id);
  return { user: { id: user.id, email: user.email, name: user.name }, token };
}

/** `cli token create`: another API token for an existing user. */
export async function createToken({ db, email }: { db: Db; email: string }) {
  const user = await db.user.findUnique({ where: { email: normaliseEmail(email) }, select: { id: true } });
  if (!user) throw new NotFoundError(`No user with email ${email}.`);
  return { token: await issueToken(db, user.id) };
}

/** `cli token revoke`: the token stops working at once. */
export async function revokeToken({ db, token }: { db: Db; token: string }) {
  const { count } = await db.apiToken.updateMany({
    where: { tokenHash: hashSecret(token), revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw new NotFoundError("No active token matches.");
  return { revoked: true };
}

/**
 * The user behind a bearer token: one indexed lookup by the token's SHA-256 (no scan), then a
 * constant-time check of the stored hash. A prepared statement: this runs on every request.
 */
export async function authenticate({ db, token }: { db: Db; token: string }): Promise<Actor> {
  const rows = await queryPrepared<Actor & { revoked: boolean; token_hash: string }>(
    db,
    Prisma.sql`
    SELECT u.id::text AS id, u.email, u.name, t.revoked_at IS NOT NULL AS revoked, t.token_hash
    FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ${hashSecret(token)}`,
  );
  const row = rows[0];
  if (!row || row.revoked || !secretMatches(token, row.token_hash)) {
    throw new UnauthenticatedError("The API token is invalid or revoked.");
  }
  return { id: row.id, email: row.email, name: row.name };
}

export async function getMe({ db, actor }: { db: Db; actor: Actor }): Promise<User> {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.id } });
  return toUserWire(user);
}
