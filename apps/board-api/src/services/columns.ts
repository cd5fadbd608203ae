import type { Column, CreateColumnBody, UpdateColumnBody, z } from "@org/contracts";
import { ConflictError } from "@org/service-kit";
import { loadBoardCards } from "./card-loader.ts";
import { TX_OPTIONS, type ServiceContext, type Tx } from "./context.ts";
import { publish } from "./events.ts";
import { insertAt, lockRows, writePositions } from "./ordering.ts";
import { iso } from "./pagination.ts";
import { loadAuthorized, NEEDS, requireRole } from "./permissions.ts";
import { PROJECT_NOT_FOUND } from "./projects.ts";

interface ColumnRow {
  id: string;
  projectId: string;
  name: string;
  position: number;
  createdAt: Date;
  updatedAt: Date;
}

export function toColumnWire(column: ColumnRow): Column {
  return {
    id: column.id,
    project_id: column.projectId,
    name: column.name,
    position: column.position,
    created_at: iso(column.createdAt),
    updated_at: iso(column.updatedAt),
  };
}

export const COLUMN_NOT_FOUND = "Column not found.";

async function columnIds(tx: Tx, projectId: string): Promise<string[]> {
  const rows = await tx.column.findMany({
    where: { projectId },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

/** `GET /projects/{id}/columns`: membership, columns, cards — three queries whatever the size. */
export async function getBoard(ctx: ServiceContext & { projectId: string; includeArchived: boolean }) {
  await requireRole(ctx, ctx.projectId, NEEDS.read, PROJECT_NOT_FOUND);
  const [columns, cards] = await Promise.all([
    ctx.db.column.findMany({
      where: { projectId: ctx.projectId },
      orderBy: [{ position: "asc" }, { id: "asc" }],
    }),
    loadBoardCards(ctx.db, ctx.projectId, ctx.includeArchived),
  ]);
  const byColumn = new Map(
    columns.map((column) => [column.id, { ...toColumnWire(column), cards: [] as typeof cards }]),
  );
  for (const card of cards) byColumn.get(card.column_id)?.cards.push(card);
  return { data: [...byColumn.values()], next_cursor: null };
}

export async function createColumn(
  ctx: ServiceContext & { projectId: string; input: z.output<typeof CreateColumnBody> },
) {
  await requireRole(ctx, ctx.projectId, NEEDS.manage, PROJECT_NOT_FOUND);
  const column = await ctx.db.$transaction(async (tx) => {
    await lockRows(tx, "projects", [ctx.projectId]);
    const ids = await columnIds(tx, ctx.projectId);
    const created = await tx.column.create({
      data: { projectId: ctx.projectId, name: ctx.input.name, position: ids.length },
    });
    const order = insertAt(ids, created.id, ctx.input.position);
    await writePositions(tx, "columns", order);
    return toColumnWire({ ...created, position: order.indexOf(created.id) });
  }, TX_OPTIONS);
  publish(ctx, ctx.projectId, "column.created", { column });
  return column;
}

export async function updateColumn(
  ctx: ServiceContext & { columnId: string; input: z.output<typeof UpdateColumnBody> },
) {
  const { row } = await loadAuthorized(
    ctx,
    ctx.db.column.findUnique({ where: { id: ctx.columnId }, select: { projectId: true } }),
    (column) => column.projectId,
    NEEDS.manage,
    COLUMN_NOT_FOUND,
  );
  const column = await ctx.db.$transaction(async (tx) => {
    await lockRows(tx, "projects", [row.projectId]);
    if (ctx.input.position !== undefined) {
      await writePositions(
        tx,
        "columns",
        insertAt(await columnIds(tx, row.projectId), ctx.columnId, ctx.input.position),
      );
    }
    const column = await tx.column.update({
      where: { id: ctx.columnId },
      data: ctx.input.name !== undefined ? { name: ctx.input.name } : {},
    });
    return toColumnWire(column);
  }, TX_OPTIONS);
  publish(ctx, row.projectId, "column.updated", { column });
  return column;
}

export async function deleteColumn(ctx: ServiceContext & { columnId: string }) {
  const { row } = await loadAuthorized(
    ctx,
    ctx.db.column.findUnique({ where: { id: ctx.columnId }, select: { projectId: true } }),
    (column) => column.projectId,
    NEEDS.manage,
    COLUMN_NOT_FOUND,
  );
  await ctx.db.$transaction(async (tx) => {
    // Project, then column: the lock order card creation uses too.
    await lockRows(tx, "projects", [row.projectId]);
    await lockRows(tx, "columns", [ctx.columnId]);
    const cards = await tx.card.count({ where: { columnId: ctx.columnId } });
    if (cards > 0) {
      throw new ConflictError(
        `The column still holds ${cards} card(s) (archived included); move or delete them first.`,
      );
    }
    await tx.column.delete({ where: { id: ctx.columnId } });
    await writePositions(tx, "columns", await columnIds(tx, row.projectId));
  }, TX_OPTIONS);
  publish(ctx, row.projectId, "column.deleted", { column_id: ctx.columnId });
}
