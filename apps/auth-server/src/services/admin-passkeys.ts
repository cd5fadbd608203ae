import type {
  AuthenticateFinishRequest,
  AuthenticateStartResponse,
  ListPage,
  OwnPasskey,
  RegisterFinishRequest,
  RegisterStartResponse,
  StepUpResponse,
} from "@org/contracts";
import type { Prisma } from "@org/db";
import { ConflictError, NotFoundError, UnauthenticatedError } from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import type { AdminSession } from "./admin-sessions.ts";
import { serverAdminTenant } from "./admin-tenant.ts";
import { audit } from "./audit.ts";
import { adminPasskeyOf, type CredentialRow } from "./passkeys.ts";
import { finishRegistration, startRegistration } from "./registration.ts";
import { adminStepUpSubject, assertSteppedUp, finishStepUp, startStepUp } from "./step-up.ts";

// The signed-in administrator's own passkeys (the dashboard's Passkeys page). These are the only
// way to add a passkey to an administrator's account once it has its first: nobody else's session,
// token or invite link can. Adding or removing one needs a passkey used in the last 5 minutes by
// this session (its sign-in, or a step-up since: step-up.ts), so a stolen dashboard cookie alone
// cannot swap the administrator's passkeys.

/** The WebAuthn options of a step-up (a login challenge of the admin tenant). */
export async function startAdminStepUp(ctx: AuthContext): Promise<AuthenticateStartResponse> {
  return startStepUp({ ctx, tenant: await serverAdminTenant(ctx) });
}

/** A step-up with one of the administrator's own passkeys: the session may change passkeys for 5 minutes. */
export async function finishAdminStepUp({
  ctx,
  session,
  input,
  ip,
}: {
  ctx: AuthContext;
  session: AdminSession;
  input: AuthenticateFinishRequest;
  ip?: string | undefined;
}): Promise<StepUpResponse> {
  return finishStepUp({
    ctx,
    tenant: await serverAdminTenant(ctx),
    userId: session.userId,
    subject: adminStepUpSubject(session.sessionId),
    input,
    ip,
  });
}

const assertAdminSteppedUp = (ctx: AuthContext, session: AdminSession) =>
  assertSteppedUp(ctx, adminStepUpSubject(session.sessionId), session.userId);

const ownPasskey = (row: CredentialRow): OwnPasskey => ({
  ...adminPasskeyOf(row),
  created_via: row.createdVia,
});

export async function listOwnPasskeys({
  ctx,
  session,
}: {
  ctx: Pick<AuthContext, "db">;
  session: AdminSession;
}): Promise<ListPage<OwnPasskey>> {
  const rows = await ctx.db.authCredential.findMany({
    where: { userId: session.userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { data: rows.map(ownPasskey), next_cursor: null };
}

/**
 * Locks the administrator's row for the rest of the transaction (removal, another add or delete
 * wait) and makes sure they were not removed meanwhile.
 */
async function lockCurrentAdmin(tx: Prisma.TransactionClient, adminId: string): Promise<void> {
  const [admin] = await tx.$queryRaw<{ removed: boolean }[]>`
    SELECT removed_at IS NOT NULL AS removed FROM auth_admins WHERE id = ${adminId}::uuid FOR UPDATE`;
  if (!admin || admin.removed) throw new UnauthenticatedError("Sign in to the admin dashboard first.");
}

/** The WebAuthn options for another passkey of the signed-in administrator. */
export async function startOwnPasskey({
  ctx,
  session,
  name,
}: {
  ctx: AuthContext;
  session: AdminSession;
  name?: string | undefined;
}): Promise<RegisterStartResponse> {
  await assertAdminSteppedUp(ctx, session);
  const tenant = await serverAdminTenant(ctx);
  return startRegistration({ ctx, tenant, userId: session.userId, input: name ? { name } : {} });
}

/** Stores the new passkey (challenge bound to this administrator), `created_via: dashboard`. */
export async function finishOwnPasskey({
  ctx,
  session,
  input,
  ip,
}: {
  ctx: AuthContext;
  session: AdminSession;
  input: RegisterFinishRequest;
  ip?: string | undefined;
}): Promise<OwnPasskey> {
  const tenant = await serverAdminTenant(ctx);
  const { passkeyId } = await finishRegistration({
    ctx,
    tenant,
    userId: session.userId,
    input,
    ip,
    createdVia: "dashboard",
    adminId: session.admin.id,
    beforeStore: (tx) => lockCurrentAdmin(tx, session.admin.id),
  });
  return ownPasskey(await ctx.db.authCredential.findUniqueOrThrow({ where: { id: passkeyId } }));
}

/**
 * Deletes one of the administrator's own passkeys, never the last (they could not sign in again),
 * with a passkey used in the last 5 minutes.
 */
export async function deleteOwnPasskey({
  ctx,
  session,
  passkeyId,
  ip,
}: {
  ctx: AuthContext;
  session: AdminSession;
  passkeyId: string;
  ip?: string | undefined;
}): Promise<void> {
  await assertAdminSteppedUp(ctx, session);
  const tenantId = await ctx.db.$transaction(async (tx) => {
    await lockCurrentAdmin(tx, session.admin.id);
    const passkey = /^[0-9a-f-]{36}$/i.test(passkeyId)
      ? await tx.authCredential.findFirst({ where: { id: passkeyId, userId: session.userId } })
      : null;
    if (!passkey) throw new NotFoundError("No such passkey.");
    if ((await tx.authCredential.count({ where: { userId: session.userId } })) <= 1) {
      throw new ConflictError("This is your only passkey: add another before you remove it.");
    }
    await tx.authCredential.delete({ where: { id: passkey.id } });
    return passkey.tenantId;
  });
  await audit(ctx, {
    type: "passkey_deleted",
    tenantId,
    userId: session.userId,
    adminId: session.admin.id,
    ip,
    detail: { passkeyId },
  });
}
