// What the dashboard does with a tenant's users beyond the tenant's own API: their last sign-in
// and live sessions in the list, ending sessions, deleting a user. Every change is audited with
// the administrator who made it.
import type { AdminTenantUser, UserSession, UsersQuery } from "@org/contracts";
import { Prisma, type Page } from "@org/db";
import { NotFoundError } from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import { audit, type Actor } from "./audit.ts";
import { emitTenantEvent, eventUser } from "./tenant-webhooks.ts";
import type { Tenant } from "./tenants.ts";
import { findUser, listUsers } from "./users.ts";

type Ctx = Pick<AuthContext, "db" | "now">;

/** A cookie session that still signs its browser in. */
const live = (ctx: Ctx) => ({ revokedAt: null, expiresAt: { gt: new Date(ctx.now()) } });

/**
 * A page of the tenant's users (as listUsers) with each one's last successful sign-in (their
 * newest login_success event: the audit log is kept) and number of live sessions.
 */
export async function listUsersForAdmin({
  ctx,
  tenant,
  query,
}: {
  ctx: Ctx;
  tenant: Tenant;
  query: UsersQuery;
}): Promise<Page<AdminTenantUser>> {
  const page = await listUsers({ ctx, tenant, query });
  const ids = page.data.map((user) => user.id);
  if (ids.length === 0) return { ...page, data: [] };
  const [signIns, sessions] = await Promise.all([
    // One index range per user (auth_audit_events (user_id, created_at)), newest first.
    ctx.db.$queryRaw<Array<{ user_id: string; at: Date }>>(Prisma.sql`
      SELECT u.id::text AS user_id, last.at FROM unnest(${ids}::uuid[]) AS u(id)
      CROSS JOIN LATERAL (
        SELECT created_at AS at FROM auth_audit_events e
        WHERE e.user_id = u.id AND e.type = 'login_success'
        ORDER BY e.created_at DESC LIMIT 1
      ) last`),
    ctx.db.authSession.groupBy({
      by: ["userId"],
      where: { userId: { in: ids }, ...live(ctx) },
      _count: { _all: true },
    }),
  ]);
  const lastSignIn = new Map(signIns.map((row) => [row.user_id, row.at.toISOString()]));
  const sessionCount = new Map(sessions.map((row) => [row.userId, row._count._all]));
  return {
    ...page,
    data: page.data.map((user) => ({
      ...user,
      lastSignInAt: lastSignIn.get(user.id) ?? null,
      sessionCount: sessionCount.get(user.id) ?? 0,
    })),
  };
}

/** A user's live sessions, newest first. */
export async function listUserSessions({
  ctx,
  tenant,
  externalId,
}: {
  ctx: Ctx;
  tenant: Tenant;
  externalId: string;
}): Promise<Page<UserSession>> {
  const user = await findUser({ ctx, tenant, externalId });
  const sessions = await ctx.db.authSession.findMany({
    where: { userId: user.id, ...live(ctx) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return {
    data: sessions.map((session) => ({
      id: session.id,
      created_at: session.createdAt.toISOString(),
      expires_at: session.expiresAt.toISOString(),
    })),
    next_cursor: null,
  };
}

/**
 * Ends one live session of the user (`sessionId`) or all of them; answers how many ended. One
 * that is already over (or another user's) is not_found. Audited as user_sessions_revoked.
 */
export async function revokeUserSessions({
  ctx,
  tenant,
  externalId,
  sessionId,
  actor,
}: {
  ctx: Ctx;
  tenant: Tenant;
  externalId: string;
  sessionId?: string;
  actor: Actor;
}): Promise<number> {
  const user = await findUser({ ctx, tenant, externalId });
  if (sessionId !== undefined && !/^[0-9a-f-]{36}$/i.test(sessionId)) {
    throw new NotFoundError(`No live session ${sessionId} of ${externalId}.`);
  }
  const { count } = await ctx.db.authSession.updateMany({
    where: { userId: user.id, ...(sessionId ? { id: sessionId } : {}), ...live(ctx) },
    data: { revokedAt: new Date(ctx.now()) },
  });
  if (sessionId && count === 0) throw new NotFoundError(`No live session ${sessionId} of ${externalId}.`);
  if (count > 0) {
    await audit(ctx, {
      type: "user_sessions_revoked",
      tenantId: tenant.id,
      userId: user.id,
      adminId: actor.adminId,
      ip: actor.ip,
      detail: sessionId ? { session: sessionId } : { count },
    });
  }
  return count;
}

/**
 * Deletes a user with their passkeys and sessions (cascades), sends user.deleted to the tenant's
 * webhooks and audits user_deleted, all in one transaction. The audit log keeps the user's events;
 * the user_deleted event carries the externalId, which names them once the user is gone.
 */
export async function deleteUserAsAdmin({
  ctx,
  tenant,
  externalId,
  actor,
}: {
  ctx: Ctx;
  tenant: Tenant;
  externalId: string;
  actor: Actor;
}): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    const user = await findUser({ ctx: { db: tx as AuthContext["db"] }, tenant, externalId });
    const passkeys = await tx.authCredential.count({ where: { userId: user.id } });
    // Never an administrator's account (their tenant is not reachable here anyway).
    const { count } = await tx.authUser.deleteMany({ where: { id: user.id, admin: null } });
    if (count === 0) throw new NotFoundError(`No user with externalId ${externalId}.`);
    await emitTenantEvent(tx, tenant.id, "user.deleted", { user: eventUser(user) });
    await audit(
      { db: tx },
      {
        type: "user_deleted",
        tenantId: tenant.id,
        userId: user.id,
        adminId: actor.adminId,
        ip: actor.ip,
        detail: { externalId: user.externalId, passkeys },
      },
    );
  });
}
