// Project webhooks: endpoints that receive the project's events (Standard Webhooks), and their
// delivery log.
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { IdSchema, TimestampSchema } from "./common.ts";
import { WEBHOOK_EVENT_TYPES } from "../event-names.ts";

export { WEBHOOK_EVENT_TYPES };

/**
 * When a failed delivery is tried again, after each failed attempt (seconds): 5 s, 30 s, 2 min,
 * 10 min, 1 h, 6 h; a 7th failure marks it failed.
 */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS = [5, 30, 120, 600, 3600, 21600] as const;
/** An endpoint whose every attempt failed for this long is disabled. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;

const WebhookUrl = StorableText.trim().min(1).max(2000).openapi({
  description: "Where events are POSTed: an https URL (http too outside production) of a public address.",
  example: "https://ci.example.com/hooks/board",
});
const WebhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES as unknown as [string, ...string[]]))
  .max(WEBHOOK_EVENT_TYPES.length)
  .openapi({
    description: "Event types to deliver (card.created, card.moved, …); empty or absent: every type.",
  });
const WebhookDescription = StorableText.trim().max(500);

export const WebhookSchema = z
  .object({
    id: IdSchema,
    project_id: IdSchema,
    url: z.string(),
    description: z.string(),
    events: z.array(z.string()).openapi({ description: "Types delivered; empty: every type." }),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable().openapi({
      description:
        "Why the server disabled it (failing for 3 days); null when enabled or disabled by a person.",
    }),
    failing_since: TimestampSchema.nullable().openapi({
      description: "Since when every attempt failed; null when the last one succeeded (or none yet).",
    }),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi("Webhook");
export type Webhook = z.infer<typeof WebhookSchema>;

export const CreatedWebhookSchema = WebhookSchema.extend({
  secret: z.string().openapi({
    description:
      "The signing secret (`whsec_…`): shown once, in this answer only. Verify deliveries with it " +
      "(the `standardwebhooks` package's Webhook.verify).",
  }),
}).openapi("CreatedWebhook");
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;

export const CreateWebhookBody = z
  .strictObject({
    url: WebhookUrl,
    events: WebhookEvents.optional(),
    description: WebhookDescription.optional(),
  })
  .openapi("CreateWebhook");

export const UpdateWebhookBody = z
  .strictObject({
    url: WebhookUrl.optional(),
    events: WebhookEvents.optional(),
    description: WebhookDescription.optional(),
    enabled: z.boolean().optional().openapi({ description: "false pauses deliveries; true resumes them." }),
  })
  .openapi("UpdateWebhook");

export const WebhookAttemptSchema = z
  .object({
    at: TimestampSchema,
    status_code: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The answer's status; null: no answer." }),
    duration_ms: z.number().int(),
    error: z.string().nullable().openapi({ description: "Why it failed (no answer, or a non-2xx status)." }),
  })
  .openapi("WebhookAttempt");

export const WebhookDeliverySchema = z
  .object({
    id: IdSchema.openapi({ description: "The delivery's id, sent as the `webhook-id` header." }),
    webhook_id: IdSchema,
    event_seq: z.string().openapi({ description: "The event's seq in the project's log." }),
    event_type: z.string(),
    status: z.enum(["pending", "succeeded", "failed"]),
    next_attempt_at: TimestampSchema.nullable().openapi({ description: "When it is tried next (pending)." }),
    created_at: TimestampSchema,
    attempts: z.array(WebhookAttemptSchema).openapi({ description: "Every attempt, oldest first." }),
  })
  .openapi("WebhookDelivery");
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
