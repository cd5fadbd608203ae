// Grants, codes and tokens. Everything secret is stored as its SHA-256 only (as API tokens are).
// Access tokens `bat_…` live an hour; refresh tokens `brt_…` 30 days and are rotated on every use:
// presenting a used one again means it was copied, and the whole grant is revoked. Every token is
// bound to the resource (RFC 8707) it was asked for.
import { createHash } from "node:crypto";
import { Prisma, queryPrepared, type Db } from "@org/db";
import { generateSecret, hashSecret, NotFoundError, secretMatches } from "@org/service-kit";
import type { Actor } from "../services/context.ts";
import { assertSteppedUp } from "../services/step-up.ts";
import { invalidateTokens } from "../services/token-cache.ts";
import type { OAuthClientRow } from "./clients.ts";
import { OAuthError } from "./errors.ts";
import type { OAuthAccess } from "./access.ts";
import type { OAuthScope } from "./metadata.ts";

export const ACCESS_TOKEN_TTL_S = 60 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;
export const CODE_TTL_MS = 60_000;
const LAST_USED_EVERY_MS = 60_000;

/** RFC 7636 S256: BASE64URL(SHA-256(verifier)). */
export function s256(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

/** The person's approval: a grant and its first code. */
export async function approveAuthorization({
  db,
  actor,
  client,
  scopes,
  projectIds,
  redirectUri,
  codeChallenge,
  resource,
}: {
  db: Db;
  /** The web app's signed-in person: the grant acts as them. */
  actor: Actor;
  client: OAuthClientRow;
  scopes: OAuthScope[];
  projectIds: string[] | null;
  redirectUri: string;
  codeChallenge: string;
  resource: string;
}): Promise<{ code: string; grantId: string }> {
  // A grant is a credential that outlives the session: it needs a passkey used in the last 5
  // minutes, like an API token (issue 28).
  assertSteppedUp(actor);
  const userId = actor.id;
  const code = generateSecret("bac");
  const grant = await db.$transaction(async (tx) => {
    const grant = await tx.oAuthGrant.create({
      data: {
        userId,
        clientId: client.id,
        scopes,
        projectIds: projectIds ?? [],
        allProjects: projectIds === null,
      },
    });
    await tx.oAuthCode.create({
      data: {
        codeHash: hashSecret(code),
        grantId: grant.id,
        redirectUri,
        codeChallenge,
        resource,
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      },
    });
    // A registration that was used no longer expires.
    if (client.kind === "registered") {
      await tx.oAuthClient.update({ where: { id: client.id }, data: { expiresAt: null } });
    }
    return grant;
  });
  return { code, grantId: grant.id };
}

interface TokenAnswer {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

async function issueTokens(
  db: Db,
  grant: { id: string; scopes: string[] },
  resource: string,
): Promise<TokenAnswer> {
  const access = generateSecret("bat");
  const refresh = generateSecret("brt");
  const now = Date.now();
  await db.oAuthToken.createMany({
    data: [
      {
        tokenHash: hashSecret(access),
        grantId: grant.id,
        kind: "access",
        resource,
        expiresAt: new Date(now + ACCESS_TOKEN_TTL_S * 1000),
      },
      {
        tokenHash: hashSecret(refresh),
        grantId: grant.id,
        kind: "refresh",
        resource,
        expiresAt: new Date(now + REFRESH_TOKEN_TTL_S * 1000),
      },
    ],
  });
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL_S,
    refresh_token: refresh,
    scope: grant.scopes.join(" "),
  };
}

/**
 * Revokes a grant: its tokens stop working at once on every instance (the token cache's
 * notification), and sockets opened with them are disconnected. True when it was live.
 */
export async function revokeGrant(db: Db, grantId: string, userId?: string): Promise<boolean> {
  const revoked = await db.oAuthGrant.updateMany({
    where: { id: grantId, revokedAt: null, ...(userId ? { userId } : {}) },
    data: { revokedAt: new Date() },
  });
  const tokens = await db.oAuthToken.updateManyAndReturn({
    where: { grantId, revokedAt: null, ...(userId ? { grant: { userId } } : {}) },
    data: { revokedAt: new Date() },
    select: { tokenHash: true },
  });
  await db.oAuthCode.updateMany({ where: { grantId, usedAt: null }, data: { usedAt: new Date() } });
  if (tokens.length > 0) await invalidateTokens({ db, tokenHashes: tokens.map((row) => row.tokenHash) });
  return revoked.count > 0;
}

function stringParam(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

function required(body: Record<string, unknown>, name: string): string {
  const value = stringParam(body, name);
  if (!value) throw new OAuthError("invalid_request", `${name} is required.`);
  return value;
}

const CODE_REUSED = "The code was used already; the tokens issued with it are revoked.";
const REFRESH_REUSED = "The refresh token was used already: the authorization is revoked.";

/** A `resource` sent again must be the one the code or token is bound to (RFC 8707). */
function checkResource(body: Record<string, unknown>, bound: string, message: string): void {
  const resource = stringParam(body, "resource");
  if (resource !== undefined && resource.replace(/\/+$/, "") !== bound) {
    throw new OAuthError("invalid_target", message);
  }
}

/** A code or refresh token works once: a second use (`spent` 0) revokes the whole grant. */
async function spentOnce(db: Db, spent: number, grantId: string, message: string): Promise<void> {
  if (spent === 1) return;
  await revokeGrant(db, grantId);
  throw new OAuthError("invalid_grant", message);
}

/** grant_type=authorization_code: one use of the code, with its PKCE verifier and redirect_uri. */
export async function exchangeCode(db: Db, body: Record<string, unknown>): Promise<TokenAnswer> {
  const code = required(body, "code");
  const clientId = required(body, "client_id");
  const verifier = stringParam(body, "code_verifier");
  if (!verifier) throw new OAuthError("invalid_request", "code_verifier is required (PKCE).");
  const row = await db.oAuthCode.findUnique({
    where: { codeHash: hashSecret(code) },
    include: { grant: { include: { client: { select: { clientId: true } } } } },
  });
  if (!row) throw new OAuthError("invalid_grant", "The code is invalid.");
  // A code presented twice was intercepted (or replayed): nothing issued from it may stand.
  await spentOnce(db, row.usedAt ? 0 : 1, row.grantId, CODE_REUSED);
  if (row.grant.client.clientId !== clientId)
    throw new OAuthError("invalid_grant", "The code was issued to another client.");
  if (row.expiresAt <= new Date()) throw new OAuthError("invalid_grant", "The code expired.");
  if (stringParam(body, "redirect_uri") !== row.redirectUri) {
    throw new OAuthError("invalid_grant", "redirect_uri does not match the authorization request's.");
  }
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || s256(verifier) !== row.codeChallenge) {
    throw new OAuthError("invalid_grant", "code_verifier does not match the code_challenge (PKCE S256).");
  }
  checkResource(body, row.resource, "resource differs from the authorization request's.");
  if (row.grant.revokedAt) throw new OAuthError("invalid_grant", "The authorization was revoked.");
  const taken = await db.oAuthCode.updateMany({
    where: { id: row.id, usedAt: null },
    data: { usedAt: new Date() },
  });
  await spentOnce(db, taken.count, row.grantId, CODE_REUSED);
  return issueTokens(db, row.grant, row.resource);
}

/** grant_type=refresh_token: rotation, and reuse detection that revokes the grant. */
export async function refreshTokens(db: Db, body: Record<string, unknown>): Promise<TokenAnswer> {
  const token = required(body, "refresh_token");
  const clientId = required(body, "client_id");
  const tokenHash = hashSecret(token);
  const row = await db.oAuthToken.findUnique({
    where: { tokenHash },
    include: { grant: { include: { client: { select: { clientId: true } } } } },
  });
  if (!row || row.kind !== "refresh" || !secretMatches(token, row.tokenHash)) {
    throw new OAuthError("invalid_grant", "The refresh token is invalid.");
  }
  if (row.grant.client.clientId !== clientId)
    throw new OAuthError("invalid_grant", "The refresh token belongs to another client.");
  await spentOnce(db, row.usedAt ? 0 : 1, row.grantId, REFRESH_REUSED);
  if (row.revokedAt || row.grant.revokedAt)
    throw new OAuthError("invalid_grant", "The authorization was revoked.");
  if (row.expiresAt <= new Date()) throw new OAuthError("invalid_grant", "The refresh token expired.");
  checkResource(body, row.resource, "resource differs from the one the refresh token is bound to.");
  const scope = stringParam(body, "scope");
  if (scope !== undefined && scope.split(" ").some((s) => s && !row.grant.scopes.includes(s))) {
    throw new OAuthError("invalid_scope", "A refresh cannot widen the scopes that were granted.");
  }
  const taken = await db.oAuthToken.updateMany({
    where: { id: row.id, usedAt: null },
    data: { usedAt: new Date() },
  });
  await spentOnce(db, taken.count, row.grantId, REFRESH_REUSED);
  return issueTokens(db, row.grant, row.resource);
}

/**
 * POST /oauth/revoke (RFC 7009): an access token stops working; a refresh token ends its grant.
 * Unknown tokens, and other clients' tokens, are ignored (200 either way).
 */
export async function revokeToken(db: Db, body: Record<string, unknown>): Promise<void> {
  const token = required(body, "token");
  const clientId = stringParam(body, "client_id");
  const row = await db.oAuthToken.findUnique({
    where: { tokenHash: hashSecret(token) },
    include: { grant: { include: { client: { select: { clientId: true } } } } },
  });
  if (!row || (clientId !== undefined && row.grant.client.clientId !== clientId)) return;
  if (row.kind === "refresh") {
    await revokeGrant(db, row.grantId);
    return;
  }
  const revoked = await db.oAuthToken.updateMany({
    where: { id: row.id, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (revoked.count > 0) await invalidateTokens({ db, tokenHashes: [row.tokenHash] });
}

interface AccessRow {
  id: string;
  email: string;
  name: string;
  token_hash: string;
  grant_id: string;
  scopes: string[];
  project_ids: string[];
  all_projects: boolean;
  resource: string;
  live: boolean;
  last_used_at: Date | null;
}

/** The user and access of a live `bat_` token, or undefined. One indexed lookup. */
export async function lookupAccessToken(db: Db, token: string, tokenHash: string) {
  const rows = await queryPrepared<AccessRow>(
    db,
    Prisma.sql`
    SELECT u.id::text AS id, u.email, u.name, t.token_hash, g.id::text AS grant_id, g.scopes,
      g.project_ids::text[] AS project_ids, g.all_projects, t.resource, g.last_used_at,
      (t.kind = 'access' AND t.revoked_at IS NULL AND g.revoked_at IS NULL
        AND t.expires_at > (now() AT TIME ZONE 'UTC')) AS live
    FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id JOIN users u ON u.id = g.user_id
    WHERE t.token_hash = ${tokenHash}`,
  );
  const row = rows[0];
  if (!row || !row.live || !secretMatches(token, row.token_hash)) return undefined;
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() >= LAST_USED_EVERY_MS) {
    await db.$executeRaw`UPDATE oauth_grants SET last_used_at = (now() AT TIME ZONE 'UTC') WHERE id = ${row.grant_id}::uuid`;
  }
  const oauth: OAuthAccess = {
    grantId: row.grant_id,
    scopes: row.scopes as OAuthScope[],
    projectIds: row.all_projects ? null : row.project_ids,
    resource: row.resource,
  };
  return { actor: { id: row.id, email: row.email, name: row.name, oauth } };
}

/**
 * Until when the OAuth access token of this SHA-256 works (epoch ms), or null when it does not
 * (revoked, its grant revoked, expired, or no such token): read from the database.
 */
export async function accessTokenEndsAt(db: Db, tokenHash: string): Promise<number | null> {
  const row = await db.oAuthToken.findFirst({
    where: {
      tokenHash,
      kind: "access",
      revokedAt: null,
      expiresAt: { gt: new Date() },
      grant: { revokedAt: null },
    },
    select: { expiresAt: true },
  });
  return row ? row.expiresAt.getTime() : null;
}

/**
 * list_connected_apps (GET /api/v1/me/grants): the caller's live grants (Account → Connected apps), newest first, with
 * the names of the projects a limited grant reaches (a project deleted since is left out).
 */
export async function listGrants(db: Db, userId: string) {
  const grants = await db.oAuthGrant.findMany({
    where: { userId, revokedAt: null },
    include: { client: { select: { name: true, clientUri: true, clientId: true } } },
    orderBy: { id: "desc" },
  });
  const limited = grants.filter((grant) => !grant.allProjects).flatMap((grant) => grant.projectIds);
  const names = new Map(
    (limited.length
      ? await db.project.findMany({
          where: { id: { in: [...new Set(limited)] } },
          select: { id: true, name: true },
        })
      : []
    ).map((project) => [project.id, project.name]),
  );
  return {
    data: grants.map((grant) => ({
      id: grant.id,
      client_id: grant.client.clientId,
      client_name: grant.client.name,
      client_uri: grant.client.clientUri,
      scopes: grant.scopes,
      project_ids: grant.allProjects ? null : grant.projectIds,
      projects: grant.allProjects
        ? null
        : grant.projectIds.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : [])),
      created_at: grant.createdAt.toISOString(),
      last_used_at: grant.lastUsedAt ? grant.lastUsedAt.toISOString() : null,
    })),
  };
}

const GRANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * revoke_connected_app (DELETE /api/v1/me/grants/{grant_id}): one of the caller's grants, revoked
 * (revokeGrant). Someone else's, one revoked already, or a malformed id: not_found.
 */
export async function revokeConnectedApp(db: Db, grantId: string, userId: string): Promise<void> {
  if (!GRANT_ID.test(grantId) || !(await revokeGrant(db, grantId, userId))) {
    throw new NotFoundError("No such connected app (or it was revoked already).");
  }
}
