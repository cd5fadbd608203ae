import type { AdminPasskey, PasskeyInfo } from "@org/contracts";
import type { Page } from "@org/db";
import { NotFoundError } from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import { knownAuthenticator } from "../webauthn/aaguids.ts";
import { audit, type Actor } from "./audit.ts";
import { emitTenantEvent, eventUser } from "./tenant-webhooks.ts";
import type { Tenant } from "./tenants.ts";
import { findUser } from "./users.ts";

export async function listPasskeys({
  ctx,
  userId,
}: {
  ctx: AuthContext;
  userId: string;
}): Promise<PasskeyInfo[]> {
  const rows = await ctx.db.authCredential.findMany({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(passkeyInfo);
}

export type CredentialRow = Awaited<ReturnType<AuthContext["db"]["authCredential"]["findFirstOrThrow"]>>;

/** A passkey as its owner sees it: with the authenticator named from its AAGUID. */
const passkeyInfo = (row: CredentialRow): PasskeyInfo => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  ...(row.lastUsedAt ? { last_used: row.lastUsedAt.toISOString() } : {}),
  authenticator: knownAuthenticator(row.aaguid) ?? null,
  synced: row.backedUp,
});

/** Renames one of the user's own passkeys; anybody else's is not_found. */
export async function renamePasskey({
  ctx,
  userId,
  passkeyId,
  name,
}: {
  ctx: AuthContext;
  userId: string;
  passkeyId: string;
  name: string;
}): Promise<PasskeyInfo> {
  const renamed = /^[0-9a-f-]{36}$/i.test(passkeyId)
    ? await ctx.db.authCredential.updateManyAndReturn({ where: { id: passkeyId, userId }, data: { name } })
    : [];
  const [row] = renamed;
  if (!row) throw new NotFoundError("No such passkey.");
  return passkeyInfo(row);
}

/** Deletes one of the user's own passkeys; anybody else's is not_found. */
export async function deletePasskey({
  ctx,
  tenantId,
  userId,
  passkeyId,
  ip,
}: {
  ctx: AuthContext;
  tenantId: string;
  userId: string;
  passkeyId: string;
  ip?: string | undefined;
}): Promise<void> {
  const deleted = /^[0-9a-f-]{36}$/i.test(passkeyId)
    ? await deletePasskeyTold(ctx.db, { id: passkeyId, userId })
    : 0;
  if (deleted === 0) throw new NotFoundError("No such passkey.");
  await audit(ctx, { type: "passkey_deleted", tenantId, userId, ip, detail: { passkeyId } });
}

/** A passkey as the dashboard shows it (the admin's own Passkeys page adds created_via). */
export const adminPasskeyOf = (row: CredentialRow): AdminPasskey => ({
  id: row.id,
  name: row.name,
  aaguid: row.aaguid,
  authenticator: knownAuthenticator(row.aaguid) ?? null,
  synced: row.backedUp,
  created_at: row.createdAt.toISOString(),
  ...(row.lastUsedAt ? { last_used: row.lastUsedAt.toISOString() } : {}),
});

/** A user's passkeys as an administrator sees them: with the authenticator named from its AAGUID. */
export async function listPasskeysForAdmin({
  ctx,
  tenant,
  externalId,
}: {
  ctx: Pick<AuthContext, "db">;
  tenant: Tenant;
  externalId: string;
}): Promise<Page<AdminPasskey>> {
  const user = await findUser({ ctx, tenant, externalId });
  const rows = await ctx.db.authCredential.findMany({
    where: { userId: user.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const data = rows.map(adminPasskeyOf);
  // A user has a handful of passkeys: one page holds them all.
  return { data, next_cursor: null };
}

/**
 * Deletes any user's passkey (admin dashboard), except those of built-in tenants (the
 * administrators' own, managed by inviting and removing administrators).
 */
export async function deletePasskeyAsAdmin({
  ctx,
  passkeyId,
  actor,
}: {
  ctx: Pick<AuthContext, "db">;
  passkeyId: string;
  actor: Actor;
}): Promise<void> {
  const passkey = /^[0-9a-f-]{36}$/i.test(passkeyId)
    ? await ctx.db.authCredential.findUnique({
        where: { id: passkeyId },
        include: { tenant: { include: { builtIn: true } } },
      })
    : null;
  const deleted = passkey && !passkey.tenant.builtIn ? await deletePasskeyTold(ctx.db, { id: passkeyId }) : 0;
  if (!passkey || deleted === 0) throw new NotFoundError("No such passkey.");
  await audit(ctx, {
    type: "passkey_deleted",
    tenantId: passkey.tenantId,
    userId: passkey.userId,
    adminId: actor.adminId,
    ip: actor.ip,
    detail: { passkeyId },
  });
}

/**
 * The passkeys of a tenant's user, by the tenant's externalId (the tenant API: a tenant's own
 * account page lists them through its server). An unknown user is not_found.
 */
export async function listUserPasskeys({
  ctx,
  tenant,
  externalId,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  externalId: string;
}): Promise<PasskeyInfo[]> {
  const user = await findUser({ ctx, tenant, externalId });
  return listPasskeys({ ctx, userId: user.id });
}

/** Deletes one passkey of a tenant's user (tenant API); another user's passkey is not_found. */
export async function deleteUserPasskey({
  ctx,
  tenant,
  externalId,
  passkeyId,
  ip,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  externalId: string;
  passkeyId: string;
  ip?: string | undefined;
}): Promise<void> {
  const user = await findUser({ ctx, tenant, externalId });
  await deletePasskey({ ctx, tenantId: tenant.id, userId: user.id, passkeyId, ip });
}

/** Renames one passkey of a tenant's user (tenant API); another user's passkey is not_found. */
export async function renameUserPasskey({
  ctx,
  tenant,
  externalId,
  passkeyId,
  name,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  externalId: string;
  passkeyId: string;
  name: string;
}): Promise<PasskeyInfo> {
  const user = await findUser({ ctx, tenant, externalId });
  return renamePasskey({ ctx, userId: user.id, passkeyId, name });
}

/** Deletes the passkey `where` names, emitting passkey.removed in the same transaction. */
function deletePasskeyTold(db: AuthContext["db"], where: { id: string; userId?: string }): Promise<number> {
  return db.$transaction(async (tx) => {
    const found = await tx.authCredential.findFirst({
      where,
      select: { id: true, tenantId: true, user: { select: { id: true, externalId: true } } },
    });
    if (!found) return 0;
    const { count } = await tx.authCredential.deleteMany({ where });
    if (count > 0) {
      await emitTenantEvent(tx, found.tenantId, "passkey.removed", {
        user: eventUser(found.user),
        passkey: { id: found.id },
      });
    }
    return count;
  });
}
