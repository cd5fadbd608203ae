import type { Admin } from "@org/contracts";
import {
  csrfTokenOf,
  ForbiddenError,
  generateSecret,
  hashSecret,
  secretMatches,
  sessionIsLive,
  sessionNeedsTouch,
  type SessionLifetime,
} from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import { serverAdminTenant } from "./admin-tenant.ts";
import { adminRowInclude, adminView } from "./admins.ts";
import { audit } from "./audit.ts";
import { takeLogin } from "./logins.ts";
import { adminStepUpSubject, recordStepUp } from "./step-up.ts";
import { issueSessionToken } from "./tokens.ts";

/** A dashboard session ends after 30 minutes without a request … */
export const ADMIN_IDLE_MS = 30 * 60 * 1000;
/** … and 12 hours after sign-in whatever happens. */
export const ADMIN_SESSION_MS = 12 * 60 * 60 * 1000;
const lifetime: SessionLifetime = { idleMs: ADMIN_IDLE_MS, absoluteMs: ADMIN_SESSION_MS };

/** The session token of the sign-in page's `authkit-authenticate` (the admin tenant's, 15 minutes). */
export async function adminSignInToken(ctx: AuthContext): Promise<string> {
  return (await issueSessionToken({ ctx, tenant: await serverAdminTenant(ctx) })).token;
}

/**
 * Turns a passkey login at `/` into a dashboard session: the login must be of the admin tenant,
 * completed in the last 5 minutes and not used before (verify-auth's rules, spent here), by a user
 * who is an administrator.
 */
export async function startAdminSession({
  ctx,
  challengeId,
  ip,
}: {
  ctx: AuthContext;
  challengeId: string;
  ip?: string | undefined;
}): Promise<{ token: string; expiresAt: Date; admin: Admin }> {
  const tenant = await serverAdminTenant(ctx);
  const { response: login, passkeyId } = await takeLogin({ ctx, tenant, challengeId });
  const admin = await ctx.db.authAdmin.findUnique({
    where: { userId: login.user.id },
    include: adminRowInclude,
  });
  if (!admin || admin.removedAt)
    throw new ForbiddenError("This passkey does not belong to an administrator.");
  // Which passkey opened the session: the administrator's own (a passkey belongs to one account).
  const passkey = passkeyId
    ? await ctx.db.authCredential.findFirst({
        where: { id: passkeyId, userId: admin.userId },
        select: { id: true, credentialId: true, name: true, inviteIssuerRemovedAt: true },
      })
    : null;
  if (!passkey) throw new ForbiddenError("Administrators sign in with a passkey.");
  const token = generateSecret("adm");
  const now = ctx.now();
  const expiresAt = new Date(now + lifetime.absoluteMs);
  const created = await ctx.db.authAdminSession.create({
    data: {
      adminId: admin.id,
      tokenHash: hashSecret(token),
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt,
    },
  });
  // The sign-in is a passkey assertion made now: it counts as a step-up (admin-passkeys.ts).
  await recordStepUp(ctx, adminStepUpSubject(created.id), admin.userId);
  await audit(ctx, {
    type: "admin_signed_in",
    tenantId: tenant.id,
    userId: admin.userId,
    adminId: admin.id,
    ip,
    detail: {
      passkeyId: passkey.id,
      credentialId: passkey.credentialId,
      passkeyName: passkey.name,
      // Made through an invite link whose issuer was removed since: flagged for review.
      ...(passkey.inviteIssuerRemovedAt ? { flagged: "invite_issuer_removed" } : {}),
    },
  });
  return { token, expiresAt, admin: adminView(admin) };
}

export interface AdminSession {
  sessionId: string;
  admin: { id: string; name: string; email: string };
  /** The administrator's user in the admin tenant (their passkeys belong to it). */
  userId: string;
  csrfToken: string;
}

/**
 * The live session of a cookie value, or null: not revoked, within 12 hours of sign-in and
 * 30 minutes of its last request, of an administrator who was not removed or disabled. Each
 * use keeps it alive.
 */
export async function resolveAdminSession({
  ctx,
  token,
}: {
  ctx: AuthContext;
  token: string;
}): Promise<AdminSession | null> {
  const session = await ctx.db.authAdminSession.findUnique({
    where: { tokenHash: hashSecret(token) },
    include: { admin: { include: { user: true } } },
  });
  const now = ctx.now();
  if (!session || !secretMatches(token, session.tokenHash) || !sessionIsLive(session, lifetime, now))
    return null;
  const { admin } = session;
  if (admin.removedAt || admin.user.disabled) return null;
  if (sessionNeedsTouch(session, lifetime, now)) {
    await ctx.db.authAdminSession.update({ where: { id: session.id }, data: { lastSeenAt: new Date(now) } });
  }
  return {
    sessionId: session.id,
    admin: { id: admin.id, name: admin.name, email: admin.email },
    userId: admin.userId,
    csrfToken: csrfTokenOf(token),
  };
}

/** Revokes the session (logout); idempotent. */
export async function endAdminSession({
  ctx,
  session,
  ip,
}: {
  ctx: AuthContext;
  session: AdminSession;
  ip?: string | undefined;
}): Promise<void> {
  const ended = await ctx.db.authAdminSession.updateMany({
    where: { id: session.sessionId, revokedAt: null },
    data: { revokedAt: new Date(ctx.now()) },
  });
  if (ended.count > 0) {
    const tenant = await serverAdminTenant(ctx);
    await audit(ctx, { type: "admin_signed_out", tenantId: tenant.id, adminId: session.admin.id, ip });
  }
}
