import type { CreateLabelBody, Label, ListQuery, UpdateLabelBody, z } from "@org/contracts";
import { NotFoundError, ValidationError } from "@org/service-kit";
import { recordActivity } from "./activity.ts";
import { authorizeCard, readCard } from "./card-access.ts";
import type { ServiceContext } from "./context.ts";
import { withEvents } from "./events.ts";
import { lockRows } from "./ordering.ts";
import { withUniqueName } from "./unique-names.ts";
import { iso, pageArgs, toPage } from "./pagination.ts";
import { loadAuthorized, NEEDS, requireRole } from "./permissions.ts";
import { PROJECT_NOT_FOUND } from "./projects.ts";
import { notFoundMessage } from "./not-found.ts";

interface LabelRow {
  id: string;
  projectId: string;
  name: string;
  color: string;
  createdAt: Date;
  updatedAt: Date;
}

function toLabelWire(row: LabelRow): Label {
  return {
    id: row.id,
    project_id: row.projectId,
    name: row.name,
    color: row.color,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

const LABEL_NOT_FOUND = notFoundMessage("label_id");
const ORDER = [{ name: "asc" as const }, { id: "asc" as const }];

function authorizeLabel(ctx: ServiceContext, labelId: string) {
  return loadAuthorized(
    ctx,
    ctx.db.label.findUnique({ where: { id: labelId }, select: { projectId: true } }),
    (label) => label.projectId,
    NEEDS.manage,
    LABEL_NOT_FOUND,
  );
}

export async function listLabels(ctx: ServiceContext & { projectId: string; query: ListQuery }) {
  await requireRole(ctx, ctx.projectId, NEEDS.read, PROJECT_NOT_FOUND);
  const rows = await ctx.db.label.findMany({
    where: { projectId: ctx.projectId },
    orderBy: ORDER,
    ...pageArgs(ctx.query),
  });
  return toPage(ctx.query, rows, toLabelWire);
}

// Label changes are project events (label.*), written with the change in one transaction
// (withEvents). The project row is locked first, as for columns: two writes of one name then run
// one after the other, so the second is the conflict naming the first's id (a unique-index error
// inside the transaction could not be looked up any more).

export async function createLabel(
  ctx: ServiceContext & { projectId: string; input: z.output<typeof CreateLabelBody> },
) {
  await requireRole(ctx, ctx.projectId, NEEDS.manage, PROJECT_NOT_FOUND);
  return withEvents(ctx, async (tx, outbox) => {
    await lockRows(tx, "projects", [ctx.projectId]);
    const created = await withUniqueName(
      tx,
      "label",
      { projectId: ctx.projectId, name: ctx.input.name },
      () => tx.label.create({ data: { projectId: ctx.projectId, ...ctx.input } }),
    );
    const label = toLabelWire(created);
    outbox.publish(ctx.projectId, "label.created", { label });
    return label;
  });
}

/** Renames or recolours a label; open boards show it changed on every card that carries it. */
export async function updateLabel(
  ctx: ServiceContext & { labelId: string; input: z.output<typeof UpdateLabelBody> },
) {
  const { row } = await authorizeLabel(ctx, ctx.labelId);
  return withEvents(ctx, async (tx, outbox) => {
    await lockRows(tx, "projects", [row.projectId]);
    const updated = await withUniqueName(
      tx,
      "label",
      { projectId: row.projectId, name: ctx.input.name, exceptId: ctx.labelId },
      () => tx.label.update({ where: { id: ctx.labelId }, data: ctx.input }),
    );
    const label = toLabelWire(updated);
    outbox.publish(row.projectId, "label.updated", { label });
    return label;
  });
}

/** Deletes a label, and so takes it off every card (one event: the cards are not announced one by one). */
export async function deleteLabel(ctx: ServiceContext & { labelId: string }) {
  const { row } = await authorizeLabel(ctx, ctx.labelId);
  await withEvents(ctx, async (tx, outbox) => {
    const { count } = await tx.label.deleteMany({ where: { id: ctx.labelId } });
    if (count === 0) throw new NotFoundError(LABEL_NOT_FOUND);
    outbox.publish(row.projectId, "label.deleted", { label_id: ctx.labelId });
  });
}

export async function listCardLabels(ctx: ServiceContext & { cardId: string; query: ListQuery }) {
  await authorizeCard(ctx, ctx.cardId, NEEDS.read);
  const rows = await ctx.db.label.findMany({
    where: { cards: { some: { cardId: ctx.cardId } } },
    orderBy: ORDER,
    ...pageArgs(ctx.query),
  });
  return toPage(ctx.query, rows, toLabelWire);
}

/**
 * Attaches a label of the card's project; attaching it again changes nothing (no event, no
 * activity). The card as it is now goes out as card.updated, in the change's transaction.
 */
export async function attachLabel(ctx: ServiceContext & { cardId: string; labelId: string }) {
  const card = await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  const label = await ctx.db.label.findUnique({ where: { id: ctx.labelId } });
  if (label?.projectId !== card.projectId) {
    throw new ValidationError("Request is invalid.", [
      { path: "label_id", message: "Not a label of the card's project (list_labels has them)." },
    ]);
  }
  const added = await withEvents(ctx, async (tx, outbox) => {
    const { count } = await tx.cardLabel.createMany({
      data: [{ cardId: ctx.cardId, labelId: ctx.labelId }],
      skipDuplicates: true,
    });
    if (count === 0) return false;
    const read = await readCard({ db: tx, actor: ctx.actor, cardId: ctx.cardId });
    outbox.publish(card.projectId, "card.updated", { card: read });
    return true;
  });
  if (added) await recordActivity(ctx, ctx.cardId, "label_added", { label_id: label.id, name: label.name });
  return toLabelWire(label);
}

/** Takes the label off the card; the card as it is now goes out as card.updated. */
export async function detachLabel(ctx: ServiceContext & { cardId: string; labelId: string }) {
  const card = await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  const label = await ctx.db.label.findUnique({ where: { id: ctx.labelId }, select: { name: true } });
  await withEvents(ctx, async (tx, outbox) => {
    const { count } = await tx.cardLabel.deleteMany({
      where: { cardId: ctx.cardId, labelId: ctx.labelId },
    });
    if (count === 0) throw new NotFoundError("The label is not on this card (list_card_labels has them).");
    const read = await readCard({ db: tx, actor: ctx.actor, cardId: ctx.cardId });
    outbox.publish(card.projectId, "card.updated", { card: read });
  });
  await recordActivity(ctx, ctx.cardId, "label_removed", {
    label_id: ctx.labelId,
    name: label?.name ?? null,
  });
}
