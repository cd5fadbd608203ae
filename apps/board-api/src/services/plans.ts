// Plans, decomposition and handoff: how an agent says what it will do, splits work, and passes
// a card on.
import type { Card, DecomposeBody, HandoffBody, Plan, PublishPlanBody, z } from "@org/contracts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "@org/service-kit";
import { loadCardsByIds, toPlanWire } from "./card-loader.ts";
import { activeCardIds, authorizeCard, CARD_ARCHIVED, CARD_NOT_FOUND, readCard } from "./card-access.ts";
import { NOT_A_MEMBER, NOT_A_PRIORITY } from "./cards.ts";
import { claimHolder, lockClaimState, mayOverrideClaim, releaseClaim } from "./claims.ts";
import { toCommentWire } from "./comments.ts";
import type { ServiceContext, Tx } from "./context.ts";
import { recordActivity } from "./activity.ts";
import { withEvents, type Outbox } from "./events.ts";
import { lockRows, writePositions } from "./ordering.ts";
import { loadAuthorized, NEEDS } from "./permissions.ts";
import { notifyWatchers, oneLine, writeNotification } from "./notifications.ts";

/**
 * Stores the next plan version. The card row is locked, so concurrent publishes get 1, 2, …
 * and, with `as_checklist`, append their steps to the checklist without interleaving.
 */
export async function publishPlan(
  ctx: ServiceContext & { cardId: string; input: z.output<typeof PublishPlanBody> },
): Promise<Plan> {
  const { projectId } = await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  const { summary, steps, as_checklist } = ctx.input;
  const plan = await withEvents(ctx, async (tx, outbox) => {
    await lockRows(tx, "cards", [ctx.cardId]);
    const last = await tx.plan.findFirst({
      where: { cardId: ctx.cardId },
      orderBy: { version: "desc" },
      select: { version: true },
    });
    const created = await tx.plan.create({
      data: { cardId: ctx.cardId, version: (last?.version ?? 0) + 1, summary, steps, authorId: ctx.actor.id },
    });
    if (as_checklist && steps.length > 0) {
      const count = await tx.checklistItem.count({ where: { cardId: ctx.cardId } });
      await tx.checklistItem.createMany({
        data: steps.map((text, index) => ({ cardId: ctx.cardId, text, position: count + index })),
      });
    }
    const published = toPlanWire(created);
    outbox.publish(projectId, "plan.published", { plan: published });
    return published;
  });
  await recordActivity(ctx, ctx.cardId, "plan_published", { version: plan.version });
  return plan;
}

/** Signals that the card changed column between the first read and the lock: start again. */
class MovedMeanwhile extends Error {}

/**
 * Creates the children in one transaction. Locks in the order card creation uses (the project's
 * counter row, then the column), takes `n` numbers at once, and rewrites the column's positions
 * with the children right after the parent.
 */
export async function decomposeCard(
  ctx: ServiceContext & { cardId: string; input: z.output<typeof DecomposeBody> },
): Promise<{ parent: Card; children: Card[] }> {
  const { projectId } = await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  const specs = ctx.input.cards;
  const priorityIds = [...new Set(specs.flatMap((spec) => (spec.priority_id ? [spec.priority_id] : [])))];
  if (priorityIds.length > 0) {
    const found = await ctx.db.priority.findMany({
      where: { id: { in: priorityIds }, projectId },
      select: { id: true },
    });
    const known = new Set(found.map((row) => row.id));
    const details = specs.flatMap((spec, index) =>
      spec.priority_id && !known.has(spec.priority_id)
        ? [{ path: `cards.${index}.priority_id`, message: NOT_A_PRIORITY }]
        : [],
    );
    if (details.length > 0) throw new ValidationError("Request is invalid.", details);
  }
  const labelIds = [...new Set(specs.flatMap((spec) => spec.label_ids ?? []))];
  if (labelIds.length > 0) {
    const found = await ctx.db.label.findMany({
      where: { id: { in: labelIds }, projectId },
      select: { id: true },
    });
    const known = new Set(found.map((row) => row.id));
    const details = specs.flatMap((spec, index) =>
      (spec.label_ids ?? []).flatMap((id, at) =>
        known.has(id)
          ? []
          : [
              {
                path: `cards.${index}.label_ids.${at}`,
                message: "Not a label of the project (list_labels has them).",
              },
            ],
      ),
    );
    if (details.length > 0) throw new ValidationError("Request is invalid.", details);
  }

  const { parent, children } = await withParentColumnLocked(
    ctx,
    projectId,
    specs.length,
    async (tx, parent, first, outbox) => {
      const created = await tx.card.createManyAndReturn({
        data: specs.map((spec, index) => ({
          projectId,
          columnId: parent.columnId,
          number: first + index,
          title: spec.title,
          body: spec.body ?? "",
          ownerType: spec.owner_type ?? parent.ownerType,
          priorityId: spec.priority_id === undefined ? parent.priorityId : spec.priority_id,
          parentId: ctx.cardId,
          createdById: ctx.actor.id,
          position: 1_000_000 + index,
        })),
        select: { id: true, number: true },
      });
      const ids = created.sort((a, b) => a.number - b.number).map((row) => row.id);
      // Labels: each child's own, or the parent's; checklist items as given.
      const parentLabels = specs.some((spec) => spec.label_ids === undefined)
        ? (await tx.cardLabel.findMany({ where: { cardId: ctx.cardId }, select: { labelId: true } })).map(
            (row) => row.labelId,
          )
        : [];
      const labelRows = specs.flatMap((spec, index) =>
        [...new Set(spec.label_ids ?? parentLabels)].map((labelId) => ({
          cardId: ids[index] as string,
          labelId,
        })),
      );
      if (labelRows.length > 0) await tx.cardLabel.createMany({ data: labelRows });
      const items = specs.flatMap((spec, index) =>
        (spec.checklist ?? []).map((text, position) => ({ cardId: ids[index] as string, text, position })),
      );
      if (items.length > 0) await tx.checklistItem.createMany({ data: items });
      const column = await activeCardIds(tx, parent.columnId);
      const rest = column.filter((id) => !ids.includes(id));
      const at = rest.indexOf(ctx.cardId) + 1;
      await writePositions(tx, "cards", [...rest.slice(0, at), ...ids, ...rest.slice(at)]);
      const parentCard = await readCard({ db: tx, actor: ctx.actor, cardId: ctx.cardId });
      const childCards = await loadCardsByIds(tx, ids);
      outbox.publish(projectId, "card.decomposed", { parent: parentCard, children: childCards });
      return { parent: parentCard, children: childCards };
    },
  );
  await recordActivity(ctx, ctx.cardId, "decomposed", { children: children.map((child) => child.id) });
  return { parent, children };
}

