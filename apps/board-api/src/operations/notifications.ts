import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "../services/notifications.ts";
import type { Implementations } from "./types.ts";

export const notificationImplementations = {
  list_notifications: (ctx, { query }) => listNotifications({ ...ctx, query }),
  mark_notification_read: (ctx, { params }) =>
    markNotificationRead({ ...ctx, notificationId: params.notification_id }),
  mark_all_notifications_read: (ctx) => markAllNotificationsRead(ctx),
} satisfies Partial<Implementations>;
