// Card payloads in one SQL statement each, whatever the number of cards: labels aggregated and
// checklist counts computed per card by lateral subqueries. This is the hot read path.
import type { Card, Plan, Role } from "@org/contracts";
import { Prisma, queryPrepared, type Db } from "@org/db";
import type { Tx } from "./context.ts";
import { isoOrNull, iso } from "./pagination.ts";

interface CardSqlRow {
  id: string;
  project_id: string;
  column_id: string;
  number: number;
  title: string;
  body: string;
  position: number;
  assignee_id: string | null;
  due_at: Date | null;
  priority_id: string | null;
  owner_type: "human" | "agent";
  shepherds: string[];
  work_phase: string | null;
  labels: Array<{ id: string; name: string; color: string }>;
  checklist_done: number;
  checklist_total: number;
  claimed_by: string | null;
  claimed_at: Date | null;
  claim_expires_at: Date | null;
  parent_id: string | null;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

function toCardWire(row: CardSqlRow): Card {
  return {
    id: row.id,
    project_id: row.project_id,
    column_id: row.column_id,
    number: row.number,
    title: row.title,
    body: row.body,
    position: row.position,
    assignee_id: row.assignee_id,
    due_at: isoOrNull(row.due_at && asDate(row.due_at)),
    priority_id: row.priority_id,
    owner_type: row.owner_type,
    shepherds: row.shepherds ?? [],
    work_phase: row.work_phase,
    labels: row.labels,
    checklist_done: row.checklist_done,
    checklist_total: row.checklist_total,
    claimed_by: row.claimed_by,
    claimed_at: isoOrNull(row.claimed_at && asDate(row.claimed_at)),
    claim_expires_at: isoOrNull(row.claim_expires_at && asDate(row.claim_expires_at)),
    parent_id: row.parent_id,
    archived: row.archived_at !== null,
    archived_at: isoOrNull(row.archived_at && asDate(row.archived_at)),
    created_at: iso(asDate(row.created_at)),
    updated_at: iso(asDate(row.updated_at)),
  };
}

const CARD_SELECT = Prisma.sql`
  c.id::text AS id, c.project_id::text AS project_id, c.column_id::text AS column_id, c.number, c.title,
  c.body, c.position, c.assignee_id::text AS assignee_id, c.due_at, c.priority_id::text AS priority_id,
  c.owner_type::text AS owner_type, c.shepherds::text[] AS shepherds, c.work_phase,
  COALESCE(l.labels, '[]'::json) AS labels, COALESCE(k.done, 0)::int AS checklist_done,
  COALESCE(k.total, 0)::int AS checklist_total, c.claimed_by::text AS claimed_by, c.claimed_at,
  c.claim_expires_at, c.parent_id::text AS parent_id, c.archived_at, c.created_at, c.updated_at`;

const CARD_JOINS = Prisma.sql`
  LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object('id', lb.id, 'name', lb.name, 'color', lb.color) ORDER BY lb.name, lb.id) AS labels
    FROM card_labels cl JOIN labels lb ON lb.id = cl.label_id WHERE cl.card_id = c.id
  ) l ON true
  LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE ci.done) AS done, count(*) AS total
    FROM checklist_items ci WHERE ci.card_id = c.id
  ) k ON true`;

/** Cards of a project for the board, in column then position order. */
export async function loadBoardCards(db: Db, projectId: string, includeArchived: boolean): Promise<Card[]> {
  const rows = await queryPrepared<CardSqlRow>(
    db,
    Prisma.sql`
    SELECT ${CARD_SELECT} FROM cards c ${CARD_JOINS}
    WHERE c.project_id = ${projectId}::uuid ${includeArchived ? Prisma.empty : Prisma.sql`AND c.archived_at IS NULL`}
    ORDER BY c.archived_at IS NOT NULL, c.position, c.id`,
  );
  return rows.map(toCardWire);
}

/** One card with the caller's role in its project (null: not a member), in one statement. */
export async function loadCardForActor(
  db: Db | Tx,
  cardId: string,
  actorId: string,
): Promise<{ card: Card; role: Role | null } | null> {
  const rows = await queryPrepared<CardSqlRow & { actor_role: Role | null }>(
    db,
    Prisma.sql`
    SELECT ${CARD_SELECT}, m.role::text AS actor_role FROM cards c ${CARD_JOINS}
    LEFT JOIN project_members m ON m.project_id = c.project_id AND m.user_id = ${actorId}::uuid
    WHERE c.id = ${cardId}::uuid`,
  );
  const row = rows[0];
  return row ? { card: toCardWire(row), role: row.actor_role } : null;
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

/** The card's latest published plan, or null. On GET /cards/{id}, hence a prepared statement. */
export async function loadLatestPlan(db: Db | Tx, cardId: string): Promise<Plan | null> {
  const [plan] = await queryPrepared<Parameters<typeof toPlanWire>[0]>(
    db,
    Prisma.sql`
    SELECT id::text AS id, card_id::text AS "cardId", version, summary, steps, author_id::text AS "authorId",
      created_at AS "createdAt"
    FROM plans WHERE card_id = ${cardId}::uuid ORDER BY version DESC LIMIT 1`,
  );
  return plan ? toPlanWire(plan) : null;
}
