import type { Admin, AdminInvite } from "@org/contracts";
import { pageArgs, toPage, type Page, type PageQuery, type Prisma } from "@org/db";
import { ConflictError, ForbiddenError, generateSecret, hashSecret, NotFoundError } from "@org/service-kit";
import { getRecord, putRecord, type AuthContext } from "../context.ts";
import { serverAdminTenant } from "./admin-tenant.ts";
import { audit, type Actor } from "./audit.ts";
import { issueUserToken } from "./tokens.ts";

/** An invite link works for 24 hours, once. */
export const INVITE_TTL_MS = 24 * 60 * 60 * 1000;
/** After spending the invite, the same browser may retry the passkey ceremony this long. */
export const INVITE_CLAIM_TTL_MS = 10 * 60 * 1000;
/** The user token the invite page gets at click time: just long enough for one ceremony. */
const INVITE_USER_TOKEN_TTL_SECONDS = 120;

type Ctx = Pick<AuthContext, "db" | "env" | "now">;
/** What adminView needs of an administrator's row. */
export const adminRowInclude = {
  user: {
    include: {
      _count: { select: { credentials: true } },
      // Passkeys made through a link whose issuer was removed since (flagged for review).
      credentials: { where: { inviteIssuerRemovedAt: { not: null } }, select: { id: true }, take: 1 },
    },
  },
} as const;
type AdminRow = Prisma.AuthAdminGetPayload<{ include: typeof adminRowInclude }>;

export function adminView(row: AdminRow): Admin {
  const passkeys = row.user._count.credentials;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    status: passkeys > 0 ? "active" : "invited",
    passkey_count: passkeys,
    invite_issuer_removed: row.user.credentials.length > 0,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The root administrator: the longest-serving one not removed (the first, made with
 * `cli admin invite`, unless removed since). Besides an invitation's issuer, only they (and the CLI
 * on the server) may replace or revoke a pending invitation.
 */
