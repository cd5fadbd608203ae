import type { Card, CardWithPlan, CreateCardBody, UpdateCardBody } from "@org/contracts";
import type { Prisma } from "@org/db";
import { NotFoundError, ValidationError } from "@org/service-kit";
import {
  activeCardIds,
  authorizeCard,
  CARD_IN_TRASH,
  CARD_NOT_FOUND,
  readCard,
  withCardColumnsLocked,
} from "./card-access.ts";
import { changedFields, recordActivity } from "./activity.ts";
import { loadCardWithPlanForActor } from "./card-loader.ts";
import { COLUMN_NOT_FOUND } from "./columns.ts";
import type { ServiceContext, Tx } from "./context.ts";
import { withEvents, type Outbox } from "./events.ts";
import { notifyMentions } from "./mentions.ts";
import { notifyWatchers, oneLine, writeNotification } from "./notifications.ts";
import { insertAt, lockRows, writePositions } from "./ordering.ts";
import { authorize, loadAuthorized, NEEDS } from "./permissions.ts";

/** Reference checks of card fields: what is wrong, and which operation lists the right ids. */
export const NOT_A_MEMBER = "Not a member of the project (list_members has them).";
export const NOT_A_PRIORITY = "Not a priority of the project (list_priorities has them).";

/** `GET /cards/{card_id}`: the card with its latest plan. */
export async function getCard(ctx: ServiceContext & { cardId: string }): Promise<CardWithPlan> {
  const found = await loadCardWithPlanForActor(ctx.db, ctx.cardId, ctx.actor);
  authorize(found?.role, NEEDS.read, CARD_NOT_FOUND);
  if (found?.inTrash) throw new NotFoundError(CARD_IN_TRASH);
  return (found as { card: CardWithPlan }).card;
}

type CardFields = Omit<UpdateCardBody, "title"> & { title?: string | undefined };

/** assignee_id and shepherds must be members, priority_id a priority of the project. */
export async function checkReferences(tx: Tx, projectId: string, input: CardFields): Promise<void> {
  const details: Array<{ path: string; message: string }> = [];
  const people = [
    ...new Set([...(input.assignee_id ? [input.assignee_id] : []), ...(input.shepherds ?? [])]),
  ];
  if (people.length > 0) {
    const members = await tx.projectMember.findMany({
      where: { projectId, userId: { in: people } },
      select: { userId: true },
    });
    const memberIds = new Set(members.map((member) => member.userId));
    if (input.assignee_id && !memberIds.has(input.assignee_id)) {
      details.push({ path: "assignee_id", message: NOT_A_MEMBER });
    }
    input.shepherds?.forEach((id, index) => {
      if (!memberIds.has(id)) details.push({ path: `shepherds.${index}`, message: NOT_A_MEMBER });
    });
  }
  if (input.priority_id) {
    const priority = await tx.priority.findUnique({
      where: { id: input.priority_id },
      select: { projectId: true },
    });
    if (priority?.projectId !== projectId) {
      details.push({ path: "priority_id", message: NOT_A_PRIORITY });
    }
  }
  if (details.length > 0) throw new ValidationError("Request is invalid.", details);
}

/** Every id of `labelIds` must be a label of the project. */
async function checkLabels(tx: Tx, projectId: string, labelIds: string[]): Promise<void> {
  if (labelIds.length === 0) return;
  const labels = await tx.label.findMany({
    where: { projectId, id: { in: labelIds } },
    select: { id: true },
  });
  const known = new Set(labels.map((label) => label.id));
  const details = labelIds.flatMap((id, index) =>
    known.has(id)
      ? []
      : [{ path: `label_ids.${index}`, message: "Not a label of the project (list_labels has them)." }],
  );
  if (details.length > 0) throw new ValidationError("Request is invalid.", details);
}

