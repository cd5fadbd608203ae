import type { CreatePriorityBody, ListQuery, Priority, UpdatePriorityBody, z } from "@org/contracts";
import { NotFoundError } from "@org/service-kit";
import type { ServiceContext, Tx } from "./context.ts";
import { withEvents } from "./events.ts";
import { insertAt, lockRows, writePositions } from "./ordering.ts";
import { iso, pageArgs, toPage } from "./pagination.ts";
import { loadAuthorized, NEEDS, requireRole } from "./permissions.ts";
import { PROJECT_NOT_FOUND } from "./projects.ts";
import { notFoundMessage } from "./not-found.ts";

interface PriorityRow {
  id: string;
  projectId: string;
  name: string;
  color: string | null;
  position: number;
  createdAt: Date;
  updatedAt: Date;
}

function toPriorityWire(row: PriorityRow): Priority {
  return {
    id: row.id,
    project_id: row.projectId,
    name: row.name,
    color: row.color,
    position: row.position,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

const PRIORITY_NOT_FOUND = notFoundMessage("priority_id");
const ORDER = [{ position: "asc" as const }, { id: "asc" as const }];

async function ladder(tx: Tx, projectId: string): Promise<string[]> {
  const rows = await tx.priority.findMany({ where: { projectId }, orderBy: ORDER, select: { id: true } });
  return rows.map((row) => row.id);
}

function authorizePriority(ctx: ServiceContext, priorityId: string) {
  return loadAuthorized(
    ctx,
    ctx.db.priority.findUnique({ where: { id: priorityId }, select: { projectId: true } }),
    (priority) => priority.projectId,
    NEEDS.manage,
    PRIORITY_NOT_FOUND,
  );
}

export async function listPriorities(ctx: ServiceContext & { projectId: string; query: ListQuery }) {
  await requireRole(ctx, ctx.projectId, NEEDS.read, PROJECT_NOT_FOUND);
  const rows = await ctx.db.priority.findMany({
    where: { projectId: ctx.projectId },
    orderBy: ORDER,
    ...pageArgs(ctx.query),
  });
  return toPage(ctx.query, rows, toPriorityWire);
}

// Priority changes are project events (priority.*), written with the change in one transaction
// (withEvents) that holds the project row, so the ladder is renumbered by one writer at a time.
// A move is one priority.updated (the moved rung at its new position): the others shift as
// insertAt shifts them, and a client renumbers its copy as the columns' clients do.

/** A new priority goes to the bottom of the ladder (least urgent). */
export async function createPriority(
  ctx: ServiceContext & { projectId: string; input: z.output<typeof CreatePriorityBody> },
) {
  await requireRole(ctx, ctx.projectId, NEEDS.manage, PROJECT_NOT_FOUND);
  return withEvents(ctx, async (tx, outbox) => {
    await lockRows(tx, "projects", [ctx.projectId]);
    const count = await tx.priority.count({ where: { projectId: ctx.projectId } });
    const created = await tx.priority.create({
      data: {
        projectId: ctx.projectId,
        name: ctx.input.name,
        color: ctx.input.color ?? null,
        position: count,
      },
    });
    const priority = toPriorityWire(created);
    outbox.publish(ctx.projectId, "priority.created", { priority });
    return priority;
  });
}

/** Renames, recolours or moves a rung; open boards show it changed on every card that carries it. */
export async function updatePriority(
  ctx: ServiceContext & { priorityId: string; input: z.output<typeof UpdatePriorityBody> },
) {
  const { row } = await authorizePriority(ctx, ctx.priorityId);
  const { name, color, position } = ctx.input;
  return withEvents(ctx, async (tx, outbox) => {
    await lockRows(tx, "projects", [row.projectId]);
    if (position !== undefined) {
      await writePositions(
        tx,
        "priorities",
        insertAt(await ladder(tx, row.projectId), ctx.priorityId, position),
      );
    }
    const updated = await tx.priority.update({
      where: { id: ctx.priorityId },
      data: { ...(name !== undefined ? { name } : {}), ...(color !== undefined ? { color } : {}) },
    });
    const priority = toPriorityWire(updated);
    outbox.publish(row.projectId, "priority.updated", { priority });
    return priority;
  });
}

/**
 * Removes the rung; the foreign key sets priority_id to null on the cards that carried it (one
 * event: the cards are not announced one by one) and the rungs below move up one.
 */
export async function deletePriority(ctx: ServiceContext & { priorityId: string }) {
  const { row } = await authorizePriority(ctx, ctx.priorityId);
  await withEvents(ctx, async (tx, outbox) => {
    await lockRows(tx, "projects", [row.projectId]);
    const { count } = await tx.priority.deleteMany({ where: { id: ctx.priorityId } });
    if (count === 0) throw new NotFoundError(PRIORITY_NOT_FOUND);
    await writePositions(tx, "priorities", await ladder(tx, row.projectId));
    outbox.publish(row.projectId, "priority.deleted", { priority_id: ctx.priorityId });
  });
}
