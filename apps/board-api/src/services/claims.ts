// Claims are leases: claimed_by, claimed_at and claim_expires_at. A lease that ran out counts as
// no claim everywhere (claim, claim-next, unclaim, handoff), so a crashed agent's work returns to
// the pool by itself; the holder renews by claiming again (heartbeat).
import type { Card } from "@org/contracts";
import { Prisma } from "@org/db";
import { ConflictError, ForbiddenError, NotFoundError } from "@org/service-kit";
import { authorizeCard, CARD_NOT_FOUND, readCard } from "./cards.ts";
import { SQL_NOW, TX_OPTIONS, type ServiceContext, type Tx } from "./context.ts";
import { publish } from "./events.ts";
import { GATE_SATISFIED } from "./gate-sql.ts";
import { hasRole, loadAuthorized, NEEDS, requireRole } from "./permissions.ts";
import { PROJECT_NOT_FOUND } from "./projects.ts";

interface ClaimState {
  archived: boolean;
  claimed_by: string | null;
  /** A claim whose lease has not run out. */
  live: boolean;
  gate_ok: boolean;
}

/** The card's claim state, with its row locked until the transaction ends. */
async function lockClaimState(tx: Tx, cardId: string): Promise<ClaimState> {
  const [state] = await tx.$queryRaw<ClaimState[]>`
    SELECT c.archived_at IS NOT NULL AS archived, c.claimed_by::text AS claimed_by,
      (c.claimed_by IS NOT NULL AND c.claim_expires_at >= ${SQL_NOW}) AS live, ${GATE_SATISFIED} AS gate_ok
    FROM cards c WHERE c.id = ${cardId}::uuid FOR NO KEY UPDATE`;
  if (!state) throw new NotFoundError(CARD_NOT_FOUND);
  return state;
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
 * `POST /cards/{id}/claim`: a new lease for the caller, or the holder's renewal (claimed_at
 * kept). Someone else's live lease, an unsatisfied entry gate (for a new claim) or an archived
 * card is a conflict.
 */
export async function claimCard(
  ctx: ServiceContext & { cardId: string; leaseSeconds: number },
): Promise<Card> {
  const { projectId } = await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  const renewed = await ctx.db.$transaction(async (tx) => {
    const state = await lockClaimState(tx, ctx.cardId);
    if (state.archived) throw new ConflictError("The card is archived; unarchive it first.");
    const renewal = state.live && state.claimed_by === ctx.actor.id;
    if (state.live && !renewal) throw new ConflictError("The card is claimed by someone else.");
    if (!renewal && !state.gate_ok) {
      throw new ConflictError("The card's entry gate is not satisfied; see GET /cards/{id}/gate.");
    }
    await tx.$executeRaw`
      UPDATE cards SET claimed_by = ${ctx.actor.id}::uuid,
        claimed_at = ${renewal ? Prisma.sql`claimed_at` : SQL_NOW},
        claim_expires_at = ${SQL_NOW} + ${ctx.leaseSeconds}::int * interval '1 second',
        updated_at = ${SQL_NOW}
      WHERE id = ${ctx.cardId}::uuid`;
    return renewal;
  }, TX_OPTIONS);
  const card = await readCard(ctx);
  publish(ctx, projectId, "card.claimed", { card, renewed });
  return card;
}

/** `DELETE /cards/{id}/claim`: the holder or an admin/owner releases it; no live claim: nothing to do. */
export async function unclaimCard(ctx: ServiceContext & { cardId: string }): Promise<Card> {
  const { row, role } = await loadAuthorized(
    ctx,
    ctx.db.card.findUnique({ where: { id: ctx.cardId }, select: { projectId: true } }),
    (card) => card.projectId,
    NEEDS.work,
    CARD_NOT_FOUND,
  );
  const released = await ctx.db.$transaction(async (tx) => {
    const state = await lockClaimState(tx, ctx.cardId);
    if (!mayOverrideClaim(state, ctx.actor.id, role)) {
      throw new ForbiddenError("Only the holder of the claim or an admin can release it.");
    }
    await releaseClaim(tx, ctx.cardId);
    return state.claimed_by !== null;
  }, TX_OPTIONS);
  const card = await readCard(ctx);
  if (released) publish(ctx, row.projectId, "card.unclaimed", { card });
  return card;
}

/**
 * `POST /projects/{id}/claim-next`: one statement, so one transaction: the first eligible card in
 * claim order is locked with FOR UPDATE SKIP LOCKED (a card another caller is taking right now is
 * skipped, never waited for or taken twice) and claimed. A row whose lock is released after another
 * caller claimed it fails the re-checked WHERE and is passed over too. Null when nothing is eligible.
 */
export async function claimNextCard(
  ctx: ServiceContext & { projectId: string; leaseSeconds: number },
): Promise<Card | null> {
  await requireRole(ctx, ctx.projectId, NEEDS.work, PROJECT_NOT_FOUND);
  const rows = await ctx.db.$queryRaw<Array<{ id: string }>>`
    WITH next AS (
      SELECT c.id FROM cards c
      JOIN columns col ON col.id = c.column_id
      LEFT JOIN priorities p ON p.id = c.priority_id
      WHERE c.project_id = ${ctx.projectId}::uuid AND c.owner_type = 'agent' AND c.archived_at IS NULL
        AND (c.claimed_by IS NULL OR c.claim_expires_at < ${SQL_NOW})
        AND ${GATE_SATISFIED}
      ORDER BY p.position ASC NULLS LAST, col.position, c.position, c.id
      LIMIT 1
      FOR UPDATE OF c SKIP LOCKED
    )
    UPDATE cards SET claimed_by = ${ctx.actor.id}::uuid, claimed_at = ${SQL_NOW},
      claim_expires_at = ${SQL_NOW} + ${ctx.leaseSeconds}::int * interval '1 second', updated_at = ${SQL_NOW}
    FROM next WHERE cards.id = next.id
    RETURNING cards.id::text AS id`;
  const claimed = rows[0];
  if (!claimed) return null;
  const card = await readCard({ ...ctx, cardId: claimed.id });
  publish(ctx, ctx.projectId, "card.claimed", { card, renewed: false });
  return card;
}