/** The Prisma data for the card fields present in `input` (null clears). */
function cardData(input: CardFields): Prisma.CardUncheckedUpdateInput {
  const data: Prisma.CardUncheckedUpdateInput = {};
  if (input.title !== undefined) data.title = input.title;
  if (input.body !== undefined) data.body = input.body;
  if (input.assignee_id !== undefined) data.assigneeId = input.assignee_id;
  if (input.due_at !== undefined) data.dueAt = input.due_at === null ? null : new Date(input.due_at);
  if (input.priority_id !== undefined) data.priorityId = input.priority_id;
  if (input.owner_type !== undefined) data.ownerType = input.owner_type;
  if (input.shepherds !== undefined) data.shepherds = [...new Set(input.shepherds)];
  if (input.work_phase !== undefined) data.workPhase = input.work_phase;
  return data;
}

/**
 * Creates a card, with its labels and checklist, in one transaction: a bad reference writes
 * nothing. Its number comes from the project's counter row, incremented in the same transaction
 * (so concurrent creates get distinct numbers and a number is never handed out twice).
 */
export async function createCard(
  ctx: ServiceContext & { columnId: string; input: CreateCardBody },
): Promise<Card> {
  const { row: column } = await loadAuthorized(
    ctx,
    ctx.db.column.findUnique({ where: { id: ctx.columnId }, select: { projectId: true } }),
    (found) => found.projectId,
    NEEDS.work,
    COLUMN_NOT_FOUND,
  );
  const card = await withEvents(ctx, async (tx, outbox) => {
    const { position, label_ids: labelIds = [], checklist = [], ...fields } = ctx.input;
    await checkReferences(tx, column.projectId, fields);
    await checkLabels(tx, column.projectId, labelIds);
    const [counter] = await tx.$queryRaw<Array<{ number: number }>>`
      UPDATE projects SET next_card_number = next_card_number + 1
      WHERE id = ${column.projectId}::uuid RETURNING next_card_number - 1 AS number`;
    if (!counter) throw new NotFoundError(COLUMN_NOT_FOUND);
    if ((await lockRows(tx, "columns", [ctx.columnId])).length === 0)
      throw new NotFoundError(COLUMN_NOT_FOUND);
    const ids = await activeCardIds(tx, ctx.columnId);
    const card = await tx.card.create({
      data: {
        ...(cardData(fields) as Prisma.CardUncheckedCreateInput),
        title: ctx.input.title,
        projectId: column.projectId,
        columnId: ctx.columnId,
        createdById: ctx.actor.id,
        number: counter.number,
        position: ids.length,
      },
      select: { id: true },
    });
    if (position !== undefined) await writePositions(tx, "cards", insertAt(ids, card.id, position));
    if (labelIds.length > 0) {
      await tx.cardLabel.createMany({
        data: [...new Set(labelIds)].map((labelId) => ({ cardId: card.id, labelId })),
      });
    }
    if (checklist.length > 0) {
      await tx.checklistItem.createMany({
        data: checklist.map((text, index) => ({ cardId: card.id, text, position: index })),
      });
    }
    const created = await readCard({ db: tx, actor: ctx.actor, cardId: card.id });
    outbox.publish(created.project_id, "card.created", { card: created });
    await notifyAssignee(tx, outbox, ctx, created, null);
    return created;
  });
  const cardId = card.id;
  await recordActivity(ctx, card.id, "created", { column_id: card.column_id, title: card.title });
  await notifyMentions(ctx, { projectId: card.project_id, cardId, text: `${card.title}\n${card.body}` });
  return card;
}

/**
 * The card's new assignee hears of it, as a handoff's does (a notification, live and in their
 * list, written in the change's transaction), whichever client assigned them; assigning yourself,
 * or whoever already had it, is silent. Returns whom it notified.
 */
async function notifyAssignee(
  tx: Tx,
  outbox: Outbox,
  ctx: ServiceContext,
  card: Pick<Card, "id" | "project_id" | "title" | "assignee_id">,
  before: string | null,
): Promise<string[]> {
  const assignee = card.assignee_id;
  if (!assignee || assignee === ctx.actor.id || assignee === before) return [];
  await writeNotification(tx, outbox, ctx.actor, {
    userId: assignee,
    kind: "assigned",
    projectId: card.project_id,
    cardId: card.id,
    excerpt: oneLine(card.title),
  });
  return [assignee];
}

