import { hash } from "@node-rs/argon2";
import type { TenantUser, UpsertUserRequest, UserInfo, UsersQuery } from "@org/contracts";
import { escapeLike, pageArgs, toPage, type Page, type Prisma } from "@org/db";
import { AppError, ConflictError, NotFoundError } from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import { audit } from "./audit.ts";
import { emitTenantEvent, eventUser } from "./tenant-webhooks.ts";
import type { Tenant } from "./tenants.ts";

export type AuthUser = Prisma.AuthUserGetPayload<object>;

/** Argon2id (the library default) with OWASP's minimum memory-hard parameters. */
export const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** What a login needs of its user. */
export type LoginUser = Pick<AuthUser, "id" | "externalId" | "displayName">;

export function userInfo(user: LoginUser): UserInfo {
  return {
    id: user.id,
    externalId: user.externalId,
    ...(user.displayName ? { displayName: user.displayName } : {}),
  };
}

async function tenantUser(ctx: Pick<AuthContext, "db">, user: AuthUser): Promise<TenantUser> {
  return toTenantUser(user, await ctx.db.authCredential.count({ where: { userId: user.id } }));
}

function toTenantUser(user: AuthUser, passkeyCount: number): TenantUser {
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
  const user = await upsertTenantUser(ctx.db, tenant.id, input.externalId, fields, fields);
  return tenantUser(ctx, user);
}

/**
 * Creates the user of `externalId` (emitting user.created in the same transaction) or updates it.
 * Two concurrent creations of one user may both emit it: receivers dedupe on the user's id.
 */
export function upsertTenantUser(
  db: AuthContext["db"],
  tenantId: string,
  externalId: string,
  create: Omit<Prisma.AuthUserUncheckedCreateInput, "tenantId" | "externalId">,
  update: Prisma.AuthUserUpdateInput,
): Promise<AuthUser> {
  return db.$transaction(async (tx) => {
    const where = { tenantId_externalId: { tenantId, externalId } };
    const existed = await tx.authUser.findUnique({ where, select: { id: true } });
    const user = await tx.authUser.upsert({ where, create: { tenantId, externalId, ...create }, update });
    if (!existed) await emitTenantEvent(tx, tenantId, "user.created", { user: eventUser(user) });
    return user;
  });
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

/** A page of a tenant's users, oldest first; `q` matches part of the externalId, display name or username. */
export async function listUsers({
  ctx,
  tenant,
  query,
}: {
  ctx: Pick<AuthContext, "db">;
  tenant: Tenant;
  query: UsersQuery;
}): Promise<Page<TenantUser>> {
  // `contains` is a LIKE pattern: its wildcards in the query are literal characters here.
  const q = query.q === undefined ? undefined : escapeLike(query.q.trim());
  const rows = await ctx.db.authUser.findMany({
    where: {
      tenantId: tenant.id,
      ...(q
        ? {
            OR: [
              { externalId: { contains: q, mode: "insensitive" as const } },
              { displayName: { contains: q, mode: "insensitive" as const } },
              { username: { contains: q, mode: "insensitive" as const } },
            ],
          }
        : {}),
    },
    include: { _count: { select: { credentials: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    ...pageArgs(query),
  });
  return toPage(query, rows, (row) => toTenantUser(row, row._count.credentials));
}

export async function getUser(options: { ctx: AuthContext; tenant: Tenant; externalId: string }) {
  return tenantUser(options.ctx, await findUser(options));
}

/**
 * Deletes a user who cannot sign in: no passkey, no password, not an administrator. A tenant
 * calls it for a sign-up abandoned after its user token was issued (which creates the user), so
 * no orphan is left behind. One conditional DELETE: a passkey registered at the same moment either lands
 * first (then the user stays, `conflict`) or finds the user gone; user.deleted is emitted with the
 * DELETE, in one transaction. Not audited: such a user never
 * held a credential.
 */
export async function deleteUserWithoutCredentials({
  ctx,
  tenant,
  externalId,
}: {
  ctx: Pick<AuthContext, "db">;
  tenant: Tenant;
  externalId: string;
}): Promise<void> {
  const count = await ctx.db.$transaction(async (tx) => {
    const where = {
      tenantId: tenant.id,
      externalId,
      passwordHash: null,
      credentials: { none: {} },
      admin: null,
    };
    const found = await tx.authUser.findFirst({ where, select: { id: true, externalId: true } });
    const { count: deleted } = await tx.authUser.deleteMany({ where });
    if (found && deleted > 0) {
      await emitTenantEvent(tx, tenant.id, "user.deleted", { user: eventUser(found) });
    }
    return deleted;
  });
  if (count === 1) return;
  await findUser({ ctx, tenant, externalId });
  throw new ConflictError(
    "This user can sign in (a passkey or a password): disable it instead, or delete its passkeys first.",
  );
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
  adminId,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  externalId: string;
  disabled: boolean;
  ip?: string | undefined;
  /** The administrator who did it, from the dashboard. */
  adminId?: string | undefined;
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
      adminId,
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

export const userDisabledError = () => new AppError("user_disabled", "This user has been disabled.");

export function assertUserEnabled(user: AuthUser): void {
  if (user.disabled) throw userDisabledError();
}
