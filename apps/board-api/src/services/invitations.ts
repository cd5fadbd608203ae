// Invitations: nobody joins a project without accepting. An admin invites
// - a user by id (add_member with a non-member's user_id): only that user sees and accepts it;
// - an email address: a single-use link (create_invitation) that the inviter shares. The address
//   is a label: whoever opens the link signed in may accept it. Accepting by the address alone
//   (list_my_invitations, accept_invitation) needs that address to be verified, since anyone can
//   sign up with any address. add_member with an email records the same invitation, answering the
//   same whether or not the address has an account, so nobody learns who has one.
// The invitee, once known (the invited user; the account that verified the address), hears of an
// invitation live (`invitation.created` and `invitation.deleted` in their own `user:<id>` room).
import type {
  CreatedInvitation,
  Invitation,
  InvitationPreview,
  ListQuery,
  Member,
  Role,
} from "@org/contracts";
import { SQL_NOW, SQL_UUID_V7, type Prisma } from "@org/db";
import { ConflictError, ForbiddenError, generateSecret, hashSecret, NotFoundError } from "@org/service-kit";
import { TX_OPTIONS, type ServiceContext } from "./context.ts";
import { publishToUser } from "./user-events.ts";
import { lockProject, setMembership } from "./membership.ts";
import { iso, pageArgs, toPage } from "./pagination.ts";
import {
  callerRoleIn,
  hasRole,
  NEEDS,
  reachableProjectIds,
  reachesProject,
  requireRole,
  roleIn,
} from "./permissions.ts";
import { PROJECT_NOT_FOUND } from "./projects.ts";
import { notFoundMessage } from "./not-found.ts";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const INVITATION_NOT_FOUND = notFoundMessage("invitation_id");
const LINK_NOT_FOUND =
  "This invitation link is unknown, used, revoked or expired: ask whoever invited you for a new one.";

const withProject = {
  project: { select: { name: true } },
  invitedBy: { select: { name: true } },
} as const;
type InvitationRow = Prisma.ProjectInvitationGetPayload<{ include: typeof withProject }>;

function toInvitationWire(row: InvitationRow): Invitation {
  return {
    id: row.id,
    project_id: row.projectId,
    project_name: row.project.name,
    email: row.email,
    user_id: row.inviteeId,
    role: row.role,
    invited_by: row.invitedById,
    invited_by_name: row.invitedBy.name,
    created_at: iso(row.createdAt),
    expires_at: iso(row.expiresAt),
  };
}

/** The web app's page that accepts a link (the secret in the fragment: never in a request line or a log). */
export const invitationLink = (publicUrl: string, token: string) =>
  `${new URL(publicUrl).origin}/app/invite#${token}`;

const live = () => ({ expiresAt: { gt: new Date() } });

/**
 * Records (or renews, with a new role, expiry and link) the invitation of an address; the caller
 * checked the roles. Returns the link's secret. (Users by id: inviteUserById.)
 */
export async function recordInvitation(
  ctx: ServiceContext,
  { projectId, role, email }: { projectId: string; role: Role; email: string },
): Promise<{ row: InvitationRow; token: string }> {
  const token = generateSecret("inv");
  const data = {
    role,
    invitedById: ctx.actor.id,
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    tokenHash: hashSecret(token),
    createdAt: new Date(),
  };
  const row = await ctx.db.projectInvitation.upsert({
    where: { projectId_email: { projectId, email } },
    create: { projectId, email, ...data },
    update: data,
    include: withProject,
  });
  const invitee = await inviteeOf(ctx, row);
  if (invitee)
    publishToUser(ctx, projectId, "invitation.created", { invitation: toInvitationWire(row) }, invitee);
  return { row, token };
}

/** An invitation of a user by id as `inviteUserById` reads it back. */
interface InvitedRow {
  id: string;
  project_id: string;
  invitee_id: string;
  role: Role;
  invited_by_id: string;
  created_at: Date;
  expires_at: Date;
  project_name: string;
  invited_by_name: string;
}

/**
 * Records (or renews) the invitation of the user `userId`, if that user exists, in one statement
 * that runs alike for an unknown id (it then inserts nothing): add_member does the same work, and
 * so takes the same time, whether or not the id is someone's, and tells nobody which ids exist
 * (issue 28). The caller checked the roles.
 */
