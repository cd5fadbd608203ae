// The signed-in user's notifications (mentions made in the web app), newest first.
import type { Notification } from "@org/contracts";
import type { Db, Prisma } from "@org/db";
import { NotFoundError } from "@org/service-kit";
import type { Actor } from "./context.ts";
import { iso, isoOrNull, pageArgs, toPage } from "./pagination.ts";

const withNames = {
  project: { select: { name: true } },
  card: { select: { number: true, title: true } },
  actor: { select: { name: true } },
} as const satisfies Prisma.NotificationInclude;

type NotificationRow = Prisma.NotificationGetPayload<{ include: typeof withNames }>;

const toNotificationWire = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  project_id: row.projectId,
  project_name: row.project.name,
  card_id: row.cardId,
  card_number: row.card.number,
  card_title: row.card.title,
  comment_id: row.commentId,
  actor_id: row.actorId,
  actor_name: row.actor.name,
  excerpt: row.excerpt,
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
    where: { userId: actor.id, ...(query.unread ? { readAt: null } : {}) },
    include: withNames,
    orderBy: { id: "desc" },
    ...pageArgs(query),
  });
  return toPage(query, rows, toNotificationWire);
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
    where: { id: notificationId, userId: actor.id, readAt: null },
    data: { readAt: new Date() },
  });
  const row = await db.notification.findFirst({
    where: { id: notificationId, userId: actor.id },
    include: withNames,
  });
  if (!row) throw new NotFoundError("Notification not found.");
  return toNotificationWire(row);
}

export async function markAllNotificationsRead({ db, actor }: { db: Db; actor: Actor }): Promise<void> {
  await db.notification.updateMany({
    where: { userId: actor.id, readAt: null },
    data: { readAt: new Date() },
  });
}
