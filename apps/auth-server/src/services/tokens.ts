import type { SessionTokenResponse, UserTokenRequest, UserTokenResponse } from "@org/contracts";
import { AppError, ConflictError, generateSecret, hashSecret } from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import type { Tenant } from "./tenants.ts";
import { assertUserEnabled, upsertTenantUser } from "./users.ts";

export const USER_TOKEN_TTL = { min: 5, max: 600, default: 600 } as const;
export const SESSION_TOKEN_TTL_SECONDS = 15 * 60;

/** What a user token allows: `register` passkeys, or also `manage` (list, rename, delete) them. */
export type UserTokenScope = "register" | "manage";

interface UserTokenRecord {
  tenantId: string;
  userId: string;
  expiresAt: number;
  /** Absent in records written before scopes existed: register. */
  scope?: UserTokenScope;
  /** Issued by an administrator's invite link: good for that administrator's first passkey only. */
  adminInviteId?: string;
  /** The site's name for the passkeys it registers (WebAuthn rp.name); absent: the tenant's name. */
  rpName?: string;
}

interface SessionTokenRecord {
  tenantId: string;
  expiresAt: number;
}

// Tokens are kept under the SHA-256 of their value: the store never holds a usable secret.
const userTokenKey = (token: string) => `ut:${hashSecret(token)}`;
const sessionTokenKey = (token: string) => `st:${hashSecret(token)}`;

/**
 * How long a token's record outlives the token: a page left open past its token's expiry is then
 * told `token_expired` (fetch a fresh one) rather than `unauthenticated` (a token that never worked).
 */
export const EXPIRED_TOKEN_MEMORY_MS = 60 * 60 * 1000;

async function putToken<T extends { expiresAt: number }>(
  ctx: AuthContext,
  key: string,
  record: T,
): Promise<void> {
  await ctx.store.set(key, JSON.stringify(record), record.expiresAt - ctx.now() + EXPIRED_TOKEN_MEMORY_MS);
}

/** The token's record; `token_expired` once past its expiry, `unauthenticated` when unknown. */
async function liveToken<T extends { expiresAt: number }>(
  ctx: AuthContext,
  key: string,
  what: string,
): Promise<T> {
  const raw = await ctx.store.get(key);
  if (raw === undefined) throw invalidToken();
  const record = JSON.parse(raw) as T;
  if (record.expiresAt <= ctx.now()) {
    throw new AppError(
      "token_expired",
      `This ${what} expired at ${new Date(record.expiresAt).toISOString()}; get a fresh one from the site's server.`,
    );
  }
  return record;
}

export function clampUserTokenTtl(ttl: number | undefined): number {
  if (ttl === undefined) return USER_TOKEN_TTL.default;
  return Math.min(USER_TOKEN_TTL.max, Math.max(USER_TOKEN_TTL.min, ttl));
}

/**
 * Creates or updates the user of `externalId` and issues a token that allows passkey
 * registration for that user only, until it expires (reusable for start and finish).
 */
export async function issueUserToken({
  ctx,
  tenant,
  input,
  adminInviteId,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  input: UserTokenRequest;
  /** The invite link the token comes from (the admin tenant's only kind of user token). */
  adminInviteId?: string;
}): Promise<UserTokenResponse> {
  const names = {
    ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
    ...(input.username !== undefined ? { username: input.username } : {}),
  };
  const user = await upsertTenantUser(ctx.db, tenant.id, input.externalId, names, names).catch(
    (error: unknown) => {
      if ((error as { code?: unknown }).code === "P2002") {
        throw new ConflictError("This username belongs to another user of the tenant.");
      }
      throw error;
    },
  );
  assertUserEnabled(user);
  const userToken = generateSecret("ut");
  await putToken<UserTokenRecord>(ctx, userTokenKey(userToken), {
    tenantId: tenant.id,
    userId: user.id,
    expiresAt: ctx.now() + clampUserTokenTtl(input.ttl) * 1000,
    scope: input.scope ?? "register",
    ...(adminInviteId ? { adminInviteId } : {}),
    ...(input.rpName ? { rpName: input.rpName } : {}),
  });
  return { userToken, userId: user.id };
}

/** A token identifying the tenant for the authenticate component and password login (15 minutes). */
export async function issueSessionToken({
  ctx,
  tenant,
}: {
  ctx: AuthContext;
  tenant: Tenant;
}): Promise<SessionTokenResponse> {
  const token = generateSecret("st");
  const expiresAt = ctx.now() + SESSION_TOKEN_TTL_SECONDS * 1000;
  await putToken<SessionTokenRecord>(ctx, sessionTokenKey(token), { tenantId: tenant.id, expiresAt });
  return { token, expiresAt: new Date(expiresAt).toISOString() };
}

const invalidToken = () => new AppError("unauthenticated", "Missing, invalid or expired token.");

export const resolveUserToken = ({ ctx, token }: { ctx: AuthContext; token: string }) =>
  liveToken<UserTokenRecord>(ctx, userTokenKey(token), "user token");

export const resolveSessionToken = ({ ctx, token }: { ctx: AuthContext; token: string }) =>
  liveToken<SessionTokenRecord>(ctx, sessionTokenKey(token), "session token");
