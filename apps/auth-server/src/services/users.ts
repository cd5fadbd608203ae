import { hash } from "@node-rs/argon2";
import type { TenantUser, UpsertUserRequest, UserInfo } from "@org/contracts";
import type { Prisma } from "@org/db";
import { AppError, NotFoundError } from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import { audit } from "./audit.ts";
import type { Tenant } from "./tenants.ts";

export type AuthUser = Prisma.AuthUserGetPayload<object>;

/** Argon2id (the library default) with OWASP's minimum memory-hard parameters. */
export const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export function userInfo(user: AuthUser): UserInfo {
  return {
    id: user.id,
    externalId: user.externalId,
    ...(user.displayName ? { displayName: user.displayName } : {}),
  };
}

async function tenantUser(ctx: Pick<AuthContext, "db">, user: AuthUser): Promise<TenantUser> {
  const passkeyCount = await ctx.db.authCredential.count({ where: { userId: user.id } });
  return {
    id: user.id,
    externalId: user.externalId,
    displayName: user.displayName,
    username: user.username,
    hasPassword: user.passwordHash !== null,
    disabled: user.disabled,
    passkeyCount,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Creates the user of `externalId`, or updates the fields given. */
export async function upsertUser({
  ctx,
  tenant,
  input,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  input: UpsertUserRequest;
}): Promise<TenantUser> {
  const fields = {
    ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
    ...(input.username !== undefined ? { username: input.username } : {}),
    ...(input.password !== undefined ? { passwordHash: await hashPassword(input.password) } : {}),
  };
  const user = await ctx.db.authUser.upsert({
    where: { tenantId_externalId: { tenantId: tenant.id, externalId: input.externalId } },
    create: { tenantId: tenant.id, externalId: input.externalId, ...fields },
    update: fields,
  });
  return tenantUser(ctx, user);
}

export async function findUser({
  ctx,
  tenant,
  externalId,
}: {
  ctx: Pick<AuthContext, "db">;
  tenant: Tenant;
  externalId: string;
}): Promise<AuthUser> {
  const user = await ctx.db.authUser.findUnique({
    where: { tenantId_externalId: { tenantId: tenant.id, externalId } },
  });
  if (!user) throw new NotFoundError(`No user with externalId ${externalId}.`);
  return user;
}

export async function getUser(options: { ctx: AuthContext; tenant: Tenant; externalId: string }) {
  return tenantUser(options.ctx, await findUser(options));
}

/**
 * Disabling keeps the user's passkeys but ends their cookie sessions; registration and login
 * answer `user_disabled` until the tenant enables the user again.
 */
export async function setUserDisabled({
  ctx,
  tenant,
  externalId,
  disabled,
  ip,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  externalId: string;
  disabled: boolean;
  ip?: string | undefined;
}): Promise<TenantUser> {
  const found = await findUser({ ctx, tenant, externalId });
  const [user] = await ctx.db.$transaction([
    ctx.db.authUser.update({ where: { id: found.id }, data: { disabled } }),
    ...(disabled
      ? [
          ctx.db.authSession.updateMany({
            where: { userId: found.id, revokedAt: null },
            data: { revokedAt: new Date(ctx.now()) },
          }),
        ]
      : []),
  ]);
  if (found.disabled !== disabled) {
    await audit(ctx, {
      type: disabled ? "user_disabled" : "user_enabled",
      tenantId: tenant.id,
      userId: found.id,
      ip,
    });
  }
  return tenantUser(ctx, user as AuthUser);
}

/** A user of `tenant` that may sign in or register, or `user_disabled` / `unauthenticated`. */
export async function activeUser({
  ctx,
  tenant,
  userId,
}: {
  ctx: Pick<AuthContext, "db">;
  tenant: Tenant;
  userId: string;
}): Promise<AuthUser> {
  const user = await ctx.db.authUser.findUnique({ where: { id: userId } });
  if (!user || user.tenantId !== tenant.id) throw new AppError("unauthenticated", "Unknown user.");
  assertUserEnabled(user);
  return user;
}

export function assertUserEnabled(user: AuthUser): void {
  if (user.disabled) throw new AppError("user_disabled", "This user has been disabled.");
}
