// Notifications: operations of the registry (see registry.ts).
import { listOf } from "../../pagination.ts";
import { pathParams } from "../schemas/common.ts";
import { NotificationSchema, NotificationsQuery } from "../schemas/notifications.ts";
import { BASE, defineOperations, LIST_NOTE, READ, READ_ERRORS, UPDATE } from "./spec.ts";

export const notificationOperations = defineOperations({
  list_notifications: {
    method: "get",
    path: "/me/notifications",
    summary: "Your notifications",
    description:
      "The caller's notifications, newest first: mentions (`@handle` in a card or comment written in the " +
      "web app; API and MCP writes mention nobody), handoffs (a card handed off to the caller) and " +
      "assignments (a card someone else assigned to the caller), by anyone through any client; changes to " +
      "cards the caller watches (watch_card) and assigned cards due within a day (due_soon). `unread` " +
      `true lists unread ones only; mark_notification_read clears one. ${LIST_NOTE}`,
    toolDescription:
      "Your notifications, newest first: mentions (written in the web app), handoffs and assignments to you (any client), and webhook endpoints the server disabled in projects you administer (kind webhook_disabled: no card; webhook_id and webhook_url say which). `unread` true: unread ones only; mark_notification_read clears one.",
    group: "notifications",
    query: NotificationsQuery,
    response: listOf(NotificationSchema),
    status: 200,
    errors: [...BASE, "validation_failed"],
    hints: READ,
  },
  mark_notification_read: {
    method: "post",
    path: "/me/notifications/{notification_id}/read",
    summary: "Mark a notification read",
    description:
      "Sets read_at (kept when already read) and returns the notification. Another user's is not_found.",
    group: "notifications",
    params: pathParams({ notification_id: "The notification to mark read." }),
    response: NotificationSchema,
    status: 200,
    errors: READ_ERRORS,
    hints: UPDATE,
  },
  mark_all_notifications_read: {
    method: "post",
    path: "/me/notifications/read",
    summary: "Mark all your notifications read",
    description: "Marks every unread notification of the caller read.",
    group: "notifications",
    status: 204,
    errors: BASE,
    hints: UPDATE,
  },
});
