// move_card: the card is read once (with the caller's role and the target column) before the
// lock, and written once under it, the answer coming back from that write.
import type { Card, Role } from "@org/contracts";
import { Prisma, queryPrepared, SQL_NOW } from "@org/db";
import { ConflictError, NotFoundError, ValidationError } from "@org/service-kit";
import { recordActivity } from "./activity.ts";
import {
  activeCardIds,
  CARD_IN_TRASH,
  CARD_NOT_FOUND,
  refuseUnchangedCard,
  withSeenColumnLocked,
} from "./card-access.ts";
import { selectCardsFrom, toCardWire, type CardSqlRow } from "./card-loader.ts";
import type { ServiceContext, Tx } from "./context.ts";
import { notifyWatchers, oneLine } from "./notifications.ts";
import { insertAt, writePositions } from "./ordering.ts";
import { authorize, isCallerMembership, NEEDS } from "./permissions.ts";

interface MoveRequest {
  cardId: string;
  toColumnId: string;
  /** Absent: last. */
  position?: number | undefined;
  /** Into a done column even with children not done. */
  force?: boolean | undefined;
}

/**
 * Moves a card to `position` (absent: last) in `toColumnId`. Both columns are locked (in id order)
 * for the transaction and rewritten densely, so concurrent moves keep positions 0..n-1 and unique.
 * Into a done column, the card's claim ends: a lease left on finished work would only hold it.
 */
export async function moveCard(ctx: ServiceContext & MoveRequest): Promise<Card> {
  const { card, target } = await authorizeMove(ctx);
  const { from, moved } = await withSeenColumnLocked(
    ctx,
    card.columnId,
    [ctx.toColumnId],
    async (tx, seenColumn, outbox) => {
      const order = insertAt(await activeCardIds(tx, ctx.toColumnId, ctx.cardId), ctx.cardId, ctx.position);
      const moved =
        (await writeMove(tx, ctx, seenColumn, order.indexOf(ctx.cardId), target.done)) ??
        (await refuseUnchangedCard(tx, ctx.cardId, seenColumn));
      if (target.done && !ctx.force) await refuseOpenChildren(tx, ctx.cardId);
      await writePositions(tx, "cards", order);
      if (seenColumn !== ctx.toColumnId) {
        await writePositions(tx, "cards", await activeCardIds(tx, seenColumn));
      }
      outbox.publish(card.projectId, "card.moved", { card: moved, from_column_id: seenColumn });
      await notifyWatchers(tx, outbox, ctx.actor, {
        projectId: card.projectId,
        cardId: ctx.cardId,
        excerpt: oneLine(`Moved to ${target.name}`),
      });
      return { from: seenColumn, moved };
    },
  );
  await recordActivity(ctx, ctx.cardId, "moved", {
    from_column_id: from,
    to_column_id: moved.column_id,
    position: moved.position,
  });
  return moved;
}

/**
 * One statement: the card (its project and column), the caller's role there and the target column.
 * Refuses what the caller may not move, a card in the trash and a column of another project.
 */
async function authorizeMove(ctx: ServiceContext & MoveRequest) {
  const [row] = await queryPrepared<{
    project_id: string;
    column_id: string;
    in_trash: boolean;
    actor_role: Role | null;
    target_project_id: string | null;
    target_done: boolean | null;
    target_name: string | null;
  }>(
    ctx.db,
    Prisma.sql`
    SELECT c.project_id::text AS project_id, c.column_id::text AS column_id, c.deleted_at IS NOT NULL AS in_trash,
      m.role::text AS actor_role, t.project_id::text AS target_project_id, t.done AS target_done, t.name AS target_name
    FROM cards c
    LEFT JOIN project_members m ON m.project_id = c.project_id AND ${isCallerMembership(ctx.actor)}
    LEFT JOIN columns t ON t.id = ${ctx.toColumnId}::uuid
    WHERE c.id = ${ctx.cardId}::uuid`,
  );
  if (!row) throw new NotFoundError(CARD_NOT_FOUND);
  authorize(row.actor_role, NEEDS.work, CARD_NOT_FOUND);
  if (row.in_trash) throw new NotFoundError(CARD_IN_TRASH);
  if (row.target_project_id !== row.project_id) {
    throw new ValidationError("Request is invalid.", [
      { path: "to_column_id", message: "Not a column of the card's project (list_columns has them)." },
    ]);
  }
  return {
    card: { projectId: row.project_id, columnId: row.column_id },
    target: { done: row.target_done === true, name: row.target_name ?? "" },
  };
}

/**
 * The move itself, if the card is still live in `fromColumn` (else null: refuseUnchangedCard says
 * why), answering with the moved card's payload.
 */
async function writeMove(
  tx: Tx,
  move: MoveRequest,
  fromColumn: string,
  position: number,
  intoDone: boolean,
): Promise<Card | null> {
  const endClaim = intoDone
    ? Prisma.sql`, claimed_by = NULL, claimed_at = NULL, claim_expires_at = NULL`
    : Prisma.empty;
  const [row] = await queryPrepared<CardSqlRow>(
    tx,
    Prisma.sql`
    WITH moved AS (
      UPDATE cards SET column_id = ${move.toColumnId}::uuid, position = ${position}::int, updated_at = ${SQL_NOW} ${endClaim}
      WHERE id = ${move.cardId}::uuid AND column_id = ${fromColumn}::uuid AND archived_at IS NULL AND deleted_at IS NULL
      RETURNING *
    ) ${selectCardsFrom(Prisma.sql`moved`)}`,
  );
  return row ? toCardWire(row) : null;
}

/** A parent goes into a done column only when each child is done (in a done column) or archived. */
async function refuseOpenChildren(tx: Tx, cardId: string): Promise<void> {
  const open = await tx.card.findMany({
    where: { parentId: cardId, archivedAt: null, deletedAt: null, columnDone: false },
    orderBy: { number: "asc" },
    select: { number: true, title: true },
  });
  if (open.length === 0) return;
  const shown = open.slice(0, 10).map((child) => `#${child.number} ${JSON.stringify(child.title)}`);
  const more = open.length > shown.length ? ` and ${open.length - shown.length} more` : "";
  throw new ConflictError(
    `The card has ${open.length === 1 ? "a child that is" : `${open.length} children that are`} not done: ` +
      `${shown.join(", ")}${more}. Move them to a done column (or archive them) first, or pass force: true.`,
  );
}
