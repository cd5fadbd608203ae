// Notifications: mentions (written only for changes made in the web app), handoffs to you and cards
// assigned to you.
import { ListQuery } from "../../pagination.ts";
import { z } from "../../zod.ts";
import { IdSchema, QueryFlag, TimestampSchema } from "./common.ts";

export const NotificationKindSchema = z.enum(["mention", "handoff", "assigned"]).openapi("NotificationKind", {
  description:
    "mention: someone wrote @your-handle in a card or comment in the web app. handoff: someone handed a " +
    "card off to you (handoff_card with your to_user_id), from any client. assigned: someone else made " +
    "you a card's assignee (create_card or update_card with your assignee_id), from any client.",
});

export const NotificationSchema = z
  .object({
    id: IdSchema,
    kind: NotificationKindSchema,
    project_id: IdSchema,
    project_name: z.string(),
    card_id: IdSchema,
    card_number: z.number().int(),
    card_title: z.string(),
    comment_id: IdSchema.nullable().openapi({
      description:
        "The comment mentioning you, or the handoff note; null: the card mentions you, or you were assigned.",
    }),
    actor_id: IdSchema.openapi({ description: "Who mentioned you, handed the card to you or assigned you." }),
    actor_name: z.string(),
    excerpt: z.string().openapi({
      description: "The text around the mention, the handoff note's start, or the assigned card's title.",
    }),
    read_at: TimestampSchema.nullable(),
    created_at: TimestampSchema,
  })
  .openapi("Notification");
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsQuery = ListQuery.extend({
  unread: QueryFlag.optional().openapi({ description: "true: unread ones only." }),
});
