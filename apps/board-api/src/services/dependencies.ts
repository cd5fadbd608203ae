// Dependencies between cards ("#7 is blocked by #3") and the ready queue. A card is ready when
// every blocker is done (in a done column) or archived; claim-next offers only ready cards. Cards
// carry a copy of "not ready" (`blocked`, kept by triggers: migration blocked_cards) so that
// blocked cards leave claim-next's partial index; READY still decides. The
// relation stays acyclic: a link is added under a per-project advisory lock after a walk of the
// blockers' own blockers, so two concurrent links cannot close a cycle together.
import type { Card, CardRef } from "@org/contracts";
import { Prisma, queryPrepared, sqlIso } from "@org/db";
import { ConflictError, ValidationError } from "@org/service-kit";
import { CARD_REF, selectCardsFrom, toCardWire, type CardSqlRow } from "./card-loader.ts";
import { authorizeCard, readCard } from "./card-access.ts";
import { SQL_NOW, type ServiceContext, type Tx } from "./context.ts";
import { withEvents } from "./events.ts";
import { GATE_SATISFIED } from "./gate-sql.ts";
import { NEEDS, requireRole } from "./permissions.ts";
import { PROJECT_NOT_FOUND } from "./projects.ts";

/** True when the card aliased `c` has no open blocker (every blocker done, archived or trashed). */
export const READY = Prisma.sql`NOT EXISTS (
  SELECT 1 FROM card_blockers cb JOIN cards bc ON bc.id = cb.blocker_id
  WHERE cb.card_id = c.id AND bc.archived_at IS NULL AND bc.deleted_at IS NULL AND NOT bc.column_done)`;

/** The cards blocking `cardId` (`side` blocked_by) or blocked by it (`blocks`), by number. */
export async function loadCardRefs(
  db: ServiceContext["db"] | Tx,
  cardId: string,
  side: "blocked_by" | "blocks",
): Promise<CardRef[]> {
  const [near, far] = side === "blocked_by" ? ["card_id", "blocker_id"] : ["blocker_id", "card_id"];
  const rows = await db.$queryRaw<Array<{ ref: CardRef }>>`
    SELECT ${CARD_REF} AS ref FROM card_blockers cb JOIN cards r ON r.id = cb.${Prisma.raw(far)}
    WHERE cb.${Prisma.raw(near)} = ${cardId}::uuid AND r.deleted_at IS NULL ORDER BY r.number`;
  return rows.map((row) => row.ref);
}

const NOT_A_CARD_OF_THE_PROJECT =
  "Not a card of this card's project (find_cards gives card ids; a #number is not an id).";

/**
 * The blocker chain from `from` to `to` following "is blocked by" links, as card numbers
 * (`[from, …, to]`), or null when `to` cannot be reached. Breadth first, one query per level, each
 * card visited once (a path walk in SQL can blow up on a dense graph).
 */
async function blockerPath(tx: Tx, from: string, to: string): Promise<number[] | null> {
  const previous = new Map<string, string | null>([[from, null]]);
  let frontier = [from];
  while (frontier.length > 0 && !previous.has(to)) {
    const links = await tx.cardBlocker.findMany({
      where: { cardId: { in: frontier } },
      select: { cardId: true, blockerId: true },
    });
    frontier = [];
    for (const link of links) {
      if (previous.has(link.blockerId)) continue;
      previous.set(link.blockerId, link.cardId);
      frontier.push(link.blockerId);
    }
  }
  if (!previous.has(to)) return null;
  const ids: string[] = [];
  for (let id: string | null = to; id !== null; id = previous.get(id) ?? null) ids.unshift(id);
  const cards = await tx.card.findMany({ where: { id: { in: ids } }, select: { id: true, number: true } });
  const numbers = new Map(cards.map((card) => [card.id, card.number]));
  return ids.map((id) => numbers.get(id) ?? 0);
}

interface BlockerRow {
  card_id: string;
  blocker_id: string;
  created_at: string;
}

