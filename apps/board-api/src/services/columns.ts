import type {
  Card,
  Column,
  ColumnSummary,
  CreateColumnBody,
  Role,
  UpdateColumnBody,
  z,
} from "@org/contracts";
import { Prisma, queryPrepared, sqlIso } from "@org/db";
import { ConflictError, NotFoundError, ValidationError } from "@org/service-kit";
import { boardCursor, loadBoardCards, parseBoardCursor } from "./card-loader.ts";
import type { ServiceContext, Tx } from "./context.ts";
import { withUniqueName } from "./unique-names.ts";
import { destroyTrashedCards } from "./trash.ts";
import { withEvents } from "./events.ts";
import { insertAt, lockRows, writePositions } from "./ordering.ts";
import { iso } from "./pagination.ts";
import { authorize, isCallerMembership, loadAuthorized, NEEDS, requireRole } from "./permissions.ts";
import { PROJECT_NOT_FOUND } from "./projects.ts";
import { notFoundMessage } from "./not-found.ts";

interface ColumnRow {
  id: string;
  projectId: string;
  name: string;
  position: number;
  done: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export function toColumnWire(column: ColumnRow): Column {
  return {
    id: column.id,
    project_id: column.projectId,
    name: column.name,
    position: column.position,
    done: column.done,
    created_at: iso(column.createdAt),
    updated_at: iso(column.updatedAt),
  };
}

export const COLUMN_NOT_FOUND = notFoundMessage("column_id");

async function columnIds(tx: Tx, projectId: string): Promise<string[]> {
  const rows = await tx.column.findMany({
    where: { projectId },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

/** The board's columns (all, or `columnId`) with the caller's role; no rows: not a member. */
async function loadBoardColumns(ctx: ServiceContext, projectId: string, columnId: string | undefined) {
  return queryPrepared<Column & { actor_role: Role }>(
    ctx.db,
    Prisma.sql`
    SELECT m.role::text AS actor_role, col.id::text AS id, col.project_id::text AS project_id, col.name,
      col.position, col.done, ${sqlIso("col.created_at")} AS created_at, ${sqlIso("col.updated_at")} AS updated_at
    FROM project_members m
    LEFT JOIN columns col ON col.project_id = m.project_id
      ${columnId ? Prisma.sql`AND col.id = ${columnId}::uuid` : Prisma.empty}
    WHERE m.project_id = ${projectId}::uuid AND ${isCallerMembership(ctx.actor)}
    ORDER BY col.position, col.id`,
  );
}

/**
 * `GET /projects/{project_id}/columns`: two prepared statements at once, whatever the board size: the
 * columns with the caller's role, and the cards with their labels and checklist counts (both
 * returned only once the role is checked). With `cardsLimit`, each column gets at most that many
 * cards and a cursor to its next ones; `cardsCursor` continues one column (`columnId`).
 */
export async function getBoard(
  ctx: ServiceContext & {
    projectId: string;
    includeArchived: boolean;
    columnId?: string | undefined;
    cardsLimit?: number | undefined;
    cardsCursor?: string | undefined;
  },
) {
  const after = ctx.cardsCursor === undefined ? undefined : parseBoardCursor(ctx.cardsCursor);
  if (ctx.cardsCursor !== undefined && !after) {
    throw new ValidationError("Request is invalid.", [{ path: "cards_cursor", message: "Invalid cursor." }]);
  }
  const [columns, cards] = await Promise.all([
    loadBoardColumns(ctx, ctx.projectId, ctx.columnId),
    loadBoardCards(ctx.db, ctx.projectId, {
      includeArchived: ctx.includeArchived,
      columnId: ctx.columnId,
      perColumn: ctx.cardsLimit,
      after,
    }),
  ]);
  authorize(columns[0]?.actor_role, NEEDS.read, PROJECT_NOT_FOUND);
  if (ctx.columnId && !columns[0]?.id) throw new NotFoundError(COLUMN_NOT_FOUND);
  const byColumn = new Map(
    columns
      .filter((column) => column.id)
      .map(({ actor_role: _, ...column }) => [column.id, { ...column, cards: [] as Card[] }]),
  );
  for (const card of cards) byColumn.get(card.column_id)?.cards.push(card);
  const limit = ctx.cardsLimit;
  const data = [...byColumn.values()].map((column) => {
    if (!limit) return column;
    const more = column.cards.length > limit;
    const cards = more ? column.cards.slice(0, limit) : column.cards;
    return { ...column, cards, cards_next_cursor: more ? boardCursor(cards[limit - 1] as Card) : null };
  });
  return { data, next_cursor: null };
}

/**
 * `GET /projects/{project_id}/columns/summary`: the columns without their cards, with how many each holds,
 * and the caller's role, in one statement.
 */
export async function listColumns(ctx: ServiceContext & { projectId: string }) {
  const rows = await queryPrepared<ColumnSummary & { actor_role: Role }>(
    ctx.db,
    Prisma.sql`
    SELECT m.role::text AS actor_role, col.id::text AS id, col.project_id::text AS project_id, col.name,
      col.position, col.done, ${sqlIso("col.created_at")} AS created_at, ${sqlIso("col.updated_at")} AS updated_at,
      COALESCE(n.card_count, 0)::int AS card_count, COALESCE(n.archived_card_count, 0)::int AS archived_card_count
    FROM project_members m
    LEFT JOIN columns col ON col.project_id = m.project_id
    LEFT JOIN LATERAL (
      SELECT count(*) FILTER (WHERE c.archived_at IS NULL) AS card_count,
        count(*) FILTER (WHERE c.archived_at IS NOT NULL) AS archived_card_count
      FROM cards c WHERE c.column_id = col.id AND c.deleted_at IS NULL
    ) n ON true
    WHERE m.project_id = ${ctx.projectId}::uuid AND ${isCallerMembership(ctx.actor)}
    ORDER BY col.position, col.id`,
  );
  authorize(rows[0]?.actor_role, NEEDS.read, PROJECT_NOT_FOUND);
  const data = rows.filter((row) => row.id).map(({ actor_role: _, ...column }) => column);
  return { data, next_cursor: null };
}

export async function createColumn(
  ctx: ServiceContext & { projectId: string; input: z.output<typeof CreateColumnBody> },
) {
  await requireRole(ctx, ctx.projectId, NEEDS.manage, PROJECT_NOT_FOUND);
  return withEvents(ctx, async (tx, outbox) => {
    await lockRows(tx, "projects", [ctx.projectId]);
    const ids = await columnIds(tx, ctx.projectId);
    const created = await withUniqueName(
      tx,
      "column",
      { projectId: ctx.projectId, name: ctx.input.name },
      () =>
        tx.column.create({
          data: {
            projectId: ctx.projectId,
            name: ctx.input.name,
            position: ids.length,
            done: ctx.input.done ?? false,
          },
        }),
    );
    const order = insertAt(ids, created.id, ctx.input.position);
    await writePositions(tx, "columns", order);
    const column = toColumnWire({ ...created, position: order.indexOf(created.id) });
    outbox.publish(ctx.projectId, "column.created", { column });
    return column;
  });
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
  return withEvents(ctx, async (tx, outbox) => {
    await lockRows(tx, "projects", [row.projectId]);
    await withUniqueName(
      tx,
      "column",
      { projectId: row.projectId, name: ctx.input.name, exceptId: ctx.columnId },
      async () => undefined,
    );
    if (ctx.input.position !== undefined) {
      await writePositions(
        tx,
        "columns",
        insertAt(await columnIds(tx, row.projectId), ctx.columnId, ctx.input.position),
      );
    }
    const column = await tx.column.update({
      where: { id: ctx.columnId },
      data: {
        ...(ctx.input.name !== undefined ? { name: ctx.input.name } : {}),
        ...(ctx.input.done !== undefined ? { done: ctx.input.done } : {}),
      },
    });
    const wire = toColumnWire(column);
    outbox.publish(row.projectId, "column.updated", { column: wire });
    return wire;
  });
}

export async function deleteColumn(ctx: ServiceContext & { columnId: string }) {
  const { row } = await loadAuthorized(
    ctx,
    ctx.db.column.findUnique({ where: { id: ctx.columnId }, select: { projectId: true } }),
    (column) => column.projectId,
    NEEDS.manage,
    COLUMN_NOT_FOUND,
  );
  const storageKeys = await withEvents(ctx, async (tx, outbox) => {
    // Project, then column: the lock order card creation uses too.
    await lockRows(tx, "projects", [row.projectId]);
    await lockRows(tx, "columns", [ctx.columnId]);
    const cards = await tx.card.count({ where: { columnId: ctx.columnId, deletedAt: null } });
    if (cards > 0) {
      throw new ConflictError(
        `The column still holds ${cards} card(s) (archived included); move or delete them first.`,
      );
    }
    // Its cards in the trash were deleted already: they go for good with it.
    const trashed = await destroyTrashedCards(tx, { columnId: ctx.columnId, deletedAt: { not: null } });
    await tx.column.delete({ where: { id: ctx.columnId } });
    await writePositions(tx, "columns", await columnIds(tx, row.projectId));
    outbox.publish(row.projectId, "column.deleted", { column_id: ctx.columnId });
    return trashed.storageKeys;
  });
  await ctx.files.remove(storageKeys);
}
