// Finding cards without knowing their ids: a project's cards by number, text and filters
// (`GET /projects/{project_id}/cards`), and the caller's own work across projects (`GET /me/cards`).
// Both read card payloads in one statement (see card-loader.ts), a page at a time.
import type { Card, FindCardsQuery, MyCardsQuery, z } from "@org/contracts";
import { escapeLike, Prisma, queryPrepared } from "@org/db";
import { selectCardsFrom, toCardWire, type CardSqlRow } from "./card-loader.ts";
import { SQL_NOW, TX_OPTIONS, type ServiceContext } from "./context.ts";
import { toPage, type Page } from "./pagination.ts";
import { isCallerMembership, NEEDS, requireRole } from "./permissions.ts";
import { PROJECT_NOT_FOUND } from "./projects.ts";

/** `text` as a LIKE pattern matching itself anywhere (%, _ and \ taken literally). */
const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** A live claim by `userId` (an expired lease is no claim). */
const claimedBy = (userId: string) =>
  Prisma.sql`c.claimed_by = ${userId}::uuid AND c.claim_expires_at >= ${SQL_NOW}`;

/**
 * Cards of rows `where` selects, `limit` + 1 of them in `order` (so toPage can tell whether more
 * follow), as card payloads in that order.
 */
async function pageOfCards(
  ctx: ServiceContext,
  where: Prisma.Sql[],
  order: Prisma.Sql,
  limit: number,
  timeoutMs?: number,
): Promise<CardSqlRow[]> {
  // Cards in the trash are in no search (list_trash has them).
  const rows = Prisma.sql`(SELECT * FROM cards c WHERE c.deleted_at IS NULL AND ${Prisma.join(where, " AND ")}
    ORDER BY ${order} LIMIT ${limit + 1}::int)`;
  const query = Prisma.sql`${selectCardsFrom(rows)} ORDER BY ${order}`;
  if (timeoutMs === undefined) return queryPrepared<CardSqlRow>(ctx.db, query);
  // A text search: bounded in time (issue 28: one scanned every title and body, ~1 s on 500 cards
  // of 100 KB, with no limit). The trigram indexes (migration card_search_trgm) make it fast; the
  // timeout bounds what they cannot serve (fewer than three characters): its SQLSTATE 57014 is
  // answered 422 "narrow it" by service-kit's database-error mapping. Both settings in one
  // statement, for this transaction only.
  return ctx.db.$transaction(async (tx) => {
    // enable_seqscan off: the planner prices ILIKE low and reads the whole project (576 ms on
    // 20,000 cards where the trigram bitmaps take 35 ms): this steers it to the indexes, and
    // without a usable one it still scans (under the timeout). Still needed: card-search.bench
    // with BENCH_SEARCH_CARDS=20000 gave p50 53 ms with it, 162 ms without (at 100,000 cards the
    // planner takes the indexes by itself: the same either way).
    await tx.$queryRaw`SELECT set_config('statement_timeout', ${String(Math.floor(timeoutMs))}, true),
      set_config('enable_seqscan', 'off', true)`;
    return queryPrepared<CardSqlRow>(tx, query);
  }, TX_OPTIONS);
}

/** `GET /projects/{project_id}/cards`: the project's cards matching every filter given, in number order. */
export async function findCards(
  ctx: ServiceContext & { projectId: string; query: z.output<typeof FindCardsQuery> },
): Promise<Page<Card>> {
  await requireRole(ctx, ctx.projectId, NEEDS.read, PROJECT_NOT_FOUND);
  const { query } = ctx;
  const where = [Prisma.sql`c.project_id = ${ctx.projectId}::uuid`];
  if (query.number !== undefined) where.push(Prisma.sql`c.number = ${query.number}::int`);
  if (query.q !== undefined) {
    const pattern = containsPattern(query.q);
    where.push(Prisma.sql`(c.title ILIKE ${pattern} OR c.body ILIKE ${pattern})`);
  }
  if (query.column_id) where.push(Prisma.sql`c.column_id = ${query.column_id}::uuid`);
  if (query.label_id) {
    where.push(Prisma.sql`EXISTS (SELECT 1 FROM card_labels cl
      WHERE cl.card_id = c.id AND cl.label_id = ${query.label_id}::uuid)`);
  }
  if (query.assignee_id) where.push(Prisma.sql`c.assignee_id = ${query.assignee_id}::uuid`);
  if (query.claimed_by) where.push(claimedBy(query.claimed_by));
  if (query.claimed !== undefined) {
    const live = Prisma.sql`c.claimed_by IS NOT NULL AND c.claim_expires_at >= ${SQL_NOW}`;
    where.push(query.claimed ? live : Prisma.sql`NOT COALESCE(${live}, false)`);
  }
  if (query.priority_id) where.push(Prisma.sql`c.priority_id = ${query.priority_id}::uuid`);
  if (query.due === "overdue") where.push(Prisma.sql`c.due_at < ${SQL_NOW}`);
  if (query.due === "week") {
    where.push(Prisma.sql`c.due_at >= ${SQL_NOW} AND c.due_at < ${SQL_NOW} + interval '7 days'`);
  }
  if (query.owner_type) where.push(Prisma.sql`c.owner_type = ${query.owner_type}::card_owner_type`);
  // A number names one card, archived or not; a search without one looks at the board's cards.
  const archived = query.archived ?? (query.number === undefined ? false : undefined);
  if (archived !== undefined) {
    where.push(archived ? Prisma.sql`c.archived_at IS NOT NULL` : Prisma.sql`c.archived_at IS NULL`);
  }
  if (query.cursor) {
    where.push(Prisma.sql`c.number > (SELECT number FROM cards
      WHERE id = ${query.cursor}::uuid AND project_id = ${ctx.projectId}::uuid)`);
  }
  const timeout = query.q === undefined ? undefined : (ctx.cardSearchTimeoutMs ?? 1000);
  const rows = await pageOfCards(ctx, where, Prisma.sql`c.number`, query.limit, timeout);
  return toPage(query, rows, toCardWire);
}

/**
 * `GET /me/cards`: the caller's work: unarchived cards outside done columns, in the caller's
 * projects, that they hold a live claim on, are assigned to, or (neither flag, or both) either;
 * oldest first (ids are UUIDv7). Finished cards (in a done column) are no one's work any more.
 */
export async function listMyCards(
  ctx: ServiceContext & { query: z.output<typeof MyCardsQuery> },
): Promise<Page<Card>> {
  const { query, actor } = ctx;
  const claimed = claimedBy(actor.id);
  const assigned = Prisma.sql`c.assignee_id = ${actor.id}::uuid`;
  const mine =
    query.claimed && !query.assigned
      ? claimed
      : query.assigned && !query.claimed
        ? assigned
        : Prisma.sql`((${claimed}) OR ${assigned})`;
  const where = [
    mine,
    Prisma.sql`c.archived_at IS NULL AND NOT c.column_done`,
    Prisma.sql`EXISTS (SELECT 1 FROM project_members m
      WHERE m.project_id = c.project_id AND ${isCallerMembership(actor)})`,
  ];
  if (query.cursor) where.push(Prisma.sql`c.id > ${query.cursor}::uuid`);
  const rows = await pageOfCards(ctx, where, Prisma.sql`c.id`, query.limit);
  return toPage(query, rows, toCardWire);
}
