import type {
  ChecklistItem,
  CreateChecklistItemBody,
  ListQuery,
  UpdateChecklistItemBody,
  z,
} from "@org/contracts";
import { recordActivity } from "./activity.ts";
import { authorizeCard, refuseInTrash } from "./card-access.ts";
import { TX_OPTIONS, type ServiceContext, type Tx } from "./context.ts";
import { insertAt, lockRows, writePositions } from "./ordering.ts";
import { iso, pageArgs, toPage } from "./pagination.ts";
import { loadAuthorized, NEEDS } from "./permissions.ts";
import { notFoundMessage } from "./not-found.ts";

interface ItemRow {
  id: string;
  cardId: string;
  text: string;
  done: boolean;
  position: number;
  createdAt: Date;
  updatedAt: Date;
}

function toItemWire(row: ItemRow): ChecklistItem {
  return {
    id: row.id,
    card_id: row.cardId,
    text: row.text,
    done: row.done,
    position: row.position,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

const ITEM_NOT_FOUND = notFoundMessage("item_id");
const ORDER = [{ position: "asc" as const }, { id: "asc" as const }];

async function itemIds(tx: Tx, cardId: string): Promise<string[]> {
  const rows = await tx.checklistItem.findMany({ where: { cardId }, orderBy: ORDER, select: { id: true } });
  return rows.map((row) => row.id);
}

async function authorizeItem(ctx: ServiceContext, itemId: string) {
  const authorized = await loadAuthorized(
    ctx,
    ctx.db.checklistItem.findUnique({
      where: { id: itemId },
      include: { card: { select: { projectId: true, deletedAt: true } } },
    }),
    (item) => item.card.projectId,
    NEEDS.work,
    ITEM_NOT_FOUND,
  );
  refuseInTrash(authorized.row.card.deletedAt);
  return authorized;
}

export async function listChecklist(ctx: ServiceContext & { cardId: string; query: ListQuery }) {
  await authorizeCard(ctx, ctx.cardId, NEEDS.read);
  const rows = await ctx.db.checklistItem.findMany({
    where: { cardId: ctx.cardId },
    orderBy: ORDER,
    ...pageArgs(ctx.query),
  });
  return toPage(ctx.query, rows, toItemWire);
}

/** Appends an item at the end of the card's checklist. */
export async function createChecklistItem(
  ctx: ServiceContext & { cardId: string; input: z.output<typeof CreateChecklistItemBody> },
) {
  await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  const item = await ctx.db.$transaction(async (tx) => {
    await lockRows(tx, "cards", [ctx.cardId]);
    const count = await tx.checklistItem.count({ where: { cardId: ctx.cardId } });
    const created = await tx.checklistItem.create({
      data: { cardId: ctx.cardId, text: ctx.input.text, done: ctx.input.done ?? false, position: count },
    });
    return toItemWire(created);
  }, TX_OPTIONS);
  await recordActivity(ctx, ctx.cardId, "checklist_item_added", { item_id: item.id, text: item.text });
  return item;
}

export async function updateChecklistItem(
  ctx: ServiceContext & { itemId: string; input: z.output<typeof UpdateChecklistItemBody> },
) {
  const { row } = await authorizeItem(ctx, ctx.itemId);
  const { text, done, position } = ctx.input;
  const item = await ctx.db.$transaction(async (tx) => {
    await lockRows(tx, "cards", [row.cardId]);
    if (position !== undefined) {
      await writePositions(
        tx,
        "checklist_items",
        insertAt(await itemIds(tx, row.cardId), ctx.itemId, position),
      );
    }
    const updated = await tx.checklistItem.update({
      where: { id: ctx.itemId },
      data: { ...(text !== undefined ? { text } : {}), ...(done !== undefined ? { done } : {}) },
    });
    return toItemWire(updated);
  }, TX_OPTIONS);
  if (done !== undefined && done !== row.done) {
    const kind = done ? "checklist_item_checked" : "checklist_item_unchecked";
    await recordActivity(ctx, row.cardId, kind, { item_id: item.id, text: item.text });
  }
  return item;
}

export async function deleteChecklistItem(ctx: ServiceContext & { itemId: string }) {
  const { row } = await authorizeItem(ctx, ctx.itemId);
  await ctx.db.$transaction(async (tx) => {
    await lockRows(tx, "cards", [row.cardId]);
    await tx.checklistItem.delete({ where: { id: ctx.itemId } });
    await writePositions(tx, "checklist_items", await itemIds(tx, row.cardId));
  }, TX_OPTIONS);
}
