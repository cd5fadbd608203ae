// Notifications: mentions (written only for changes made in the web app), handoffs to you, cards
// assigned to you, changes to cards you watch, cards of yours due within a day, and (for project
// admins) a webhook endpoint the server disabled. Watching a card: watch_card.
import { ListQuery } from "../../pagination.ts";
import { z } from "../../zod.ts";
import { IdSchema, QueryFlag, TimestampSchema } from "./common.ts";

export const NotificationKindSchema = z
  .enum(["mention", "handoff", "assigned", "watched", "due_soon", "webhook_disabled"])
  .openapi("NotificationKind", {
    description:
      "mention: someone wrote @your-handle in a card or comment in the web app. handoff: someone handed a " +
      "card off to you (handoff_card with your to_user_id), from any client. assigned: someone else made " +
      "you a card's assignee (create_card or update_card with your assignee_id), from any client. " +
      "watched: someone else changed a card you watch (watch_card): edited, moved, archived, commented on " +
      "or handed it off, from any client. due_soon: a card assigned to you is due within a day (sent once " +
      "per card and due date, by the server: actor null). " +
      "webhook_disabled: the server disabled a webhook endpoint of a project you administer, after every " +
      "delivery failed for 3 days (webhook_id and webhook_url say which; the excerpt, why); no card.",
  });

export const NotificationSchema = z
  .object({
    id: IdSchema,
    kind: NotificationKindSchema,
    project_id: IdSchema,
    project_name: z.string(),
    card_id: IdSchema.nullable().openapi({
      description: "null: about the project, not a card (webhook_disabled).",
    }),
    card_number: z.number().int().nullable(),
    card_title: z.string().nullable(),
    comment_id: IdSchema.nullable().openapi({
      description:
        "The comment mentioning you, the handoff note, or the comment on a watched card; else null.",
    }),
    actor_id: IdSchema.nullable().openapi({
      description:
        "Who mentioned you, handed the card to you, assigned you or changed the watched card; null: the server (due_soon, webhook_disabled).",
    }),
    actor_name: z
      .string()
      .nullable()
      .openapi({ description: "null: the server (due_soon, webhook_disabled)." }),
    excerpt: z.string().openapi({
      description:
        "The text around the mention, the handoff note's start, the assigned card's title, what changed on a watched card, the due date (due_soon), or why the webhook was disabled.",
    }),
    webhook_id: IdSchema.nullable().openapi({
      description: "webhook_disabled: the endpoint (get it with GET /webhooks/{webhook_id}); else null.",
    }),
    webhook_url: z
      .string()
      .nullable()
      .openapi({ description: "webhook_disabled: the endpoint's URL; else null." }),
    read_at: TimestampSchema.nullable(),
    created_at: TimestampSchema,
  })
  .openapi("Notification");
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsQuery = ListQuery.extend({
  unread: QueryFlag.optional().openapi({ description: "true: unread ones only." }),
});

export const CardWatchSchema = z
  .object({
    card_id: IdSchema,
    watching: z.boolean().openapi({ description: "Whether the caller watches the card." }),
    watcher_count: z
      .number()
      .int()
      .openapi({ description: "How many members watch it, the caller included." }),
  })
  .openapi("CardWatch");
export type CardWatch = z.infer<typeof CardWatchSchema>;
