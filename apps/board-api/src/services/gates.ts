// Entry gates: criteria a card must have acknowledged before it can be claimed. A criterion
// without a column applies to every card of the project, one with a column to the cards that are
// in that column (so moving a card changes which column criteria apply).
import type {
  CreateGateCriterionBody,
  Gate,
  GateCriterion,
  ListQuery,
  UpdateGateCriterionBody,
  z,
} from "@org/contracts";
import { recordActivity } from "./activity.ts";
import { NotFoundError, ValidationError } from "@org/service-kit";
import { authorizeCard } from "./card-access.ts";
import type { ServiceContext } from "./context.ts";
import { withEvents } from "./events.ts";
import { iso, isoOrNull, pageArgs, toPage } from "./pagination.ts";
import { loadAuthorized, NEEDS, requireRole } from "./permissions.ts";
import { PROJECT_NOT_FOUND } from "./projects.ts";
import { notFoundMessage } from "./not-found.ts";

const CRITERION_NOT_FOUND = notFoundMessage("criterion_id");

interface CriterionRow {
  id: string;
  projectId: string;
  columnId: string | null;
  text: string;
  createdAt: Date;
  updatedAt: Date;
}

function toCriterionWire(row: CriterionRow): GateCriterion {
  return {
    id: row.id,
    project_id: row.projectId,
    column_id: row.columnId,
    text: row.text,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** `column_id` must name a column of the project. */
async function checkColumn(ctx: ServiceContext, projectId: string, columnId: string | null | undefined) {
  if (!columnId) return;
  const column = await ctx.db.column.findUnique({ where: { id: columnId }, select: { projectId: true } });
  if (column?.projectId !== projectId) {
    throw new ValidationError("Request is invalid.", [
      { path: "column_id", message: "Not a column of the project (list_columns has them)." },
    ]);
  }
}

export async function listGateCriteria(ctx: ServiceContext & { projectId: string; query: ListQuery }) {
  await requireRole(ctx, ctx.projectId, NEEDS.read, PROJECT_NOT_FOUND);
  const rows = await ctx.db.gateCriterion.findMany({
    where: { projectId: ctx.projectId },
    orderBy: { id: "asc" },
    ...pageArgs(ctx.query),
  });
  return toPage(ctx.query, rows, toCriterionWire);
}

export async function createGateCriterion(
  ctx: ServiceContext & { projectId: string; input: z.output<typeof CreateGateCriterionBody> },
) {
  await requireRole(ctx, ctx.projectId, NEEDS.manage, PROJECT_NOT_FOUND);
  await checkColumn(ctx, ctx.projectId, ctx.input.column_id);
  return withEvents(ctx, async (tx, outbox) => {
    const criterion = toCriterionWire(
      await tx.gateCriterion.create({
        data: { projectId: ctx.projectId, columnId: ctx.input.column_id ?? null, text: ctx.input.text },
      }),
    );
    outbox.publish(ctx.projectId, "gate.criterion_created", { criterion });
    return criterion;
  });
}

function authorizeCriterion(ctx: ServiceContext, criterionId: string) {
  return loadAuthorized(
    ctx,
    ctx.db.gateCriterion.findUnique({ where: { id: criterionId }, select: { projectId: true } }),
    (row) => row.projectId,
    NEEDS.manage,
    CRITERION_NOT_FOUND,
  );
}

export async function updateGateCriterion(
  ctx: ServiceContext & { criterionId: string; input: z.output<typeof UpdateGateCriterionBody> },
) {
  const { row } = await authorizeCriterion(ctx, ctx.criterionId);
  await checkColumn(ctx, row.projectId, ctx.input.column_id);
  return withEvents(ctx, async (tx, outbox) => {
    const criterion = toCriterionWire(
      await tx.gateCriterion.update({
        where: { id: ctx.criterionId },
        data: {
          ...(ctx.input.text !== undefined ? { text: ctx.input.text } : {}),
          ...(ctx.input.column_id !== undefined ? { columnId: ctx.input.column_id } : {}),
        },
      }),
    );
    outbox.publish(row.projectId, "gate.criterion_updated", { criterion });
    return criterion;
  });
}

export async function deleteGateCriterion(ctx: ServiceContext & { criterionId: string }) {
  const { row } = await authorizeCriterion(ctx, ctx.criterionId);
  await withEvents(ctx, async (tx, outbox) => {
    await tx.gateCriterion.delete({ where: { id: ctx.criterionId } });
    outbox.publish(row.projectId, "gate.criterion_deleted", { criterion_id: ctx.criterionId });
  });
}

/** The criteria that apply to the card where it is now, oldest first, with this card's acks. */
export async function getCardGate(ctx: ServiceContext & { cardId: string }): Promise<Gate> {
  const card = await authorizeCard(ctx, ctx.cardId, NEEDS.read);
  const criteria = await ctx.db.gateCriterion.findMany({
    where: { projectId: card.projectId, OR: [{ columnId: null }, { columnId: card.columnId }] },
    orderBy: { id: "asc" },
    include: { acks: { where: { cardId: ctx.cardId } } },
  });
  const entries = criteria.map((criterion) => {
    const ack = criterion.acks[0];
    return {
      id: criterion.id,
      text: criterion.text,
      column_id: criterion.columnId,
      acked: ack !== undefined,
      acked_by: ack?.ackedById ?? null,
      acked_at: isoOrNull(ack?.ackedAt),
      note: ack?.note ?? null,
    };
  });
  return { card_id: ctx.cardId, satisfied: entries.every((entry) => entry.acked), criteria: entries };
}

/** Acks a criterion that applies to the card (again: the note and time are replaced). */
export async function ackGateCriterion(
  ctx: ServiceContext & { cardId: string; criterionId: string; note?: string | undefined },
) {
  const card = await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  const criterion = await ctx.db.gateCriterion.findUnique({
    where: { id: ctx.criterionId },
    select: { projectId: true, columnId: true },
  });
  if (
    criterion?.projectId !== card.projectId ||
    (criterion.columnId !== null && criterion.columnId !== card.columnId)
  ) {
    throw new ValidationError("Request is invalid.", [
      {
        path: "criterion_id",
        message: "Not a criterion of this card's entry gate (get_card_gate has them).",
      },
    ]);
  }
  const data = { ackedById: ctx.actor.id, note: ctx.note ?? null, ackedAt: new Date() };
  const ack = await withEvents(ctx, async (tx, outbox) => {
    const row = await tx.gateAck.upsert({
      where: { cardId_criterionId: { cardId: ctx.cardId, criterionId: ctx.criterionId } },
      create: { cardId: ctx.cardId, criterionId: ctx.criterionId, ...data },
      update: data,
    });
    const acked = {
      card_id: row.cardId,
      criterion_id: row.criterionId,
      acked_by: row.ackedById,
      acked_at: iso(row.ackedAt),
      note: row.note,
    };
    outbox.publish(card.projectId, "gate.acked", { ack: acked });
    return acked;
  });
  await recordActivity(ctx, ctx.cardId, "gate_acked", { criterion_id: ctx.criterionId });
  return ack;
}

export async function removeGateAck(ctx: ServiceContext & { cardId: string; criterionId: string }) {
  const card = await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  await withEvents(ctx, async (tx, outbox) => {
    const { count } = await tx.gateAck.deleteMany({
      where: { cardId: ctx.cardId, criterionId: ctx.criterionId },
    });
    if (count === 0) throw new NotFoundError("This card has no ack of that criterion.");
    outbox.publish(card.projectId, "gate.ack_removed", {
      card_id: ctx.cardId,
      criterion_id: ctx.criterionId,
    });
  });
}
