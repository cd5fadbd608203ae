import type { Handlers } from "../http/operation.ts";
import { listCardActivity } from "../services/activity.ts";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "../services/notifications.ts";
import { serviceContext, type RouteDeps } from "./deps.ts";

type NotificationOps =
  "list_notifications" | "mark_notification_read" | "mark_all_notifications_read" | "list_card_activity";

export const notificationHandlers = (deps: RouteDeps): Pick<Handlers, NotificationOps> => ({
  list_notifications: ({ actor, query }) => listNotifications({ db: deps.db, actor, query }),
  mark_notification_read: ({ actor, params }) =>
    markNotificationRead({ db: deps.db, actor, notificationId: params.id }),
  mark_all_notifications_read: ({ actor }) => markAllNotificationsRead({ db: deps.db, actor }),
  list_card_activity: ({ actor, params, query }) =>
    listCardActivity({ ...serviceContext(deps, actor), cardId: params.id, query }),
});
