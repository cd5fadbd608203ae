// Notifications: mentions (written only for changes made in the web app), handoffs to you, cards
// assigned to you, and (for project admins) a webhook endpoint the server disabled.
import { ListQuery } from "../../pagination.ts";
import { z } from "../../zod.ts";
import { IdSchema, QueryFlag, TimestampSchema } from "./common.ts";

export const NotificationKindSchema = z
  .enum(["mention", "handoff", "assigned", "webhook_disabled"])
  .openapi("NotificationKind", {
    description:
      "mention: someone wrote @your-handle in a card or comment in the web app. handoff: someone handed a " +
      "card off to you (handoff_card with your to_user_id), from any client. assigned: someone else made " +
      "you a card's assignee (create_card or update_card with your assignee_id), from any client. " +
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
        "The comment mentioning you, or the handoff note; null: the card mentions you, or you were assigned.",
    }),
    actor_id: IdSchema.nullable().openapi({
      description:
        "Who mentioned you, handed the card to you or assigned you; null: the server (webhook_disabled).",
    }),
    actor_name: z.string().nullable().openapi({ description: "null: the server (webhook_disabled)." }),
    excerpt: z.string().openapi({
      description:
        "The text around the mention, the handoff note's start, the assigned card's title, or why the webhook was disabled.",
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
