// The project's trash: delete_card sets a card's deleted_at instead of deleting it. Every read but
// list_trash leaves such a card out (card-loader, card-search, claims, dependencies, rot, columns;
// authorizeCard answers not_found for it), restore_card brings it back, and it is deleted for good
// by empty_trash or, TRASH_RETENTION_DAYS after it went there, by the sweeper (server.ts).
import { TRASH_RETENTION_DAYS, type Card, type ListQuery, type TrashedCard } from "@org/contracts";
import type { Db } from "@org/db";
import { ForbiddenError } from "@org/service-kit";
import { recordActivity } from "./activity.ts";
import { loadCardsByIds } from "./card-loader.ts";
import { activeCardIds, authorizeCard, readCard, withCardColumnsLocked } from "./card-access.ts";
import { TX_OPTIONS, type ServiceContext, type Tx } from "./context.ts";
import type { FileStore } from "./file-store.ts";
import { writePositions } from "./ordering.ts";
import { iso, pageArgs, toPage } from "./pagination.ts";
import { notFoundMessage } from "./not-found.ts";
import { hasRole, NEEDS, requireRole } from "./permissions.ts";
import { PROJECT_NOT_FOUND } from "./projects.ts";

export const DELETE_FORBIDDEN =
  "Only the card's creator or a project admin or owner may delete this card; archive_card files it away instead.";

/** `DELETE /cards/{card_id}`: moves the card to the trash, out of its column's order. */
export async function trashCard(ctx: ServiceContext & { cardId: string }): Promise<void> {
  const card = await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  if (!hasRole(card.role, NEEDS.manage) && card.createdById !== ctx.actor.id) {
    throw new ForbiddenError(DELETE_FORBIDDEN);
  }
  await withCardColumnsLocked(ctx, ctx.cardId, [], async (tx, current, outbox) => {
    await tx.card.update({
      where: { id: ctx.cardId },
      data: { deletedAt: new Date(), deletedById: ctx.actor.id },
    });
    await writePositions(tx, "cards", await activeCardIds(tx, current.columnId));
    outbox.publish(card.projectId, "card.deleted", { card_id: ctx.cardId, column_id: current.columnId });
  });
  await recordActivity(ctx, ctx.cardId, "deleted");
}

const TRASHED_CARD_NOT_FOUND = notFoundMessage("card_id", false, "restore_card");

/** `POST /cards/{card_id}/restore`: back from the trash, last in its column (archived ones stay archived). */
export async function restoreCard(ctx: ServiceContext & { cardId: string }): Promise<Card> {
  const { projectId } = await authorizeCard(ctx, ctx.cardId, NEEDS.work, {
    inTrash: true,
    notFound: TRASHED_CARD_NOT_FOUND,
  });
  const { changed, card } = await withCardColumnsLocked(
    ctx,
    ctx.cardId,
    [],
    async (tx, current, outbox) => {
      const read = () => readCard({ db: tx, actor: ctx.actor, cardId: ctx.cardId });
      if (!current.deletedAt) return { changed: false, card: await read() };
      const position = current.archivedAt ? 0 : (await activeCardIds(tx, current.columnId)).length;
      await tx.card.update({
        where: { id: ctx.cardId },
        data: { deletedAt: null, deletedById: null, position },
      });
      const restored = await read();
      outbox.publish(projectId, "card.restored", { card: restored });
      return { changed: true, card: restored };
    },
    { inTrash: true },
  );
  if (changed) await recordActivity(ctx, ctx.cardId, "restored");
  return card;
}

/** `GET /projects/{project_id}/trash`: the most recently deleted first. */
export async function listTrash(
  ctx: ServiceContext & { projectId: string; query: ListQuery },
): Promise<{ data: TrashedCard[]; next_cursor: string | null }> {
  await requireRole(ctx, ctx.projectId, NEEDS.read, PROJECT_NOT_FOUND);
  const rows = await ctx.db.card.findMany({
    where: { projectId: ctx.projectId, deletedAt: { not: null } },
    orderBy: [{ deletedAt: "desc" }, { id: "desc" }],
    select: { id: true, deletedAt: true, deletedById: true },
    ...pageArgs(ctx.query),
  });
  const cards = new Map(
    (
      await loadCardsByIds(
        ctx.db,
        rows.map((row) => row.id),
      )
    ).map((c) => [c.id, c]),
  );
  return toPage(ctx.query, rows, (row) => ({
    ...(cards.get(row.id) as Card),
    deleted_at: iso(row.deletedAt as Date),
    deleted_by: row.deletedById,
  }));
}

/** `DELETE /projects/{project_id}/trash`: every trashed card of the project, for good. */
export async function emptyTrash(
  ctx: ServiceContext & { projectId: string },
): Promise<{ deleted_count: number }> {
  await requireRole(ctx, ctx.projectId, NEEDS.manage, PROJECT_NOT_FOUND);
  const deleted = await ctx.db.$transaction(
    (tx) => destroyTrashedCards(tx, { projectId: ctx.projectId, deletedAt: { not: null } }),
    TX_OPTIONS,
  );
  await ctx.files.remove(deleted.storageKeys);
  return { deleted_count: deleted.count };
}

/**
 * The sweeper's part: deletes for good the cards of every project that went to the trash more than
 * TRASH_RETENTION_DAYS ago (`now` for tests). Returns how many.
 */
export async function purgeExpiredTrash(db: Db, files: FileStore, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - TRASH_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await db.$transaction(
    (tx) => destroyTrashedCards(tx, { deletedAt: { lt: before } }),
    TX_OPTIONS,
  );
  await files.remove(deleted.storageKeys);
  return deleted.count;
}

/**
 * Deletes the trashed cards `where` selects with their comments, checklists and attachment rows
 * (cascades); returns the attachments' storage keys, whose files go once the transaction committed.
 */
export async function destroyTrashedCards(
  tx: Tx,
  where: { projectId?: string; columnId?: string; deletedAt: { not: null } | { lt: Date } },
): Promise<{ count: number; storageKeys: string[] }> {
  const cards = await tx.card.findMany({ where, select: { id: true } });
  const ids = cards.map((card) => card.id);
  if (ids.length === 0) return { count: 0, storageKeys: [] };
  const stored = await tx.attachment.findMany({
    where: { OR: [{ cardId: { in: ids } }, { comment: { cardId: { in: ids } } }] },
    select: { storageKey: true },
  });
  const { count } = await tx.card.deleteMany({ where: { id: { in: ids }, deletedAt: { not: null } } });
  return { count, storageKeys: stored.map((file) => file.storageKey) };
}
