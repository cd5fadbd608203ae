// Card payloads in one SQL statement each, whatever the number of cards: labels aggregated and
// checklist counts computed per card by lateral subqueries. This is the hot read path.
import type { Card, CardWithPlan, Plan, Role } from "@org/contracts";
import { Prisma, queryPrepared, sqlIso, type Db } from "@org/db";
import type { Actor, Tx } from "./context.ts";
import { isCallerMembership } from "./permissions.ts";
import { iso } from "./pagination.ts";

/** A card row as CARD_SELECT returns it: the wire's fields, but `archived_at` instead of `archived`. */
export type CardSqlRow = Omit<Card, "archived">;

export function toCardWire(row: CardSqlRow): Card {
  return {
    id: row.id,
    project_id: row.project_id,
    column_id: row.column_id,
    number: row.number,
    title: row.title,
    body: row.body,
    position: row.position,
    assignee_id: row.assignee_id,
    due_at: row.due_at,
    priority_id: row.priority_id,
    owner_type: row.owner_type,
    shepherds: row.shepherds ?? [],
    work_phase: row.work_phase,
    labels: row.labels,
    checklist_done: row.checklist_done,
    checklist_total: row.checklist_total,
    claimed_by: row.claimed_by,
    claimed_at: row.claimed_at,
    claim_expires_at: row.claim_expires_at,
    parent_id: row.parent_id,
    archived: row.archived_at !== null,
    archived_at: row.archived_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

// Timestamps come as the wire's ISO 8601 text (sqlIso): no Date is parsed and formatted per card.
const CARD_SELECT = Prisma.sql`
  c.id::text AS id, c.project_id::text AS project_id, c.column_id::text AS column_id, c.number, c.title,
  c.body, c.position, c.assignee_id::text AS assignee_id, ${sqlIso("c.due_at")} AS due_at,
  c.priority_id::text AS priority_id, c.owner_type::text AS owner_type, c.shepherds::text[] AS shepherds,
  c.work_phase, COALESCE(l.labels, '[]'::json) AS labels, COALESCE(k.done, 0)::int AS checklist_done,
  COALESCE(k.total, 0)::int AS checklist_total, c.claimed_by::text AS claimed_by,
  ${sqlIso("c.claimed_at")} AS claimed_at, ${sqlIso("c.claim_expires_at")} AS claim_expires_at,
  c.parent_id::text AS parent_id, ${sqlIso("c.archived_at")} AS archived_at,
  ${sqlIso("c.created_at")} AS created_at, ${sqlIso("c.updated_at")} AS updated_at`;

const CARD_JOINS = Prisma.sql`
  LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object('id', lb.id, 'name', lb.name, 'color', lb.color) ORDER BY lb.name, lb.id) AS labels
    FROM card_labels cl JOIN labels lb ON lb.id = cl.label_id WHERE cl.card_id = c.id
  ) l ON true
  LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE ci.done) AS done, count(*) AS total
    FROM checklist_items ci WHERE ci.card_id = c.id
  ) k ON true`;

/** `SELECT` of card payloads (CardSqlRow, see toCardWire) from `relation`, a set of card rows. */
export function selectCardsFrom(relation: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`SELECT ${CARD_SELECT} FROM ${relation} c ${CARD_JOINS}`;
}

/** Which cards of a project the board shows. */
export interface BoardCardsOptions {
  includeArchived: boolean;
  /** Only this column's cards. */
  columnId?: string | undefined;
  /** At most this many cards per column, plus one to tell whether more follow. */
  perColumn?: number | undefined;
  /** Only cards after this point of the board order (see boardCursor). */
  after?: BoardCursor | undefined;
}

/** A point in a column's board order: archived last, then position, then id. */
export interface BoardCursor {
  archived: boolean;
  position: number;
  id: string;
}

/** The cards after `card` in its column's board order start at this cursor (opaque to clients). */
export function boardCursor(card: Pick<Card, "archived" | "position" | "id">): string {
  return Buffer.from(`${card.archived ? 1 : 0}:${card.position}:${card.id}`).toString("base64url");
}

export function parseBoardCursor(cursor: string): BoardCursor | undefined {
  const match = /^([01]):(\d{1,9}):([0-9a-f-]{36})$/.exec(Buffer.from(cursor, "base64url").toString());
  return match
    ? { archived: match[1] === "1", position: Number(match[2]), id: match[3] as string }
    : undefined;
}

const BOARD_ORDER = Prisma.sql`c.archived_at IS NOT NULL, c.position, c.id`;

/** Cards of a project for the board, in column then position order (archived last). */
export async function loadBoardCards(db: Db, projectId: string, options: BoardCardsOptions): Promise<Card[]> {
  const { includeArchived, columnId, perColumn, after } = options;
  const where = Prisma.sql`c.project_id = ${projectId}::uuid
    AND c.deleted_at IS NULL ${includeArchived ? Prisma.empty : Prisma.sql`AND c.archived_at IS NULL`}
    ${columnId ? Prisma.sql`AND c.column_id = ${columnId}::uuid` : Prisma.empty}
    ${after ? Prisma.sql`AND (${BOARD_ORDER}) > (${after.archived}::boolean, ${after.position}::int, ${after.id}::uuid)` : Prisma.empty}`;
  const cards = perColumn
    ? Prisma.sql`(SELECT * FROM (
        SELECT c.*, row_number() OVER (PARTITION BY c.column_id ORDER BY ${BOARD_ORDER}) AS n FROM cards c WHERE ${where}
      ) c WHERE c.n <= ${perColumn + 1}::int)`
    : Prisma.sql`(SELECT * FROM cards c WHERE ${where})`;
  const rows = await queryPrepared<CardSqlRow>(
    db,
    Prisma.sql`${selectCardsFrom(cards)} ORDER BY ${BOARD_ORDER}`,
  );
  return rows.map(toCardWire);
}

/** What a card on the other end of a blocker link shows (`r` is that card). */
export const CARD_REF = Prisma.sql`json_build_object('id', r.id, 'number', r.number, 'title', r.title,
  'done', r.column_done OR r.archived_at IS NOT NULL)`;

/** A card as loaded for the caller: `inTrash` cards are for list_trash and restore_card only. */
export interface LoadedCard<C> {
  card: C;
  /** The caller's role in the card's project (null: not a member, or outside their grant's projects). */
  role: Role | null;
  inTrash: boolean;
}

/** One card with the caller's role in its project, in one statement. */
export async function loadCardForActor(
  db: Db | Tx,
  cardId: string,
  actor: Actor,
): Promise<LoadedCard<Card> | null> {
  const rows = await queryPrepared<CardSqlRow & { actor_role: Role | null; in_trash: boolean }>(
    db,
    Prisma.sql`
    SELECT ${CARD_SELECT}, m.role::text AS actor_role, c.deleted_at IS NOT NULL AS in_trash FROM cards c ${CARD_JOINS}
    LEFT JOIN project_members m ON m.project_id = c.project_id AND ${isCallerMembership(actor)}
    WHERE c.id = ${cardId}::uuid`,
  );
  const row = rows[0];
  return row ? { card: toCardWire(row), role: row.actor_role, inTrash: row.in_trash } : null;
}

/**
 * `GET /cards/{card_id}`'s one statement: the card, the caller's role, the card's latest plan and its
 * blocker links both ways.
 */
export async function loadCardWithPlanForActor(
  db: Db,
  cardId: string,
  actor: Actor,
): Promise<LoadedCard<CardWithPlan> | null> {
  const rows = await queryPrepared<
    CardSqlRow & {
      actor_role: Role | null;
      in_trash: boolean;
      plan: Plan | null;
      blocked_by: CardWithPlan["blocked_by"] | null;
      blocks: CardWithPlan["blocks"] | null;
    }
  >(
    db,
    Prisma.sql`
    SELECT ${CARD_SELECT}, m.role::text AS actor_role, c.deleted_at IS NOT NULL AS in_trash, pl.plan,
      (SELECT json_agg(${CARD_REF} ORDER BY r.number) FROM card_blockers cb JOIN cards r ON r.id = cb.blocker_id
        WHERE cb.card_id = c.id AND r.deleted_at IS NULL) AS blocked_by,
      (SELECT json_agg(${CARD_REF} ORDER BY r.number) FROM card_blockers cb JOIN cards r ON r.id = cb.card_id
        WHERE cb.blocker_id = c.id AND r.deleted_at IS NULL) AS blocks
    FROM cards c ${CARD_JOINS}
    LEFT JOIN project_members m ON m.project_id = c.project_id AND ${isCallerMembership(actor)}
    LEFT JOIN LATERAL (
      SELECT json_build_object('id', p.id, 'card_id', p.card_id, 'version', p.version, 'summary', p.summary,
        'steps', p.steps, 'author_id', p.author_id, 'created_at', ${sqlIso("p.created_at")}) AS plan
      FROM plans p WHERE p.card_id = c.id ORDER BY p.version DESC LIMIT 1
    ) pl ON true
    WHERE c.id = ${cardId}::uuid`,
  );
  const row = rows[0];
  return row
    ? {
        card: {
          ...toCardWire(row),
          plan: row.plan,
          blocked_by: row.blocked_by ?? [],
          blocks: row.blocks ?? [],
        },
        role: row.actor_role,
        inTrash: row.in_trash,
      }
    : null;
}

/** Cards by id, in the order of `ids` (missing ones left out), in one statement. */
export async function loadCardsByIds(db: Db | Tx, ids: string[]): Promise<Card[]> {
  if (ids.length === 0) return [];
  const rows = await db.$queryRaw<CardSqlRow[]>`
    SELECT ${CARD_SELECT} FROM cards c ${CARD_JOINS} WHERE c.id = ANY(${ids}::uuid[])`;
  const byId = new Map(rows.map((row) => [row.id, toCardWire(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function toPlanWire(plan: {
  id: string;
  cardId: string;
  version: number;
  summary: string;
  steps: string[];
  authorId: string;
  createdAt: Date;
}): Plan {
  return {
    id: plan.id,
    card_id: plan.cardId,
    version: plan.version,
    summary: plan.summary,
    steps: plan.steps,
    author_id: plan.authorId,
    created_at: iso(plan.createdAt),
  };
}