interface ParentRow {
  columnId: string;
  archivedAt: Date | null;
  deletedAt: Date | null;
  ownerType: "human" | "agent";
  priorityId: string | null;
}

async function withParentColumnLocked<T>(
  ctx: ServiceContext & { cardId: string },
  projectId: string,
  count: number,
  work: (tx: Tx, parent: ParentRow, firstNumber: number, outbox: Outbox) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const seen = await ctx.db.card.findUnique({ where: { id: ctx.cardId }, select: { columnId: true } });
    if (!seen) throw new NotFoundError(CARD_NOT_FOUND);
    try {
      return await withEvents(ctx, async (tx, outbox) => {
        const [counter] = await tx.$queryRaw<Array<{ first: number }>>`
          UPDATE projects SET next_card_number = next_card_number + ${count}::int
          WHERE id = ${projectId}::uuid RETURNING next_card_number - ${count}::int AS first`;
        if (!counter) throw new NotFoundError(CARD_NOT_FOUND);
        await lockRows(tx, "columns", [seen.columnId]);
        const parent = await tx.card.findUnique({
          where: { id: ctx.cardId },
          select: { columnId: true, archivedAt: true, deletedAt: true, ownerType: true, priorityId: true },
        });
        if (!parent || parent.deletedAt) throw new NotFoundError(CARD_NOT_FOUND);
        if (parent.columnId !== seen.columnId) throw new MovedMeanwhile();
        if (parent.archivedAt) throw new ConflictError(CARD_ARCHIVED);
        return work(tx, parent, counter.first, outbox);
      });
    } catch (error) {
      if (!(error instanceof MovedMeanwhile) || attempt >= 10) throw error;
    }
  }
}

/**
 * Releases the claim, reassigns, and keeps the note as a `handoff` comment, in one transaction.
 * A live claim of someone else can only be handed off by its holder or an admin.
 */
export async function handoffCard(
  ctx: ServiceContext & { cardId: string; input: z.output<typeof HandoffBody> },
): Promise<Card> {
  const { row, role } = await loadAuthorized(
    ctx,
    ctx.db.card.findUnique({ where: { id: ctx.cardId, deletedAt: null }, select: { projectId: true } }),
    (card) => card.projectId,
    NEEDS.work,
    CARD_NOT_FOUND,
  );
  const { note, to_user_id, owner_type, work_phase } = ctx.input;
  if (to_user_id) {
    const member = await ctx.db.projectMember.findUnique({
      where: { projectId_userId: { projectId: row.projectId, userId: to_user_id } },
      select: { id: true },
    });
    if (!member) {
      throw new ValidationError("Request is invalid.", [{ path: "to_user_id", message: NOT_A_MEMBER }]);
    }
  }
  const { comment, card } = await withEvents(ctx, async (tx, outbox) => {
    const state = await lockClaimState(tx, ctx.cardId);
    if (!mayOverrideClaim(state, ctx.actor.id, role)) {
      throw new ForbiddenError(`The card is ${claimHolder(state)}; only they or an admin can hand it off.`);
    }
    await releaseClaim(tx, ctx.cardId);
    await tx.card.update({
      where: { id: ctx.cardId },
      data: {
        ...(to_user_id ? { assigneeId: to_user_id } : {}),
        ...(owner_type ? { ownerType: owner_type } : {}),
        ...(work_phase !== undefined ? { workPhase: work_phase || null } : {}),
      },
    });
    const handoff = await tx.comment.create({
      data: { cardId: ctx.cardId, authorId: ctx.actor.id, body: note, kind: "handoff" },
    });
    const handedOff = await readCard({ db: tx, actor: ctx.actor, cardId: ctx.cardId });
    outbox.publish(row.projectId, "card.handed_off", { card: handedOff, note: toCommentWire(handoff) });
    // The new assignee hears of it, whichever client made the handoff (mentions stay web-only);
    // so do the card's watchers.
    const notified = { projectId: row.projectId, cardId: ctx.cardId, commentId: handoff.id };
    const told = to_user_id && to_user_id !== ctx.actor.id ? [to_user_id] : [];
    for (const userId of told) {
      await writeNotification(tx, outbox, ctx.actor, {
        ...notified,
        userId,
        kind: "handoff",
        excerpt: oneLine(handoff.body),
      });
    }
    await notifyWatchers(tx, outbox, ctx.actor, {
      ...notified,
      excerpt: oneLine(`Handed off: ${handoff.body}`),
      except: told,
    });
    return { comment: handoff, card: handedOff };
  });
  await recordActivity(ctx, ctx.cardId, "handed_off", {
    to_user_id: ctx.input.to_user_id ?? null,
    note: comment.body,
  });
  return card;
}
