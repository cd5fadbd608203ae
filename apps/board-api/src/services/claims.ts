// Claims are leases: claimed_by, claimed_at and claim_expires_at. A lease that ran out counts as
// no claim everywhere (claim, claim-next, unclaim, handoff), so a crashed agent's work returns to
// the pool by itself; the holder renews by claiming again (heartbeat).
import type { Card, Role } from "@org/contracts";
import { Prisma, queryPrepared, sqlIso } from "@org/db";
import { ConflictError, ForbiddenError, NotFoundError } from "@org/service-kit";
import { selectCardsFrom, toCardWire, type CardSqlRow } from "./card-loader.ts";
import { authorizeCard, CARD_ARCHIVED, CARD_NOT_FOUND, readCard } from "./card-access.ts";
import { SQL_NOW, type ServiceContext, type Tx } from "./context.ts";
import { recordActivity } from "./activity.ts";
import { withEvents } from "./events.ts";
import { READY } from "./dependencies.ts";
import { GATE_SATISFIED } from "./gate-sql.ts";
import { authorize, hasRole, isCallerMembership, loadAuthorized, NEEDS, rolesWith } from "./permissions.ts";
import { PROJECT_NOT_FOUND } from "./projects.ts";

interface ClaimState {
  archived: boolean;
  claimed_by: string | null;
  /** A claim whose lease has not run out. */
  live: boolean;
  gate_ok: boolean;
  /** The holder's name and handle, and when the lease ends (ISO 8601): what a conflict tells. */
  holder_name: string | null;
  holder_handle: string | null;
  claim_expires_at: string | null;
}

/** The card's claim state, with its row locked until the transaction ends. */
export async function lockClaimState(tx: Tx, cardId: string): Promise<ClaimState> {
  const [state] = await tx.$queryRaw<ClaimState[]>`
    SELECT c.archived_at IS NOT NULL AS archived, c.claimed_by::text AS claimed_by,
      (c.claimed_by IS NOT NULL AND c.claim_expires_at >= ${SQL_NOW}) AS live, ${GATE_SATISFIED} AS gate_ok,
      u.name AS holder_name, u.handle AS holder_handle, ${sqlIso("c.claim_expires_at")} AS claim_expires_at
    FROM cards c LEFT JOIN users u ON u.id = c.claimed_by
    WHERE c.id = ${cardId}::uuid FOR NO KEY UPDATE OF c`;
  if (!state) throw new NotFoundError(CARD_NOT_FOUND);
  // A claim committed while this statement waited for the lock: PostgreSQL re-checks the card's new
  // row but keeps the LEFT JOIN's user from before (none), so the holder is read again.
  if (state.claimed_by !== null && state.holder_handle === null) {
    const [holder] = await tx.$queryRaw<Array<{ name: string; handle: string | null }>>`
      SELECT name, handle FROM users WHERE id = ${state.claimed_by}::uuid`;
    if (holder) Object.assign(state, { holder_name: holder.name, holder_handle: holder.handle });
  }
  return state;
}

/**
 * Who holds a live claim and until when, for the messages that refuse because of it: "claimed by
 * Ada (@ada, user_id …) until 2026-11-26T05:00:00.000Z".
 */
export function claimHolder(state: ClaimState): string {
  return (
    `claimed by ${state.holder_name ?? "another user"} (@${state.holder_handle ?? "?"}, user_id ` +
    `${state.claimed_by}) until ${state.claim_expires_at}`
  );
}

