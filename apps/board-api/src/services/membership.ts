// A user's membership of a project: the wire shape and the one write that sets a role.
import type { Member, Role } from "@org/contracts";
import { ConflictError } from "@org/service-kit";
import type { Tx } from "./context.ts";
import { lockRows } from "./ordering.ts";
import { iso } from "./pagination.ts";

interface MemberRow {
  id: string;
  projectId: string;
  userId: string;
  role: Role;
  createdAt: Date;
  user: { email: string; name: string; handle: string };
}

export function toMemberWire(row: MemberRow): Member {
  return {
    project_id: row.projectId,
    user_id: row.userId,
    email: row.user.email,
    handle: row.user.handle,
    name: row.user.name,
    role: row.role,
    created_at: iso(row.createdAt),
  };
}

export const withUser = { user: { select: { email: true, name: true, handle: true } } } as const;

/** Serialises membership changes of one project (the owner count must stay right). */
export const lockProject = (tx: Tx, projectId: string) => lockRows(tx, "projects", [projectId]);

/** Owners other than `userId`; the project must keep at least one. */
export async function otherOwners(tx: Tx, projectId: string, userId: string): Promise<number> {
  return tx.projectMember.count({ where: { projectId, role: "owner", userId: { not: userId } } });
}

/**
 * Sets `userId`'s role in the project (adding them if needed), keeping at least one owner. Runs in
 * the caller's transaction, which holds the project's row lock (lockProject) and has made its own
 * permission checks.
 */
export async function setMembership(tx: Tx, projectId: string, userId: string, role: Role): Promise<Member> {
  const existing = await tx.projectMember.findUnique({
    where: { projectId_userId: { projectId, userId } },
  });
  if (existing?.role === "owner" && role !== "owner" && (await otherOwners(tx, projectId, userId)) === 0) {
    throw new ConflictError("The project must keep at least one owner.");
  }
  const row = await tx.projectMember.upsert({
    where: { projectId_userId: { projectId, userId } },
    create: { projectId, userId, role },
    update: { role },
    include: withUser,
  });
  return toMemberWire(row);
}
