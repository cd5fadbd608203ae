// A card as the caller may reach it: read, authorized, or locked with its column(s) for a change.
// Shared by every service that works on a card (cards, claims, dependencies, trash, comments…),
// so none of them imports another's module for it.
import type { Card } from "@org/contracts";
import type { Db } from "@org/db";
import { ConflictError, NotFoundError } from "@org/service-kit";
import { loadCardForActor } from "./card-loader.ts";
import type { ServiceContext, Tx } from "./context.ts";
import { withEvents, type Outbox } from "./events.ts";
import { lockRows } from "./ordering.ts";
import { authorize, loadAuthorized, NEEDS } from "./permissions.ts";
import { notFoundMessage } from "./not-found.ts";

export const CARD_NOT_FOUND = notFoundMessage("card_id");
/** A deleted card, to a member of its project: gone from every read but the trash's. */
export const CARD_IN_TRASH =
  "The card is in the project's trash: restore_card brings it back (list_trash lists the trash).";

/**
 * What a card holds (a comment, a checklist item, a file), reached by its own id: not found while
 * the card is in the trash, as the card itself is (checked after the caller's role, so a stranger
 * learns nothing).
 */
export function refuseInTrash(cardDeletedAt: Date | null | undefined): void {
  if (cardDeletedAt) throw new NotFoundError(CARD_IN_TRASH);
}

/** Reads a card as the caller sees it (through `ctx.db`, which may be a transaction); checks `needed` against the caller's role. */
export async function readCard(
  ctx: Pick<ServiceContext, "actor"> & { db: Db | Tx; cardId: string },
  needed = NEEDS.read,
): Promise<Card> {
  const found = await loadCardForActor(ctx.db, ctx.cardId, ctx.actor);
  authorize(found?.role, needed, CARD_NOT_FOUND);
  if (found?.inTrash) throw new NotFoundError(CARD_IN_TRASH);
  return (found as { card: Card }).card;
}

/**
 * A card's project, column and creator, with the caller's role, after checking the caller may work
 * on it. A card in the trash is not_found (saying so to members) unless `inTrash` allows it;
 * `notFound`: the message for no such card.
 */
export async function authorizeCard(
  ctx: ServiceContext,
  cardId: string,
  needed: (typeof NEEDS)[keyof typeof NEEDS],
  { inTrash = false, notFound = CARD_NOT_FOUND } = {},
) {
  const { row, role } = await loadAuthorized(
    ctx,
    ctx.db.card.findUnique({
      where: { id: cardId },
      select: { projectId: true, columnId: true, createdById: true, deletedAt: true },
    }),
    (card) => card.projectId,
    needed,
    notFound,
  );
  if (row.deletedAt && !inTrash) throw new NotFoundError(CARD_IN_TRASH);
  return { ...row, role };
}

/** Ids of a column's cards that hold positions (neither archived nor trashed), in position order. */
export async function activeCardIds(tx: Tx, columnId: string, except?: string): Promise<string[]> {
  const rows = await tx.card.findMany({
    where: { columnId, archivedAt: null, deletedAt: null, ...(except ? { id: { not: except } } : {}) },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

/** Conflict message for work on an archived card. */
export const CARD_ARCHIVED = "The card is archived; unarchive it first.";

/** Signals that the card changed column between the read and the lock: start again from `columnId`. */
class MovedMeanwhile extends Error {
  constructor(readonly columnId: string) {
    super();
  }
}

/** The card as found under the lock of `seenColumn`: gone, in the trash, or moved elsewhere (start again) throws. */
function checkLockedCard<C extends { columnId: string; deletedAt: Date | null }>(
  card: C | null,
  seenColumn: string,
  inTrash: boolean,
): C {
  if (!card) throw new NotFoundError(CARD_NOT_FOUND);
  if (card.deletedAt && !inTrash) throw new NotFoundError(CARD_IN_TRASH);
  if (card.columnId !== seenColumn) throw new MovedMeanwhile(card.columnId);
  return card;
}

const LOCKED_CARD_FIELDS = { columnId: true, archivedAt: true, deletedAt: true } as const;

/**
 * Runs `work` with `seenColumn` (where the caller last saw the card) and `extraColumns` locked, in
 * one transaction whose queued events are appended with it (withEvents). When the card turns out to
 * have left `seenColumn` (checkLockedCard, refuseUnchangedCard), it starts again from where the card is.
 */
export async function withSeenColumnLocked<T>(
  ctx: ServiceContext,
  seenColumn: string,
  extraColumns: string[],
  work: (tx: Tx, seenColumn: string, outbox: Outbox) => Promise<T>,
): Promise<T> {
  let column = seenColumn;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await withEvents(ctx, async (tx, outbox) => {
        await lockRows(tx, "columns", [column, ...extraColumns]);
        return work(tx, column, outbox);
      });
    } catch (error) {
      if (!(error instanceof MovedMeanwhile)) throw error;
      if (attempt >= MAX_MOVED_RETRIES) {
        throw new ConflictError("The card kept moving while this request waited: try again.");
      }
      column = error.columnId;
      // Racers for one card spread out instead of all retrying at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
    }
  }
}

/**
 * Runs `work` with the card's column(s) locked and the card read under the lock, retrying when the
 * card moved in between (withSeenColumnLocked).
 */
export async function withCardColumnsLocked<T>(
  ctx: ServiceContext,
  cardId: string,
  extraColumns: string[],
  work: (
    tx: Tx,
    card: { columnId: string; archivedAt: Date | null; deletedAt: Date | null },
    outbox: Outbox,
  ) => Promise<T>,
  // `columnId`: where the caller just saw the card (authorizeCard read it), so it is not read
  // again before the lock; the read under the lock still finds a move made in between.
  { inTrash = false, columnId }: { inTrash?: boolean; columnId?: string } = {},
): Promise<T> {
  const seenColumn = columnId ?? (await columnOf(ctx, cardId));
  return withSeenColumnLocked(ctx, seenColumn, extraColumns, async (tx, column, outbox) => {
    const card = await tx.card.findUnique({ where: { id: cardId }, select: LOCKED_CARD_FIELDS });
    return work(tx, checkLockedCard(card, column, inTrash), outbox);
  });
}

/**
 * For a write under withSeenColumnLocked that was conditioned on the card being live in `seenColumn`
 * and changed nothing: says why (gone, in the trash, archived), or starts again where the card went.
 */
export async function refuseUnchangedCard(tx: Tx, cardId: string, seenColumn: string): Promise<never> {
  const card = await tx.card.findUnique({ where: { id: cardId }, select: LOCKED_CARD_FIELDS });
  if (checkLockedCard(card, seenColumn, false).archivedAt) throw new ConflictError(CARD_ARCHIVED);
  throw new Error(`The write to card ${cardId} matched nothing, though the card is live in its column.`);
}

const MAX_MOVED_RETRIES = 10;

async function columnOf(ctx: ServiceContext, cardId: string): Promise<string> {
  const card = await ctx.db.card.findUnique({ where: { id: cardId }, select: { columnId: true } });
  if (!card) throw new NotFoundError(CARD_NOT_FOUND);
  return card.columnId;
}
