import type { AddMemberBody, ListQuery, Member, z } from "@org/contracts";
import { ConflictError, ForbiddenError, NotFoundError } from "@org/service-kit";
import { announceAccessEnded } from "./access-ended.ts";
import { TX_OPTIONS, type ServiceContext } from "./context.ts";
import {
  announceGone,
  assertMayGrant,
  chargeStrangerInvite,
  inviteUserById,
  ownerOnly,
  recordInvitation,
} from "./invitations.ts";
import { lockProject, otherOwners, setMembership, toMemberWire, withUser } from "./membership.ts";
import { pageArgs, toPage } from "./pagination.ts";
import { hasRole, NEEDS, requireRole, roleIn } from "./permissions.ts";
import { PROJECT_NOT_FOUND } from "./projects.ts";
import { notFoundMessage } from "./not-found.ts";

export async function listMembers(ctx: ServiceContext & { projectId: string; query: ListQuery }) {
  await requireRole(ctx, ctx.projectId, NEEDS.read, PROJECT_NOT_FOUND);
  const rows = await ctx.db.projectMember.findMany({
    where: { projectId: ctx.projectId },
    orderBy: { id: "asc" },
    include: withUser,
    ...pageArgs(ctx.query),
  });
  return toPage(ctx.query, rows, toMemberWire);
}

/**
 * Sets an existing member's role (the member), or invites: a user who is not a member by id, or an
 * email address (whatever it is), returning null (202). Nobody joins without accepting. Admins
 * cannot touch owners or make one.
 */
export async function addMember(
  ctx: ServiceContext & { projectId: string; input: z.output<typeof AddMemberBody> },
): Promise<Member | null> {
  const actorRole = await requireRole(ctx, ctx.projectId, NEEDS.manage, PROJECT_NOT_FOUND);
  const { user_id, email, role } = ctx.input;
  if (!user_id) {
    assertMayGrant(actorRole, role);
    await chargeStrangerInvite(ctx, { email: email as string });
    await recordInvitation(ctx, { projectId: ctx.projectId, email: email as string, role });
    return null;
  }
  const member = await ctx.db.$transaction(async (tx) => {
    await lockProject(tx, ctx.projectId);
    const existing = await roleIn(tx, user_id, ctx.projectId);
    if (!existing) return null;
    if ((role === "owner" || existing === "owner") && !hasRole(actorRole, NEEDS.own)) throw ownerOnly();
    return setMembership(tx, ctx.projectId, user_id, role);
  }, TX_OPTIONS);
  if (member) return member;
  // Consent: a user who is not a member is invited, and joins only by accepting. An unknown id
  // answers exactly the same (202, counted the same) after the same statements, and nothing is
  // recorded: add_member tells nobody which ids exist (issue 28).
  assertMayGrant(actorRole, role);
  await chargeStrangerInvite(ctx, { userId: user_id });
  await inviteUserById(ctx, { projectId: ctx.projectId, userId: user_id, role });
  return null;
}

export async function removeMember(ctx: ServiceContext & { projectId: string; userId: string }) {
  const self = ctx.userId === ctx.actor.id;
  const actorRole = await requireRole(
    ctx,
    ctx.projectId,
    self ? NEEDS.read : NEEDS.manage,
    PROJECT_NOT_FOUND,
  );
  const invitationsEnded = await ctx.db.$transaction(async (tx) => {
    await lockProject(tx, ctx.projectId);
    const target = await tx.projectMember.findUnique({
      where: { projectId_userId: { projectId: ctx.projectId, userId: ctx.userId } },
    });
    if (!target) throw new NotFoundError(notFoundMessage("user_id"));
    if (target.role === "owner") {
      if (!self && !hasRole(actorRole, NEEDS.own))
        throw new ForbiddenError("Only an owner can remove an owner.");
      if ((await otherOwners(tx, ctx.projectId, ctx.userId)) === 0) {
        throw new ConflictError("The project must keep at least one owner.");
      }
    }
    await tx.projectMember.delete({ where: { id: target.id } });
    // The invitations they issued (links included) die with their membership: a removed admin must
    // not rejoin, or bring anyone in, through a link they made.
    const issued = await tx.projectInvitation.findMany({
      where: { projectId: ctx.projectId, invitedById: ctx.userId },
      select: { id: true, projectId: true, inviteeId: true, email: true },
    });
    await tx.projectInvitation.deleteMany({ where: { id: { in: issued.map((row) => row.id) } } });
    return issued;
  }, TX_OPTIONS);
  // Their live sockets stop receiving the project's events, on every instance.
  await announceAccessEnded(ctx.db, { kind: "membership", projectId: ctx.projectId, userId: ctx.userId });
  for (const invitation of invitationsEnded) await announceGone(ctx, invitation);
}
