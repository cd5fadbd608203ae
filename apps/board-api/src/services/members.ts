import type { AddMemberBody, ListQuery, Member, Role, z } from "@org/contracts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "@org/service-kit";
import { TX_OPTIONS, type ServiceContext, type Tx } from "./context.ts";
import { lockRows } from "./ordering.ts";
import { iso, pageArgs, toPage } from "./pagination.ts";
import { hasRole, NEEDS, requireRole } from "./permissions.ts";
import { PROJECT_NOT_FOUND } from "./projects.ts";

interface MemberRow {
  id: string;
  projectId: string;
  userId: string;
  role: Role;
  createdAt: Date;
  user: { email: string; name: string };
}

function toMemberWire(row: MemberRow): Member {
  return {
    project_id: row.projectId,
    user_id: row.userId,
    email: row.user.email,
    name: row.user.name,
    role: row.role,
    created_at: iso(row.createdAt),
  };
}

const withUser = { user: { select: { email: true, name: true } } } as const;

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

/** Owners other than `userId`; the project must keep at least one. */
async function otherOwners(tx: Tx, projectId: string, userId: string): Promise<number> {
  return tx.projectMember.count({ where: { projectId, role: "owner", userId: { not: userId } } });
}

/** Adds a member, or sets an existing member's role. Admins cannot touch owners or make one. */
export async function addMember(
  ctx: ServiceContext & { projectId: string; input: z.output<typeof AddMemberBody> },
) {
  const actorRole = await requireRole(ctx, ctx.projectId, NEEDS.manage, PROJECT_NOT_FOUND);
  const { user_id, email, role } = ctx.input;
  const user = await ctx.db.user.findUnique({
    where: user_id ? { id: user_id } : { email: email as string },
    select: { id: true },
  });
  if (!user) {
    const path = user_id ? "user_id" : "email";
    throw new ValidationError("No such user.", [{ path, message: "No user with this identifier." }]);
  }
  return ctx.db.$transaction(async (tx) => {
    await lockRows(tx, "projects", [ctx.projectId]);
    const existing = await tx.projectMember.findUnique({
      where: { projectId_userId: { projectId: ctx.projectId, userId: user.id } },
    });
    const touchesOwner = role === "owner" || existing?.role === "owner";
    if (touchesOwner && !hasRole(actorRole, NEEDS.own)) {
      throw new ForbiddenError("Only an owner can grant, change or remove the owner role.");
    }
    if (
      existing?.role === "owner" &&
      role !== "owner" &&
      (await otherOwners(tx, ctx.projectId, user.id)) === 0
    ) {
      throw new ConflictError("The project must keep at least one owner.");
    }
    const row = await tx.projectMember.upsert({
      where: { projectId_userId: { projectId: ctx.projectId, userId: user.id } },
      create: { projectId: ctx.projectId, userId: user.id, role },
      update: { role },
      include: withUser,
    });
    return toMemberWire(row);
  }, TX_OPTIONS);
}

export async function removeMember(ctx: ServiceContext & { projectId: string; userId: string }) {
  const self = ctx.userId === ctx.actor.id;
  const actorRole = await requireRole(
    ctx,
    ctx.projectId,
    self ? NEEDS.read : NEEDS.manage,
    PROJECT_NOT_FOUND,
  );
  await ctx.db.$transaction(async (tx) => {
    await lockRows(tx, "projects", [ctx.projectId]);
    const target = await tx.projectMember.findUnique({
      where: { projectId_userId: { projectId: ctx.projectId, userId: ctx.userId } },
    });
    if (!target) throw new NotFoundError("Member not found.");
    if (target.role === "owner") {
      if (!self && !hasRole(actorRole, NEEDS.own))
        throw new ForbiddenError("Only an owner can remove an owner.");
      if ((await otherOwners(tx, ctx.projectId, ctx.userId)) === 0) {
        throw new ConflictError("The project must keep at least one owner.");
      }
    }
    await tx.projectMember.delete({ where: { id: target.id } });
  }, TX_OPTIONS);
}