async function rootAdminId(db: Pick<Prisma.TransactionClient, "authAdmin">): Promise<string | undefined> {
  const root = await db.authAdmin.findFirst({
    where: { removedAt: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  return root?.id;
}

/**
 * A pending invitation (an administrator without a passkey yet) is replaced (re-invite) or revoked
 * (removal) only by the administrator who issued it, or the root administrator; the CLI (no
 * actor) always may. Otherwise any administrator could take the new link for themselves and make
 * the colleague's first passkey their own. An invitation whose issuer is gone (removed, or the CLI)
 * is the root administrator's to replace.
 */
async function assertMayReplaceInvitation(
  tx: Pick<Prisma.TransactionClient, "authAdmin" | "authAdminInvite">,
  pending: { id: string; email: string },
  actor: Actor | undefined,
): Promise<void> {
  if (!actor?.adminId) return;
  const latest = await tx.authAdminInvite.findFirst({
    where: { adminId: pending.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { invitedById: true },
  });
  if (latest?.invitedById && latest.invitedById === actor.adminId) return;
  if ((await rootAdminId(tx)) === actor.adminId) return;
  throw new ForbiddenError(
    `${pending.email} has a pending invitation issued by another administrator: only its issuer or ` +
      "the root administrator (the longest-serving one) may replace or revoke it.",
  );
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Makes `email` a new administrator (a user of the admin tenant with an admin row; a removed one
 * comes back, without passkeys) and issues a one-time link to create their first passkey. Only the
 * link's hash is stored. An active administrator (one with a passkey) is never invited: whoever
 * spends the link would add a passkey of their own to that account (the inviter gets the link).
 * They add passkeys from their own dashboard session. Re-inviting someone who has not yet made a
 * passkey replaces their earlier links.
 */
export async function inviteAdmin({
  ctx,
  email,
  name,
  actor,
}: {
  ctx: Ctx;
  email: string;
  name: string;
  actor?: Actor;
}): Promise<AdminInvite> {
  const tenant = await serverAdminTenant(ctx);
  const address = normalizeEmail(email);
  const code = generateSecret("inv");
  const now = ctx.now();
  const expiresAt = new Date(now + INVITE_TTL_MS);
  const admin = await ctx.db.$transaction(async (tx) => {
    const existing = await tx.authAdmin.findUnique({ where: { email: address }, include: adminRowInclude });
    if (existing && !existing.removedAt && existing.user._count.credentials > 0) {
      throw new ConflictError(
        `${address} is already an administrator. Invite links only create new administrators; ` +
          "they add passkeys from their own dashboard (Passkeys).",
      );
    }
    if (existing && !existing.removedAt) await assertMayReplaceInvitation(tx, existing, actor);
    const user = await tx.authUser.upsert({
      where: { tenantId_externalId: { tenantId: tenant.id, externalId: address } },
      create: { tenantId: tenant.id, externalId: address, displayName: name.trim() },
      update: { displayName: name.trim(), disabled: false },
    });
    // A new administrator starts without passkeys, whatever the user of that address held before.
    if (!existing || existing.removedAt) await tx.authCredential.deleteMany({ where: { userId: user.id } });
    const row = await tx.authAdmin.upsert({
      where: { email: address },
      create: { userId: user.id, email: address, name: name.trim() },
      update: { userId: user.id, name: name.trim(), removedAt: null },
      include: adminRowInclude,
    });
    // One live link per invitee: a re-invite replaces the earlier ones.
    await tx.authAdminInvite.deleteMany({ where: { adminId: row.id, usedAt: null } });
    await tx.authAdminInvite.create({
      data: {
        adminId: row.id,
        invitedById: actor?.adminId ?? null,
        tokenHash: hashSecret(code),
        createdAt: new Date(now),
        expiresAt,
      },
    });
    return row;
  });
  await audit(ctx, {
    type: "admin_invited",
    tenantId: tenant.id,
    userId: admin.userId,
    adminId: actor?.adminId,
    ip: actor?.ip,
    detail: { invitee: admin.id, email: address },
  });
  const url = new URL("/admin/invite", ctx.env.PUBLIC_URL);
  url.searchParams.set("code", code);
  return { admin: adminView(admin), url: url.href, expiresAt: expiresAt.toISOString() };
}

/** Administrators (not removed), oldest first. */
export async function listAdmins({
  ctx,
  query,
}: {
  ctx: Pick<Ctx, "db">;
  query: PageQuery;
}): Promise<Page<Admin>> {
  const rows = await ctx.db.authAdmin.findMany({
    where: { removedAt: null },
    include: adminRowInclude,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    ...pageArgs(query),
  });
  return toPage(query, rows, adminView);
}

/**
 * Removes an administrator (by id or email), at once on every instance (all of it lives in
 * PostgreSQL and is checked on each request): their dashboard and cookie sessions are revoked,
 * their passkeys, their pending invites and the invite links they issued deleted. The row stays, marked removed, so the audit log can
 * still name them; inviting the address again restores them. Nobody removes themselves (the
 * dashboard would lock its last administrator out).
 */
export async function removeAdmin({
  ctx,
  idOrEmail,
  actor,
}: {
  ctx: Ctx;
  idOrEmail: string;
  actor?: Actor;
}): Promise<Admin> {
  const where = /^[0-9a-f-]{36}$/i.test(idOrEmail) ? { id: idOrEmail } : { email: normalizeEmail(idOrEmail) };
  const admin = await ctx.db.authAdmin.findUnique({ where, include: adminRowInclude });
  if (!admin || admin.removedAt) throw new NotFoundError(`No administrator ${idOrEmail}.`);
  if (actor?.adminId === admin.id) {
    throw new ConflictError("You cannot remove yourself; another administrator can.");
  }
  // Removing a pending administrator revokes their invitation: the issuer's (or the root's) call.
  if (admin.user._count.credentials === 0) await assertMayReplaceInvitation(ctx.db, admin, actor);
  const now = new Date(ctx.now());
  // The administrators whose first passkey came through a link this one issued: flagged for review.
  const flagged = await ctx.db.authCredential.findMany({
    where: { inviteIssuerId: admin.id, inviteIssuerRemovedAt: null },
    select: { id: true, userId: true, tenantId: true, adminInviteId: true },
  });
  await ctx.db.$transaction([
    ctx.db.authAdmin.update({ where: { id: admin.id }, data: { removedAt: now } }),
    ctx.db.authCredential.updateMany({
      where: { id: { in: flagged.map((c) => c.id) } },
      data: { inviteIssuerRemovedAt: now },
    }),
    ctx.db.authAdminSession.updateMany({
      where: { adminId: admin.id, revokedAt: null },
      data: { revokedAt: now },
    }),
    // Their own invites, and every link they issued (a spent one's claim dies with it).
    ctx.db.authAdminInvite.deleteMany({ where: { OR: [{ adminId: admin.id }, { invitedById: admin.id }] } }),
    ctx.db.authCredential.deleteMany({ where: { userId: admin.userId } }),
    ctx.db.authSession.updateMany({
      where: { userId: admin.userId, revokedAt: null },
      data: { revokedAt: now },
    }),
  ]);
  await audit(ctx, {
    type: "admin_removed",
    tenantId: admin.user.tenantId,
    userId: admin.userId,
    adminId: actor?.adminId,
    ip: actor?.ip,
    detail: {
      removed: admin.id,
      email: admin.email,
      ...(flagged.length ? { flaggedPasskeys: flagged.length } : {}),
    },
  });
  for (const passkey of flagged) {
    const owner = await ctx.db.authAdmin.findUnique({
      where: { userId: passkey.userId },
      select: { id: true },
    });
    await audit(ctx, {
      type: "admin_passkey_flagged",
      tenantId: passkey.tenantId,
      userId: passkey.userId,
      adminId: actor?.adminId,
      ip: actor?.ip,
      detail: {
        passkeyId: passkey.id,
        owner: owner?.id ?? null,
        inviteId: passkey.adminInviteId,
        removedIssuer: admin.id,
        reason: "made through an invite link issued by an administrator since removed",
      },
    });
  }
  return adminView({ ...admin, user: { ...admin.user, _count: { credentials: 0 }, credentials: [] } });
}

// ---- the invite link ----

interface ClaimRecord {
  adminId: string;
  inviteId: string;
  codeHash: string;
  expiresAt: number;
}
const claimKey = (claimToken: string) => `admin-invite-claim:${hashSecret(claimToken)}`;
const unusable = () => new NotFoundError("This invite link has expired or was already used.");

/**
 * The invite this browser spent a few minutes ago (its claim cookie), while the invite still
 * exists: removing its issuer or its invitee deletes it, and the claim dies with it.
 */
async function claimedInvite(ctx: AuthContext, code: string, claimToken: string | undefined) {
  if (!claimToken) return undefined;
  const claim = await getRecord<ClaimRecord>(ctx, claimKey(claimToken));
  if (!claim || claim.codeHash !== hashSecret(code)) return undefined;
  const invite = await ctx.db.authAdminInvite.findUnique({ where: { id: claim.inviteId } });
  return invite ?? undefined;
}

/** The invite of a link, while it is unused and unexpired. */
async function liveInvite(ctx: AuthContext, code: string) {
  const invite = await ctx.db.authAdminInvite.findUnique({ where: { tokenHash: hashSecret(code) } });
  return invite && !invite.usedAt && invite.expiresAt.getTime() > ctx.now() ? invite : undefined;
}

/** An administrator who was not removed and has no passkey yet: the only kind an invite serves. */
async function newAdmin(ctx: AuthContext, adminId: string) {
  const admin = await ctx.db.authAdmin.findUnique({
    where: { id: adminId },
    include: { user: { include: { _count: { select: { credentials: true } } } } },
  });
  return admin && !admin.removedAt && admin.user._count.credentials === 0 ? admin : undefined;
}

/**
 * Whom an invite page is for: the invite is unused and unexpired, or this browser spent it a few
 * minutes ago (its claim cookie); and its administrator has no passkey yet. Undefined when the
 * link cannot be used.
 */
export async function openInvite({
  ctx,
  code,
  claimToken,
}: {
  ctx: AuthContext;
  code: string;
  claimToken?: string | undefined;
}): Promise<{ name: string; email: string } | undefined> {
  const invite = (await claimedInvite(ctx, code, claimToken)) ?? (await liveInvite(ctx, code));
  const admin = invite ? await newAdmin(ctx, invite.adminId) : undefined;
  return admin ? { name: admin.name, email: admin.email } : undefined;
}

/**
 * What the invite page's `authkit-register` fetches on click: a short user token for the new
 * administrator, good for their first passkey only (see assertInvitePasskeyAllowed). The first call
 * spends the invite (atomically: one browser only; audited) and returns a claim that lets the same
 * browser retry a cancelled ceremony for 10 minutes.
 */
export async function inviteUserToken({
  ctx,
  code,
  claimToken,
  ip,
}: {
  ctx: AuthContext;
  code: string;
  claimToken?: string | undefined;
  ip?: string | undefined;
}): Promise<{ userToken: string; claim?: { token: string; expiresAt: Date } }> {
  let invite = await claimedInvite(ctx, code, claimToken);
  let claim: { token: string; expiresAt: Date } | undefined;
  const tenant = await serverAdminTenant(ctx);
  if (!invite) {
    const now = ctx.now();
    invite = await liveInvite(ctx, code);
    if (!invite || !(await newAdmin(ctx, invite.adminId))) throw unusable();
    // Spent only if still unused: of two browsers racing, one wins.
    const spent = await ctx.db.authAdminInvite.updateMany({
      where: { id: invite.id, usedAt: null, expiresAt: { gt: new Date(now) } },
      data: { usedAt: new Date(now) },
    });
    if (spent.count === 0) throw unusable();
    claim = { token: generateSecret("claim"), expiresAt: new Date(now + INVITE_CLAIM_TTL_MS) };
    await putRecord<ClaimRecord>(ctx, claimKey(claim.token), {
      adminId: invite.adminId,
      inviteId: invite.id,
      codeHash: hashSecret(code),
      expiresAt: claim.expiresAt.getTime(),
    });
    await audit(ctx, {
      type: "admin_invite_spent",
      tenantId: tenant.id,
      adminId: invite.invitedById ?? undefined,
      ip,
      detail: { invitee: invite.adminId, inviteId: invite.id },
    });
  }
  const admin = await newAdmin(ctx, invite.adminId);
  if (!admin) throw unusable();
  const { userToken } = await issueUserToken({
    ctx,
    tenant,
    input: { externalId: admin.user.externalId, ttl: INVITE_USER_TOKEN_TTL_SECONDS },
    adminInviteId: invite.id,
  });
  return { userToken, ...(claim ? { claim } : {}) };
}

/**
 * Checked inside the transaction that stores a passkey made through an invite, with the
 * administrator's row locked (removal and other registrations wait): the invite still exists, its
 * administrator is not removed and has no passkey yet. So of two ceremonies racing on one link,
 * one passkey is stored, and a link can never add a passkey to an existing administrator.
 */
export async function assertInvitePasskeyAllowed(
  tx: Prisma.TransactionClient,
  { inviteId, userId }: { inviteId: string; userId: string },
): Promise<InviteBinding> {
  const [admin] = await tx.$queryRaw<{ id: string; removed: boolean }[]>`
    SELECT id::text AS id, removed_at IS NOT NULL AS removed FROM auth_admins
    WHERE user_id = ${userId}::uuid FOR UPDATE`;
  const invite = await tx.authAdminInvite.findUnique({ where: { id: inviteId } });
  const passkeys = await tx.authCredential.count({ where: { userId } });
  if (!admin || admin.removed || !invite || invite.adminId !== admin.id || passkeys > 0) {
    throw new ForbiddenError(
      "This invite link has already made this administrator's passkey, or no longer works. " +
        "Administrators add more passkeys from their own dashboard (Passkeys).",
    );
  }
  return { adminInviteId: invite.id, inviteIssuerId: invite.invitedById };
}

/** What a passkey made through an invite stores of it: the invite and its issuer. */
export interface InviteBinding {
  adminInviteId: string;
  inviteIssuerId: string | null;
}
