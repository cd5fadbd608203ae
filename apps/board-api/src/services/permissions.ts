// Who may do what: the one place with the role matrix and the membership lookup. The caller's
// memberships are read only through `callerRoleIn`, `callerMemberships` and `isCallerMembership`,
// which also apply an OAuth grant limited to chosen projects: outside them the caller is no member,
// so every project, card, event and socket room there answers not_found, as if it did not exist.
import type { Role } from "@org/contracts";
import { Prisma } from "@org/db";
import { ForbiddenError, NotFoundError } from "@org/service-kit";
import type { Actor, ServiceContext, Tx } from "./context.ts";

const RANK: Record<Role, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/** The least role each kind of operation needs (see README, "Roles"). */
export const NEEDS = {
  /** Anything that only reads. */
  read: "viewer",
  /** Cards, comments, checklists, card labels, attachments. */
  work: "member",
  /** Project settings, columns, labels, priorities, members other than owners. */
  manage: "admin",
  /** Deleting the project, granting or removing the owner role. */
  own: "owner",
} as const satisfies Record<string, Role>;

export function hasRole(role: Role, needed: Role): boolean {
  return RANK[role] >= RANK[needed];
}

/** Every role that satisfies `needed`, for checks made inside SQL. */
export function rolesWith(needed: Role): Role[] {
  return (Object.keys(RANK) as Role[]).filter((role) => hasRole(role, needed));
}

/**
 * Checks a caller's role in a project: not a member (or no such object) is not_found, so the
 * existence of other people's projects is never revealed; too low a role is forbidden.
 */
export function authorize(role: Role | null | undefined, needed: Role, what = "Not found."): Role {
  if (!role) throw new NotFoundError(what);
  if (!hasRole(role, needed)) throw new ForbiddenError(`This needs the ${needed} role or higher.`);
  return role;
}

/** The projects the caller's credential is limited to (an OAuth grant's choice); null: all of theirs. */
export function grantedProjects(actor: Actor): readonly string[] | null {
  return actor.oauth?.projectIds ?? null;
}

/** Whether the caller's credential reaches `projectId` (membership aside). */
export function reachesProject(actor: Actor, projectId: string): boolean {
  const granted = grantedProjects(actor);
  return granted === null || granted.includes(projectId);
}

/** Prisma filter on project members: the caller's memberships that their credential reaches. */
export function callerMemberships(actor: Actor): Prisma.ProjectMemberWhereInput {
  const granted = grantedProjects(actor);
  return { userId: actor.id, ...(granted ? { projectId: { in: [...granted] } } : {}) };
}

/** Prisma filter on a `projectId` column: the projects the caller's credential reaches. */
export function reachableProjectIds(actor: Actor): { projectId?: { in: string[] } } {
  const granted = grantedProjects(actor);
  return granted ? { projectId: { in: [...granted] } } : {};
}

/**
 * SQL condition: `alias` (a project_members row) is the caller's membership, in a project their
 * credential reaches.
 */
export function isCallerMembership(actor: Actor, alias = "m"): Prisma.Sql {
  const m = Prisma.raw(alias);
  const granted = grantedProjects(actor);
  const own = Prisma.sql`${m}.user_id = ${actor.id}::uuid`;
  return granted ? Prisma.sql`${own} AND ${m}.project_id = ANY(${[...granted]}::uuid[])` : own;
}

/** The caller's role in `projectId`, or null when not a member or outside their grant's projects. */
export async function callerRoleIn(
  db: ServiceContext["db"] | Tx,
  actor: Actor,
  projectId: string,
): Promise<Role | null> {
  return reachesProject(actor, projectId) ? roleIn(db, actor.id, projectId) : null;
}

/**
 * Someone's role in `projectId`, or null when not a member. For the caller's own role use
 * `callerRoleIn`, which applies their credential's limits.
 */
export async function roleIn(
  db: ServiceContext["db"] | Tx,
  userId: string,
  projectId: string,
): Promise<Role | null> {
  const membership = await db.projectMember.findUnique({
    where: { projectId_userId: { projectId, userId } },
    select: { role: true },
  });
  return membership?.role ?? null;
}

/** Looks up the caller's membership and checks it against `needed`. */
export async function requireRole(
  { db, actor }: ServiceContext,
  projectId: string,
  needed: Role,
  what?: string,
): Promise<Role> {
  return authorize(await callerRoleIn(db, actor, projectId), needed, what);
}

/** Loads an object with its project id, then checks the caller's role in that project. */
export async function loadAuthorized<T>(
  ctx: ServiceContext,
  load: Promise<T | null>,
  projectIdOf: (row: T) => string,
  needed: Role,
  what: string,
): Promise<{ row: T; role: Role }> {
  const row = await load;
  if (!row) throw new NotFoundError(what);
  const role = await requireRole(ctx, projectIdOf(row), needed, what);
  return { row, role };
}
