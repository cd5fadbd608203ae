// API tokens, the account service: created by their user (web app, API, or `cli token create`),
// listed without their secrets, revoked in one place.
import type { ApiToken, CreatedApiToken, ListQuery } from "@org/contracts";
import { Prisma, type Db } from "@org/db";
import { ForbiddenError, generateSecret, hashSecret, NotFoundError } from "@org/service-kit";
import type { Actor } from "./context.ts";
import { iso, isoOrNull, pageArgs, toPage } from "./pagination.ts";
import { invalidateTokens } from "./token-cache.ts";
import { accessTokenEndsAt } from "../oauth/grants.ts";
import { assertSteppedUp } from "./step-up.ts";

const TOKEN_PREFIX = "bt";
/** last_used_at is written at most this often per token: a write on every request would cost more than the request. */
const LAST_USED_EVERY_MS = 60_000;

interface TokenRow {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const toTokenWire = (row: TokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  created_at: iso(row.createdAt),
  last_used_at: isoOrNull(row.lastUsedAt),
});

/** A new token for `userId`: the secret is returned once and stored only as its SHA-256. */
export async function issueApiToken({
  db,
  userId,
  name,
}: {
  db: Db;
  userId: string;
  name: string;
}): Promise<CreatedApiToken> {
  const token = generateSecret(TOKEN_PREFIX);
  const row = await db.apiToken.create({ data: { userId, name, tokenHash: hashSecret(token) } });
  return { ...toTokenWire(row), token };
}

/**
 * create_token: only from the web app's session (or `cli token create`), and only with a passkey
 * used in the last 5 minutes (step-up.ts). A bearer token cannot mint tokens: one that leaked
 * could otherwise make copies of itself that outlive its revocation.
 */
export async function createApiToken({ db, actor, name }: { db: Db; actor: Actor; name: string }) {
  if (!actor.viaWebApp) {
    throw new ForbiddenError(
      "An API token cannot create tokens (its copies would outlive its revocation): create them in the web app (Account → API tokens) or with `cli token create`.",
    );
  }
  // A stolen web session must not mint a token that outlives it (issue 28).
  assertSteppedUp(actor);
  return issueApiToken({ db, userId: actor.id, name });
}

/** The caller's live tokens, newest first. */
export async function listApiTokens({ db, actor, query }: { db: Db; actor: Actor; query: ListQuery }) {
  const rows = await db.apiToken.findMany({
    where: { userId: actor.id, revokedAt: null },
    orderBy: { id: "desc" },
    ...pageArgs(query),
  });
  return toPage(query, rows, toTokenWire);
}

/**
 * The one way to revoke API tokens: one of a user's tokens by id (delete_token; another user's is
 * not_found), or a token by its value (`cli token revoke`). The token stops working at once.
 */
export async function revokeToken({
  db,
  match,
}: {
  db: Db;
  match: { tokenId: string; userId: string } | { token: string };
}): Promise<void> {
  const where =
    "token" in match ? { tokenHash: hashSecret(match.token) } : { id: match.tokenId, userId: match.userId };
  const revoked = await db.apiToken.updateManyAndReturn({
    where: { ...where, revokedAt: null },
    data: { revokedAt: new Date() },
    select: { tokenHash: true },
  });
  if (revoked.length === 0) throw new NotFoundError("No such token (or it was revoked already).");
  // The lookup cache forgets them here at once and, by a notification, on every other instance.
  await invalidateTokens({ db, tokenHashes: revoked.map((row) => row.tokenHash) });
}

/**
 * Until when the token of this SHA-256 works, read from the database (never from the cache):
 * Infinity for an API token (until revoked), an OAuth access token's expiry (epoch ms), or null
 * when it does not work.
 */
export async function tokenEndsAt({ db, tokenHash }: { db: Db; tokenHash: string }): Promise<number | null> {
  const live = await db.apiToken.count({ where: { tokenHash, revokedAt: null } });
  return live > 0 ? Infinity : accessTokenEndsAt(db, tokenHash);
}

/** Records that a token was used, unless that was recorded less than a minute ago. */
export async function noteTokenUse({
  db,
  tokenHash,
  lastUsedAt,
}: {
  db: Db;
  tokenHash: string;
  lastUsedAt: Date | null;
}): Promise<void> {
  if (lastUsedAt && Date.now() - lastUsedAt.getTime() < LAST_USED_EVERY_MS) return;
  await db.$executeRaw`UPDATE api_tokens SET last_used_at = ${Prisma.sql`(now() AT TIME ZONE 'UTC')`}
    WHERE token_hash = ${tokenHash}`;
}