/** Clears the claim columns (inside the caller's transaction). */
export async function releaseClaim(tx: Tx, cardId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE cards SET claimed_by = NULL, claimed_at = NULL, claim_expires_at = NULL, updated_at = ${SQL_NOW}
    WHERE id = ${cardId}::uuid AND claimed_by IS NOT NULL`;
}

/** Whether the caller may take a live claim away from its holder: the holder, or an admin/owner. */
export function mayOverrideClaim(
  state: Pick<ClaimState, "claimed_by" | "live">,
  actorId: string,
  role: Parameters<typeof hasRole>[0],
): boolean {
  return !state.live || state.claimed_by === actorId || hasRole(role, NEEDS.manage);
}

/**
 * `POST /cards/{card_id}/claim`: a new lease for the caller, or the holder's renewal (claimed_at
 * kept). Someone else's live lease, an unsatisfied entry gate (for a new claim) or an archived
 * card is a conflict.
 */
export async function claimCard(
  ctx: ServiceContext & { cardId: string; leaseSeconds: number },
): Promise<Card> {
  const { projectId } = await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  const { renewed, card } = await withEvents(ctx, async (tx, outbox) => {
    const state = await lockClaimState(tx, ctx.cardId);
    if (state.archived) throw new ConflictError(CARD_ARCHIVED);
    const renewal = state.live && state.claimed_by === ctx.actor.id;
    if (state.live && !renewal) {
      throw new ConflictError(
        `The card is ${claimHolder(state)}; the lease is free again when it runs out (or when they release it).`,
      );
    }
    if (!renewal && !state.gate_ok) {
      throw new ConflictError(
        "The card's entry gate is not satisfied: get_card_gate (GET /cards/{card_id}/gate) lists its criteria; ack them with ack_gate_criterion.",
      );
    }
    await tx.$executeRaw`
      UPDATE cards SET claimed_by = ${ctx.actor.id}::uuid,
        claimed_at = ${renewal ? Prisma.sql`claimed_at` : SQL_NOW},
        claim_expires_at = ${SQL_NOW} + ${ctx.leaseSeconds}::int * interval '1 second',
        updated_at = ${SQL_NOW}
      WHERE id = ${ctx.cardId}::uuid`;
    const claimed = await readCard({ db: tx, actor: ctx.actor, cardId: ctx.cardId });
    outbox.publish(projectId, "card.claimed", { card: claimed, renewed: renewal });
    return { renewed: renewal, card: claimed };
  });
  if (!renewed) await recordActivity(ctx, ctx.cardId, "claimed", { lease_seconds: ctx.leaseSeconds });
  return card;
}

/** `DELETE /cards/{card_id}/claim`: the holder or an admin/owner releases it; no live claim: nothing to do. */
export async function unclaimCard(ctx: ServiceContext & { cardId: string }): Promise<Card> {
  const { row, role } = await loadAuthorized(
    ctx,
    ctx.db.card.findUnique({ where: { id: ctx.cardId, deletedAt: null }, select: { projectId: true } }),
    (card) => card.projectId,
    NEEDS.work,
    CARD_NOT_FOUND,
  );
  const { released, card } = await withEvents(ctx, async (tx, outbox) => {
    const state = await lockClaimState(tx, ctx.cardId);
    if (!mayOverrideClaim(state, ctx.actor.id, role)) {
      throw new ForbiddenError(`The card is ${claimHolder(state)}; only they or an admin can release it.`);
    }
    await releaseClaim(tx, ctx.cardId);
    const read = await readCard({ db: tx, actor: ctx.actor, cardId: ctx.cardId });
    if (state.claimed_by !== null) outbox.publish(row.projectId, "card.unclaimed", { card: read });
    return { released: state.claimed_by !== null, card: read };
  });
  if (released) await recordActivity(ctx, ctx.cardId, "unclaimed");
  return card;
}

/**
 * `POST /projects/{project_id}/claim-next`: one statement, so one transaction, that checks the caller's
 * role, claims and returns the card. The first eligible card in claim order is locked with FOR
 * UPDATE SKIP LOCKED (a card another caller is taking right now is skipped, never waited for or
 * taken twice) and claimed; a row whose lock is released after another caller claimed it fails
 * the re-checked WHERE and is passed over too. The order is read from the front of the
 * cards_claim_order_idx index (see its migration), not sorted; blocked cards are not in it
 * (`NOT c.blocked`), so a queue whose head waits for other work costs no more than one that does
 * not. Null when nothing is eligible.
 */
export async function claimNextCard(
  ctx: ServiceContext & { projectId: string; leaseSeconds: number },
): Promise<Card | null> {
  const card = await withEvents(ctx, async (tx, outbox) => {
    const [row] = await queryPrepared<Partial<CardSqlRow> & { actor_role: Role | null }>(
      tx,
      Prisma.sql`
    WITH member AS (
      SELECT m.role FROM project_members m WHERE m.project_id = ${ctx.projectId}::uuid AND ${isCallerMembership(ctx.actor)}
    ), next AS (
      SELECT c.id FROM cards c
      WHERE c.project_id = ${ctx.projectId}::uuid AND c.owner_type = 'agent' AND c.archived_at IS NULL
        AND c.deleted_at IS NULL AND NOT c.column_done AND NOT c.blocked
        AND (c.assignee_id IS NULL OR c.assignee_id = ${ctx.actor.id}::uuid)
        AND (c.claimed_by IS NULL OR c.claim_expires_at < ${SQL_NOW})
        AND ${GATE_SATISFIED} AND ${READY}
        AND EXISTS (SELECT 1 FROM member WHERE role = ANY(${rolesWith(NEEDS.work)}::project_role[]))
      ORDER BY c.priority_rank, c.column_rank, c.position, c.id
      LIMIT 1
      FOR UPDATE OF c SKIP LOCKED
    ), claimed AS (
      UPDATE cards SET claimed_by = ${ctx.actor.id}::uuid, claimed_at = ${SQL_NOW},
        claim_expires_at = ${SQL_NOW} + ${ctx.leaseSeconds}::int * interval '1 second', updated_at = ${SQL_NOW}
      FROM next WHERE cards.id = next.id
      RETURNING cards.*
    )
    SELECT (SELECT role::text FROM member) AS actor_role, card.*
    FROM (SELECT 1) AS one LEFT JOIN (${selectCardsFrom(Prisma.sql`claimed`)}) AS card ON true`,
    );
    authorize(row?.actor_role, NEEDS.work, PROJECT_NOT_FOUND);
    if (!row?.id) return null;
    const claimed = toCardWire(row as CardSqlRow);
    outbox.publish(ctx.projectId, "card.claimed", { card: claimed, renewed: false });
    return claimed;
  });
  if (!card) return null;
  await recordActivity(ctx, card.id, "claimed", { lease_seconds: ctx.leaseSeconds });
  return card;
}

interface NothingToClaimCounts {
  human: number;
  agent: number;
  done: number;
  assigned: number;
  claimed: number;
  gated: number;
  blocked: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Why claim-next found nothing, in one query (run only when a caller asks, over MCP): the
 * project's unarchived cards outside done columns by owner type, and of the agent cards how many
 * are assigned to someone else, claimed with a live lease, or waiting for their entry gate. Human
 * cards are never offered, which a new card is unless created with owner_type agent: the reason
 * says so.
 */
export async function whyNothingToClaim(ctx: ServiceContext & { projectId: string }): Promise<string> {
  const [counts] = await ctx.db.$queryRaw<NothingToClaimCounts[]>`
    SELECT count(*) FILTER (WHERE c.owner_type = 'human' AND NOT c.column_done)::int AS human,
      count(*) FILTER (WHERE c.owner_type = 'agent' AND NOT c.column_done)::int AS agent,
      count(*) FILTER (WHERE c.owner_type = 'agent' AND c.column_done)::int AS done,
      count(*) FILTER (WHERE c.owner_type = 'agent' AND NOT c.column_done
        AND c.assignee_id IS NOT NULL AND c.assignee_id <> ${ctx.actor.id}::uuid)::int AS assigned,
      count(*) FILTER (WHERE c.owner_type = 'agent' AND NOT c.column_done
        AND (c.assignee_id IS NULL OR c.assignee_id = ${ctx.actor.id}::uuid)
        AND c.claimed_by IS NOT NULL AND c.claim_expires_at >= ${SQL_NOW})::int AS claimed,
      count(*) FILTER (WHERE c.owner_type = 'agent' AND NOT c.column_done
        AND (c.assignee_id IS NULL OR c.assignee_id = ${ctx.actor.id}::uuid)
        AND (c.claimed_by IS NULL OR c.claim_expires_at < ${SQL_NOW})
        AND NOT ${READY})::int AS blocked,
      count(*) FILTER (WHERE c.owner_type = 'agent' AND NOT c.column_done
        AND (c.assignee_id IS NULL OR c.assignee_id = ${ctx.actor.id}::uuid)
        AND (c.claimed_by IS NULL OR c.claim_expires_at < ${SQL_NOW})
        AND ${READY} AND NOT ${GATE_SATISFIED})::int AS gated
    FROM cards c
    WHERE c.project_id = ${ctx.projectId}::uuid AND c.archived_at IS NULL AND c.deleted_at IS NULL`;
  const { human = 0, agent = 0, done = 0, assigned = 0, claimed = 0, gated = 0, blocked = 0 } = counts ?? {};
  const humans =
    human > 0
      ? ` ${plural(human, "human card is", "human cards are")} never offered: set owner_type to agent (update_card) for work an agent may take.`
      : "";
  if (agent === 0) {
    const finished =
      done > 0 ? ` (${plural(done, "agent card is", "agent cards are")} in a done column)` : "";
    return `No card is eligible: the project has no unarchived card with owner_type agent outside done columns${finished}.${humans}`;
  }
  const reasons = [
    assigned > 0 ? `${assigned} assigned to someone else` : "",
    claimed > 0 ? `${claimed} claimed by someone with a live lease` : "",
    blocked > 0
      ? `${blocked} blocked by cards not done yet (get_card shows their blocked_by; list_ready_cards what is ready)`
      : "",
    gated > 0 ? `${gated} waiting for their entry gate (see get_card_gate)` : "",
  ].filter(Boolean);
  // None: every free card was being claimed by another caller at that very moment.
  if (reasons.length === 0)
    return `No card is eligible right now: the free ones were just claimed by others.${humans}`;
  return `No card is eligible: of ${plural(agent, "agent card", "agent cards")} outside done columns, ${reasons.join(", ")}.${humans}`;
}