export async function inviteUserById(
  ctx: ServiceContext,
  { projectId, userId, role }: { projectId: string; userId: string; role: Role },
): Promise<void> {
  const [row] = await ctx.db.$queryRaw<InvitedRow[]>`
    WITH invited AS (
      INSERT INTO project_invitations
        (id, project_id, invitee_id, role, invited_by_id, token_hash, created_at, expires_at)
      SELECT ${SQL_UUID_V7}, ${projectId}::uuid, u.id, ${role}::project_role, ${ctx.actor.id}::uuid, NULL,
        ${SQL_NOW}, ${SQL_NOW} + ${INVITATION_TTL_MS}::bigint * interval '1 millisecond'
      FROM users u WHERE u.id = ${userId}::uuid
      ON CONFLICT (project_id, invitee_id) DO UPDATE SET role = EXCLUDED.role,
        invited_by_id = EXCLUDED.invited_by_id, token_hash = NULL, created_at = EXCLUDED.created_at,
        expires_at = EXCLUDED.expires_at
      RETURNING *
    )
    SELECT invited.id::text AS id, invited.project_id::text AS project_id,
      invited.invitee_id::text AS invitee_id, invited.role::text AS role,
      invited.invited_by_id::text AS invited_by_id, invited.created_at, invited.expires_at,
      p.name AS project_name, inviter.name AS invited_by_name
    FROM invited
    JOIN projects p ON p.id = invited.project_id
    JOIN users inviter ON inviter.id = invited.invited_by_id`;
  if (!row) return;
  const invitation = toInvitationWire({
    id: row.id,
    projectId: row.project_id,
    email: null,
    inviteeId: row.invitee_id,
    tokenHash: null,
    role: row.role,
    invitedById: row.invited_by_id,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    project: { name: row.project_name },
    invitedBy: { name: row.invited_by_name },
  });
  publishToUser(ctx, projectId, "invitation.created", { invitation }, row.invitee_id);
}

/**
 * The user an invitation is for, to tell live: the invited user, or the account that verified the
 * invited address (an unverified one is told nothing, as it is shown nothing).
 */
async function inviteeOf(
  ctx: ServiceContext,
  invitation: { inviteeId: string | null; email: string | null },
): Promise<string | undefined> {
  if (invitation.inviteeId) return invitation.inviteeId;
  if (!invitation.email) return undefined;
  const user = await ctx.db.user.findUnique({
    where: { email: invitation.email },
    select: { id: true, emailVerifiedAt: true },
  });
  return user?.emailVerifiedAt ? user.id : undefined;
}

/** Tells the invitee's other tabs that the invitation is gone (accepted, declined or revoked). */
export async function announceGone(
  ctx: ServiceContext,
  invitation: { id: string; projectId: string; inviteeId: string | null; email: string | null },
) {
  const invitee = await inviteeOf(ctx, invitation);
  if (invitee)
    publishToUser(ctx, invitation.projectId, "invitation.deleted", { invitation_id: invitation.id }, invitee);
}

/**
 * Invitations of people who share none of the inviter's projects (or of unknown ids) count against
 * INVITES_TO_STRANGERS_PER_HOUR per inviter: anyone can create a project and invite anyone, and
 * must not fill a stranger's invitation list. Unknown ids count as strangers, so the limit answers
 * the same for them as for real people (no existence oracle).
 */
export async function chargeStrangerInvite(
  ctx: ServiceContext,
  to: { userId: string } | { email: string },
): Promise<void> {
  if (!ctx.strangerInvites) return;
  const shared = await ctx.db.projectMember.count({
    where: {
      user: "userId" in to ? { id: to.userId } : { email: to.email },
      project: { members: { some: { userId: ctx.actor.id } } },
    },
  });
  if (shared > 0) return;
  await ctx.strangerInvites.charge(
    ctx.actor.id,
    "You invited too many people who share none of your projects this hour: try again later (Retry-After says when), or ask a member of one of their projects.",
  );
}

/** create_invitation: a link for `email` to share (shown once). */
export async function createInvitation(
  ctx: ServiceContext & { projectId: string; email: string; role: Role; publicUrl: string },
): Promise<CreatedInvitation> {
  const actorRole = await requireRole(ctx, ctx.projectId, NEEDS.manage, PROJECT_NOT_FOUND);
  assertMayGrant(actorRole, ctx.role);
  await chargeStrangerInvite(ctx, { email: ctx.email });
  const { row, token } = await recordInvitation(ctx, {
    projectId: ctx.projectId,
    email: ctx.email,
    role: ctx.role,
  });
  return { ...toInvitationWire(row), url: invitationLink(ctx.publicUrl, token) };
}

/** Only an owner grants, changes or removes the owner role (by invitation too). */
export const ownerOnly = () =>
  new ForbiddenError("Only an owner can grant, change or remove the owner role.");

export function assertMayGrant(actorRole: Role, role: Role): void {
  if (role === "owner" && !hasRole(actorRole, NEEDS.own)) throw ownerOnly();
}

export async function listInvitations(ctx: ServiceContext & { projectId: string; query: ListQuery }) {
  await requireRole(ctx, ctx.projectId, NEEDS.manage, PROJECT_NOT_FOUND);
  const rows = await ctx.db.projectInvitation.findMany({
    where: { projectId: ctx.projectId, ...live() },
    orderBy: { id: "asc" },
    include: withProject,
    ...pageArgs(ctx.query),
  });
  return toPage(ctx.query, rows, toInvitationWire);
}

/** Whom the caller may accept invitations as: their id, and their address once verified. */
async function invitee(ctx: ServiceContext): Promise<Prisma.ProjectInvitationWhereInput> {
  const user = await ctx.db.user.findUniqueOrThrow({
    where: { id: ctx.actor.id },
    select: { email: true, emailVerifiedAt: true },
  });
  return {
    OR: [{ inviteeId: ctx.actor.id }, ...(user.emailVerifiedAt ? [{ email: user.email }] : [])],
    // A credential limited to chosen projects (an OAuth grant) sees no invitation to another.
    ...reachableProjectIds(ctx.actor),
    ...live(),
  };
}