/** `POST /cards/{card_id}/blockers`: the card waits for `blockerId` from now on. */
export async function addBlocker(
  ctx: ServiceContext & { cardId: string; blockerId: string },
): Promise<BlockerRow> {
  const { projectId } = await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  return withEvents(ctx, async (tx, outbox) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`card_blockers:${projectId}`}, 0))`;
    const [card, blocker] = await Promise.all([
      tx.card.findUnique({ where: { id: ctx.cardId }, select: { number: true } }),
      tx.card.findUnique({
        where: { id: ctx.blockerId, deletedAt: null },
        select: { projectId: true, number: true },
      }),
    ]);
    if (blocker?.projectId !== projectId || !card) {
      throw new ValidationError("Request is invalid.", [
        { path: "blocker_id", message: NOT_A_CARD_OF_THE_PROJECT },
      ]);
    }
    const existing = await tx.$queryRaw<BlockerRow[]>`
      SELECT card_id::text, blocker_id::text, ${sqlIso("created_at")} AS created_at FROM card_blockers
      WHERE card_id = ${ctx.cardId}::uuid AND blocker_id = ${ctx.blockerId}::uuid`;
    if (existing[0]) return existing[0];
    // Adding "card is blocked by blocker" closes a cycle when the card already blocks the blocker,
    // directly or down a chain: the blocker's blockers lead back to the card.
    const back =
      ctx.blockerId === ctx.cardId ? [card.number] : await blockerPath(tx, ctx.blockerId, ctx.cardId);
    if (back) {
      const path = [card.number, ...back].map((n) => `#${n}`).join(" → ");
      throw new ConflictError(
        `That would make a cycle of blockers: ${path} (each card blocked by the next). ` +
          "Remove one of those links first (remove_blocker) if the order of work has changed.",
      );
    }
    const [inserted] = await tx.$queryRaw<BlockerRow[]>`
      INSERT INTO card_blockers (card_id, blocker_id, created_at, created_by)
      VALUES (${ctx.cardId}::uuid, ${ctx.blockerId}::uuid, ${SQL_NOW}, ${ctx.actor.id}::uuid)
      RETURNING card_id::text, blocker_id::text, ${sqlIso("created_at")} AS created_at`;
    outbox.publish(projectId, "card.blocker_added", { card_id: ctx.cardId, blocker_id: ctx.blockerId });
    return inserted as BlockerRow;
  });
}

/** `DELETE /cards/{card_id}/blockers/{blocker_id}`: the card no longer waits for it (none: nothing). */
export async function removeBlocker(
  ctx: ServiceContext & { cardId: string; blockerId: string },
): Promise<void> {
  const { projectId } = await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  await withEvents(ctx, async (tx, outbox) => {
    const removed = await tx.cardBlocker.deleteMany({
      where: { cardId: ctx.cardId, blockerId: ctx.blockerId },
    });
    if (removed.count > 0) {
      outbox.publish(projectId, "card.blocker_removed", { card_id: ctx.cardId, blocker_id: ctx.blockerId });
    }
  });
}

/** `GET /cards/{card_id}/blockers` and `/blocking`. */
export async function listCardRefs(
  ctx: ServiceContext & { cardId: string; side: "blocked_by" | "blocks" },
): Promise<{ data: CardRef[]; next_cursor: null }> {
  await readCard(ctx);
  return { data: await loadCardRefs(ctx.db, ctx.cardId, ctx.side), next_cursor: null };
}

/**
 * `GET /projects/{project_id}/ready`: what claim-next would hand the caller, in its order (the
 * claim-order index), claiming nothing.
 */
export async function listReadyCards(
  ctx: ServiceContext & { projectId: string; limit: number },
): Promise<{ data: Card[]; next_cursor: null }> {
  await requireRole(ctx, ctx.projectId, NEEDS.read, PROJECT_NOT_FOUND);
  const rows = await queryPrepared<CardSqlRow>(
    ctx.db,
    Prisma.sql`${selectCardsFrom(Prisma.sql`(
      SELECT * FROM cards c
      WHERE c.project_id = ${ctx.projectId}::uuid AND c.owner_type = 'agent' AND c.archived_at IS NULL
        AND c.deleted_at IS NULL AND NOT c.column_done AND NOT c.blocked
        AND (c.assignee_id IS NULL OR c.assignee_id = ${ctx.actor.id}::uuid)
        AND (c.claimed_by IS NULL OR c.claim_expires_at < ${SQL_NOW})
        AND ${GATE_SATISFIED} AND ${READY}
      ORDER BY c.priority_rank, c.column_rank, c.position, c.id
      LIMIT ${ctx.limit}::int)`)}
    ORDER BY c.priority_rank, c.column_rank, c.position, c.id`,
  );
  return { data: rows.map(toCardWire), next_cursor: null };
}
