import type { CreateLabelBody, Label, ListQuery, UpdateLabelBody, z } from "@org/contracts";
import { NotFoundError, ValidationError } from "@org/service-kit";
import { recordActivity } from "./activity.ts";
import { authorizeCard } from "./card-access.ts";
import type { ServiceContext, Tx } from "./context.ts";
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

export async function createLabel(
  ctx: ServiceContext & { projectId: string; input: z.output<typeof CreateLabelBody> },
) {
  await requireRole(ctx, ctx.projectId, NEEDS.manage, PROJECT_NOT_FOUND);
  const label = await withUniqueName(
    ctx.db as unknown as Tx,
    "label",
    { projectId: ctx.projectId, name: ctx.input.name },
    () => ctx.db.label.create({ data: { projectId: ctx.projectId, ...ctx.input } }),
  );
  return toLabelWire(label);
}

export async function updateLabel(
  ctx: ServiceContext & { labelId: string; input: z.output<typeof UpdateLabelBody> },
) {
  const { row } = await authorizeLabel(ctx, ctx.labelId);
  const label = await withUniqueName(
    ctx.db as unknown as Tx,
    "label",
    { projectId: row.projectId, name: ctx.input.name, exceptId: ctx.labelId },
    () => ctx.db.label.update({ where: { id: ctx.labelId }, data: ctx.input }),
  );
  return toLabelWire(label);
}

export async function deleteLabel(ctx: ServiceContext & { labelId: string }) {
  await authorizeLabel(ctx, ctx.labelId);
  await ctx.db.label.delete({ where: { id: ctx.labelId } });
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

/** Attaches a label of the card's project; attaching it again changes nothing. */
export async function attachLabel(ctx: ServiceContext & { cardId: string; labelId: string }) {
  const card = await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  const label = await ctx.db.label.findUnique({ where: { id: ctx.labelId } });
  if (label?.projectId !== card.projectId) {
    throw new ValidationError("Request is invalid.", [
      { path: "label_id", message: "Not a label of the card's project (list_labels has them)." },
    ]);
  }
  await ctx.db.cardLabel.upsert({
    where: { cardId_labelId: { cardId: ctx.cardId, labelId: ctx.labelId } },
    create: { cardId: ctx.cardId, labelId: ctx.labelId },
    update: {},
  });
  await recordActivity(ctx, ctx.cardId, "label_added", { label_id: label.id, name: label.name });
  return toLabelWire(label);
}

export async function detachLabel(ctx: ServiceContext & { cardId: string; labelId: string }) {
  await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  const label = await ctx.db.label.findUnique({ where: { id: ctx.labelId }, select: { name: true } });
  const { count } = await ctx.db.cardLabel.deleteMany({
    where: { cardId: ctx.cardId, labelId: ctx.labelId },
  });
  if (count === 0) throw new NotFoundError("The label is not on this card.");
  await recordActivity(ctx, ctx.cardId, "label_removed", {
    label_id: ctx.labelId,
    name: label?.name ?? null,
  });
}