export async function listMyInvitations(ctx: ServiceContext & { query: ListQuery }) {
  const rows = await ctx.db.projectInvitation.findMany({
    where: await invitee(ctx),
    orderBy: { id: "asc" },
    include: withProject,
    ...pageArgs(ctx.query),
  });
  return toPage(ctx.query, rows, toInvitationWire);
}

/** Makes the caller a member with the invitation's role and spends it, in one transaction. */
/**
 * Whether the one who issued an invitation may still grant its role: a member with admin (owner for
 * the owner role). A removed member's invitations are deleted with their membership (removeMember);
 * this also ends those of one demoted since, so nobody rejoins, or brings someone in, through a link
 * made while they had the right.
 */
async function inviterMayStillGrant(
  tx: Parameters<typeof roleIn>[0],
  invitation: { projectId: string; role: Role; invitedById: string },
): Promise<boolean> {
  const role = await roleIn(tx, invitation.invitedById, invitation.projectId);
  return role !== null && hasRole(role, invitation.role === "owner" ? NEEDS.own : NEEDS.manage);
}

async function spend(
  ctx: ServiceContext,
  invitation: {
    id: string;
    projectId: string;
    role: Role;
    invitedById: string;
    inviteeId: string | null;
    email: string | null;
  },
  notFound: string,
) {
  const member = await ctx.db.$transaction(async (tx) => {
    await lockProject(tx, invitation.projectId);
    if (!(await inviterMayStillGrant(tx, invitation))) throw new NotFoundError(notFound);
    // Accepted, declined or revoked meanwhile: gone.
    const { count } = await tx.projectInvitation.deleteMany({ where: { id: invitation.id, ...live() } });
    if (count === 0) throw new NotFoundError(notFound);
    return setMembership(tx, invitation.projectId, ctx.actor.id, invitation.role);
  }, TX_OPTIONS);
  await announceGone(ctx, invitation);
  return member;
}

/** accept_invitation: one of the caller's (by id, or to their verified address). */
export async function acceptInvitation(ctx: ServiceContext & { invitationId: string }): Promise<Member> {
  const invitation = await ctx.db.projectInvitation.findFirst({
    where: { id: ctx.invitationId, ...(await invitee(ctx)) },
  });
  if (!invitation) throw new NotFoundError(INVITATION_NOT_FOUND);
  return spend(ctx, invitation, INVITATION_NOT_FOUND);
}

async function linkInvitation(ctx: ServiceContext, token: string) {
  const invitation = await ctx.db.projectInvitation.findUnique({
    where: { tokenHash: hashSecret(token) },
    include: { project: { select: { name: true } }, invitedBy: { select: { name: true } } },
  });
  if (
    !invitation ||
    !reachesProject(ctx.actor, invitation.projectId) ||
    invitation.expiresAt.getTime() <= Date.now() ||
    !(await inviterMayStillGrant(ctx.db, invitation))
  )
    throw new NotFoundError(LINK_NOT_FOUND);
  return invitation;
}

/** preview_invitation_link: what a link offers, without accepting it. */
export async function previewInvitationLink(
  ctx: ServiceContext & { token: string },
): Promise<InvitationPreview> {
  const invitation = await linkInvitation(ctx, ctx.token);
  return {
    project_name: invitation.project.name,
    role: invitation.role,
    email: invitation.email,
    invited_by_name: invitation.invitedBy.name,
    expires_at: iso(invitation.expiresAt),
    already_member: (await callerRoleIn(ctx.db, ctx.actor, invitation.projectId)) !== null,
  };
}

/** accept_invitation_link: whoever holds the link joins, once. */
export async function acceptInvitationLink(ctx: ServiceContext & { token: string }): Promise<Member> {
  const invitation = await linkInvitation(ctx, ctx.token);
  if (await callerRoleIn(ctx.db, ctx.actor, invitation.projectId)) {
    throw new ConflictError(
      `You are a member of ${invitation.project.name} already; the link stays unused for whoever it was meant for.`,
    );
  }
  return spend(ctx, invitation, LINK_NOT_FOUND);
}

/** The invitee declines (one of theirs); an admin of the project revokes. */
export async function deleteInvitation(ctx: ServiceContext & { invitationId: string }): Promise<void> {
  const invitation = await ctx.db.projectInvitation.findUnique({ where: { id: ctx.invitationId } });
  if (!invitation) throw new NotFoundError(INVITATION_NOT_FOUND);
  const mine = await ctx.db.projectInvitation.count({
    where: { id: invitation.id, ...(await invitee(ctx)) },
  });
  if (mine === 0) await requireRole(ctx, invitation.projectId, NEEDS.manage, INVITATION_NOT_FOUND);
  const { count } = await ctx.db.projectInvitation.deleteMany({ where: { id: invitation.id } });
  if (count > 0) await announceGone(ctx, invitation);
}
