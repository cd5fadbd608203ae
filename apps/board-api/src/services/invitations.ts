// Invitations by email: adding a member by email records one whatever the address, so the answer
// never reveals which addresses have accounts; only the user with that email sees and accepts it.
import type { Invitation, ListQuery, Member, Role } from "@org/contracts";
import { NotFoundError } from "@org/service-kit";
import { TX_OPTIONS, type ServiceContext } from "./context.ts";
import { lockProject, setMembership } from "./membership.ts";
import { iso, pageArgs, toPage } from "./pagination.ts";
import { NEEDS, requireRole } from "./permissions.ts";
import { PROJECT_NOT_FOUND } from "./projects.ts";

const INVITATION_NOT_FOUND = "Invitation not found.";

interface InvitationRow {
  id: string;
  projectId: string;
  email: string | null;
  role: Role;
  invitedById: string;
  createdAt: Date;
  project: { name: string };
}

const withProject = { project: { select: { name: true } } } as const;

function toInvitationWire(row: InvitationRow): Invitation {
  return {
    id: row.id,
    project_id: row.projectId,
    project_name: row.project.name,
    email: row.email ?? "",
    role: row.role,
    invited_by: row.invitedById,
    created_at: iso(row.createdAt),
  };
}

/** Records (or re-records with a new role) the invitation of `email`; the caller checked the roles. */
export async function recordInvitation(
  ctx: ServiceContext,
  { projectId, email, role }: { projectId: string; email: string; role: Role },
): Promise<void> {
  await ctx.db.projectInvitation.upsert({
    where: { projectId_email: { projectId, email } },
    create: {
      projectId,
      email,
      role,
      invitedById: ctx.actor.id,
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
    },
    update: { role, invitedById: ctx.actor.id },
  });
}

export async function listInvitations(ctx: ServiceContext & { projectId: string; query: ListQuery }) {
  await requireRole(ctx, ctx.projectId, NEEDS.manage, PROJECT_NOT_FOUND);
  const rows = await ctx.db.projectInvitation.findMany({
    where: { projectId: ctx.projectId },
    orderBy: { id: "asc" },
    include: withProject,
    ...pageArgs(ctx.query),
  });
  return toPage(ctx.query, rows, toInvitationWire);
}

export async function listMyInvitations(ctx: ServiceContext & { query: ListQuery }) {
  const rows = await ctx.db.projectInvitation.findMany({
    where: { email: ctx.actor.email },
    orderBy: { id: "asc" },
    include: withProject,
    ...pageArgs(ctx.query),
  });
  return toPage(ctx.query, rows, toInvitationWire);
}

/** The caller's own invitation, or not_found: nobody else learns it exists. */
async function ownInvitation(ctx: ServiceContext, invitationId: string) {
  const invitation = await ctx.db.projectInvitation.findUnique({ where: { id: invitationId } });
  if (!invitation || invitation.email !== ctx.actor.email) throw new NotFoundError(INVITATION_NOT_FOUND);
  return invitation;
}

export async function acceptInvitation(ctx: ServiceContext & { invitationId: string }): Promise<Member> {
  const invitation = await ownInvitation(ctx, ctx.invitationId);
  return ctx.db.$transaction(async (tx) => {
    await lockProject(tx, invitation.projectId);
    // Declined or revoked meanwhile: gone.
    const { count } = await tx.projectInvitation.deleteMany({ where: { id: invitation.id } });
    if (count === 0) throw new NotFoundError(INVITATION_NOT_FOUND);
    return setMembership(tx, invitation.projectId, ctx.actor.id, invitation.role);
  }, TX_OPTIONS);
}

/** The invitee declines; an admin of the project revokes. */
export async function deleteInvitation(ctx: ServiceContext & { invitationId: string }): Promise<void> {
  const invitation = await ctx.db.projectInvitation.findUnique({ where: { id: ctx.invitationId } });
  if (!invitation) throw new NotFoundError(INVITATION_NOT_FOUND);
  if (invitation.email !== ctx.actor.email) {
    await requireRole(ctx, invitation.projectId, NEEDS.manage, INVITATION_NOT_FOUND);
  }
  await ctx.db.projectInvitation.deleteMany({ where: { id: invitation.id } });
}
