// The signed-in user's notifications, newest first: mentions made in the web app, cards handed
// off or assigned to them (by anyone, through any client), and for project admins a webhook
// endpoint the server disabled (webhook-delivery.ts; no card, no actor).
import type { Notification } from "@org/contracts";
import type { Db, Prisma } from "@org/db";
import { NotFoundError } from "@org/service-kit";
import type { Actor, ServiceContext, Tx } from "./context.ts";
import { withEvents, type Outbox } from "./events.ts";
import { iso, isoOrNull, pageArgs, toPage } from "./pagination.ts";
import { notFoundMessage } from "./not-found.ts";
import { callerMemberships, reachableProjectIds } from "./permissions.ts";

// The project's and card's current names only while the recipient is a member; otherwise the
// names stored when the notification was written (a former member learns no renames).
const withNames = {
  project: { select: { name: true } },
  card: { select: { number: true, title: true } },
  actor: { select: { name: true } },
} as const satisfies Prisma.NotificationInclude;

type NotificationRow = Prisma.NotificationGetPayload<{ include: typeof withNames }>;

const toNotificationWire = (row: NotificationRow, member: boolean): Notification => ({
  id: row.id,
  kind: row.kind,
  project_id: row.projectId,
  project_name: member ? row.project.name : row.projectName,
  card_id: row.cardId,
  card_number: row.card?.number ?? null,
  card_title: member && row.card ? row.card.title : row.cardTitle,
  comment_id: row.commentId,
  actor_id: row.actorId,
  actor_name: row.actor?.name ?? null,
  excerpt: row.excerpt,
  webhook_id: row.webhookId,
  webhook_url: row.webhookUrl,
  read_at: isoOrNull(row.readAt),
  created_at: iso(row.createdAt),
});

export async function listNotifications({
  db,
  actor,
  query,
}: {
  db: Db;
  actor: Actor;
  query: { limit: number; cursor?: string | undefined; unread?: boolean | undefined };
}) {
  const rows = await db.notification.findMany({
    where: { userId: actor.id, ...reachableProjectIds(actor), ...(query.unread ? { readAt: null } : {}) },
    include: withNames,
    orderBy: { id: "desc" },
    ...pageArgs(query),
  });
  const projects = await memberOf(db, actor, rows);
  return toPage(query, rows, (row) => toNotificationWire(row, projects.has(row.projectId)));
}

/** Which of the rows' projects the user is a member of now. */
async function memberOf(db: Db, actor: Actor, rows: { projectId: string }[]): Promise<Set<string>> {
  const memberships = await db.projectMember.findMany({
    where: {
      AND: [callerMemberships(actor), { projectId: { in: [...new Set(rows.map((row) => row.projectId))] } }],
    },
    select: { projectId: true },
  });
  return new Set(memberships.map((membership) => membership.projectId));
}

export async function markNotificationRead({
  db,
  actor,
  notificationId,
}: {
  db: Db;
  actor: Actor;
  notificationId: string;
}): Promise<Notification> {
  await db.notification.updateMany({
    where: { id: notificationId, userId: actor.id, ...reachableProjectIds(actor), readAt: null },
    data: { readAt: new Date() },
  });
  const row = await db.notification.findFirst({
    where: { id: notificationId, userId: actor.id, ...reachableProjectIds(actor) },
    include: withNames,
  });
  if (!row) throw new NotFoundError(notFoundMessage("notification_id"));
  return toNotificationWire(row, (await memberOf(db, actor, [row])).has(row.projectId));
}

export async function markAllNotificationsRead({ db, actor }: { db: Db; actor: Actor }): Promise<void> {
  await db.notification.updateMany({
    where: { userId: actor.id, ...reachableProjectIds(actor), readAt: null },
    data: { readAt: new Date() },
  });
}

export interface CardNotification {
  userId: string;
  kind: Notification["kind"];
  projectId: string;
  cardId: string;
  commentId?: string | undefined;
  excerpt: string;
}

/**
 * Writes, in the change's transaction, a notification for `userId` about a card, with the
 * project's and card's names as they are now (what the recipient keeps seeing should they leave
 * the project), and queues the recipient's live event (sent when the transaction commits).
 */
export async function writeNotification(
  tx: Tx,
  outbox: Outbox,
  actor: Actor,
  input: CardNotification,
): Promise<void> {
  const card = await tx.card.findUniqueOrThrow({
    where: { id: input.cardId },
    select: { title: true, project: { select: { name: true } } },
  });
  const notification = await tx.notification.create({
    data: {
      userId: input.userId,
      actorId: actor.id,
      kind: input.kind,
      projectId: input.projectId,
      cardId: input.cardId,
      commentId: input.commentId ?? null,
      excerpt: input.excerpt,
      projectName: card.project.name,
      cardTitle: card.title,
    },
    select: { id: true },
  });
  outbox.publish(
    input.projectId,
    "notification.created",
    { notification_id: notification.id, card_id: input.cardId },
    input.userId,
  );
}

/** writeNotification in a transaction of its own (mentions, found after the change committed). */
export async function notifyUser(
  ctx: Pick<ServiceContext, "db" | "actor" | "events">,
  input: CardNotification,
): Promise<void> {
  await withEvents(ctx, (tx, outbox) => writeNotification(tx, outbox, ctx.actor, input));
}

/**
 * In the change's transaction: tells the card's watchers who are still project members what
 * changed, except the actor and `except` (people this change already notified, e.g. the new
 * assignee).
 */
export async function notifyWatchers(
  tx: Tx,
  outbox: Outbox,
  actor: Actor,
  change: { projectId: string; cardId: string; excerpt: string; commentId?: string; except?: string[] },
): Promise<void> {
  const watchers = await tx.cardWatcher.findMany({
    where: {
      cardId: change.cardId,
      userId: { notIn: [actor.id, ...(change.except ?? [])] },
      user: { memberships: { some: { projectId: change.projectId } } },
    },
    select: { userId: true },
  });
  for (const watcher of watchers) {
    await writeNotification(tx, outbox, actor, {
      userId: watcher.userId,
      kind: "watched",
      projectId: change.projectId,
      cardId: change.cardId,
      commentId: change.commentId,
      excerpt: change.excerpt,
    });
  }
}

/** A notification's one-line excerpt: whitespace folded, at most 160 characters. */
export function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 160 ? `${flat.slice(0, 159)}…` : flat;
}
