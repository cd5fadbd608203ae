import type { CreatePriorityBody, ListQuery, Priority, UpdatePriorityBody, z } from "@org/contracts";
import { TX_OPTIONS, type ServiceContext, type Tx } from "./context.ts";
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

/** A new priority goes to the bottom of the ladder (least urgent). */
export async function createPriority(
  ctx: ServiceContext & { projectId: string; input: z.output<typeof CreatePriorityBody> },
) {
  await requireRole(ctx, ctx.projectId, NEEDS.manage, PROJECT_NOT_FOUND);
  return ctx.db.$transaction(async (tx) => {
    await lockRows(tx, "projects", [ctx.projectId]);
    const count = await tx.priority.count({ where: { projectId: ctx.projectId } });
    const priority = await tx.priority.create({
      data: {
        projectId: ctx.projectId,
        name: ctx.input.name,
        color: ctx.input.color ?? null,
        position: count,
      },
    });
    return toPriorityWire(priority);
  }, TX_OPTIONS);
}

export async function updatePriority(
  ctx: ServiceContext & { priorityId: string; input: z.output<typeof UpdatePriorityBody> },
) {
  const { row } = await authorizePriority(ctx, ctx.priorityId);
  const { name, color, position } = ctx.input;
  return ctx.db.$transaction(async (tx) => {
    await lockRows(tx, "projects", [row.projectId]);
    if (position !== undefined) {
      await writePositions(
        tx,
        "priorities",
        insertAt(await ladder(tx, row.projectId), ctx.priorityId, position),
      );
    }
    const priority = await tx.priority.update({
      where: { id: ctx.priorityId },
      data: { ...(name !== undefined ? { name } : {}), ...(color !== undefined ? { color } : {}) },
    });
    return toPriorityWire(priority);
  }, TX_OPTIONS);
}

/** Removes the rung; the foreign key sets priority_id to null on the cards that carried it. */
export async function deletePriority(ctx: ServiceContext & { priorityId: string }) {
  const { row } = await authorizePriority(ctx, ctx.priorityId);
  await ctx.db.$transaction(async (tx) => {
    await lockRows(tx, "projects", [row.projectId]);
    await tx.priority.delete({ where: { id: ctx.priorityId } });
    await writePositions(tx, "priorities", await ladder(tx, row.projectId));
  }, TX_OPTIONS);
}
