import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "../services/notifications.ts";
import { getCardWatch, unwatchCard, watchCard } from "../services/watching.ts";
import type { Implementations } from "./types.ts";

export const notificationImplementations = {
  list_notifications: (ctx, { query }) => listNotifications({ ...ctx, query }),
  mark_notification_read: (ctx, { params }) =>
    markNotificationRead({ ...ctx, notificationId: params.notification_id }),
  mark_all_notifications_read: (ctx) => markAllNotificationsRead(ctx),
  get_card_watch: (ctx, { params }) => getCardWatch({ ...ctx, cardId: params.card_id }),
  watch_card: (ctx, { params }) => watchCard({ ...ctx, cardId: params.card_id }),
  unwatch_card: (ctx, { params }) => unwatchCard({ ...ctx, cardId: params.card_id }),
} satisfies Partial<Implementations>;