/** What an update changed, in words, for the card's watchers ("Changed the title and due date"). */
function changeSummary(input: UpdateCardBody): string {
  const names = Object.keys(input).map((key) => key.replace(/_ids?$/, "").replaceAll("_", " "));
  return `Changed ${names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names.join("")}`;
}

export async function updateCard(
  ctx: ServiceContext & { cardId: string; input: UpdateCardBody },
): Promise<Card> {
  const card = await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  await checkReferences(ctx.db as unknown as Tx, card.projectId, ctx.input);
  // The web app's edits are recorded as activity, which needs the values before.
  const before = ctx.actor.viaWebApp ? await readCard(ctx) : undefined;
  const updated = await withEvents(ctx, async (tx, outbox) => {
    // Whom the card was assigned to (locked with the row): they are not told again.
    const [prior] = await tx.$queryRaw<Array<{ assignee_id: string | null }>>`
      SELECT assignee_id::text FROM cards WHERE id = ${ctx.cardId}::uuid FOR UPDATE`;
    await tx.card.update({ where: { id: ctx.cardId }, data: cardData(ctx.input) });
    const read = await readCard({ db: tx, actor: ctx.actor, cardId: ctx.cardId });
    outbox.publish(card.projectId, "card.updated", { card: read });
    const told = ctx.input.assignee_id
      ? await notifyAssignee(tx, outbox, ctx, read, prior?.assignee_id ?? null)
      : [];
    if (Object.keys(ctx.input).length > 0) {
      await notifyWatchers(tx, outbox, ctx.actor, {
        projectId: card.projectId,
        cardId: ctx.cardId,
        excerpt: changeSummary(ctx.input),
        except: told,
      });
    }
    return read;
  });
  if (before) {
    const fields = changedFields(before, ctx.input);
    if (Object.keys(fields).length > 0) await recordActivity(ctx, ctx.cardId, "edited", { fields });
    await notifyMentions(ctx, {
      projectId: card.projectId,
      cardId: ctx.cardId,
      text: `${updated.title}\n${updated.body}`,
      previousText: `${before.title}\n${before.body}`,
    });
  }
  return updated;
}

export async function archiveCard(ctx: ServiceContext & { cardId: string }): Promise<Card> {
  const { projectId } = await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  const { changed, card } = await withCardColumnsLocked(ctx, ctx.cardId, [], async (tx, current, outbox) => {
    const read = () => readCard({ db: tx, actor: ctx.actor, cardId: ctx.cardId });
    if (current.archivedAt) return { changed: false, card: await read() };
    await tx.card.update({ where: { id: ctx.cardId }, data: { archivedAt: new Date() } });
    await writePositions(tx, "cards", await activeCardIds(tx, current.columnId));
    const archived = await read();
    outbox.publish(projectId, "card.archived", { card: archived });
    await notifyWatchers(tx, outbox, ctx.actor, { projectId, cardId: ctx.cardId, excerpt: "Archived" });
    return { changed: true, card: archived };
  });
  if (changed) await recordActivity(ctx, ctx.cardId, "archived");
  return card;
}

/** Brings an archived card back, last in its column. */
export async function unarchiveCard(ctx: ServiceContext & { cardId: string }): Promise<Card> {
  const { projectId } = await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  const { changed, card } = await withCardColumnsLocked(ctx, ctx.cardId, [], async (tx, current, outbox) => {
    const read = () => readCard({ db: tx, actor: ctx.actor, cardId: ctx.cardId });
    if (!current.archivedAt) return { changed: false, card: await read() };
    const count = (await activeCardIds(tx, current.columnId)).length;
    await tx.card.update({ where: { id: ctx.cardId }, data: { archivedAt: null, position: count } });
    const unarchived = await read();
    outbox.publish(projectId, "card.unarchived", { card: unarchived });
    return { changed: true, card: unarchived };
  });
  if (changed) await recordActivity(ctx, ctx.cardId, "unarchived");
  return card;
}
