// Tenant webhooks: endpoints a tenant's administrators register to hear of its users' events
// (Standard Webhooks headers, signed with the endpoint's secret), and their delivery log with replay.
import { WebhookAttemptSchema } from "../board/schemas/webhooks.ts";
import { listOf } from "../pagination.ts";
import { StorableText } from "../text.ts";
import { z } from "../zod.ts";

/** The events a tenant's endpoints receive (contracts: "Auth: login box, session tokens, webhooks"). */
export const TENANT_EVENT_TYPES = [
  "user.created",
  "user.deleted",
  "passkey.added",
  "passkey.removed",
  "login.succeeded",
  "login.failed",
] as const;
export type TenantEventType = (typeof TENANT_EVENT_TYPES)[number];

const Id = z.uuid().openapi({ description: "Opaque identifier (UUIDv7)." });
const Timestamp = z.iso.datetime().openapi({ description: "ISO 8601 timestamp, UTC." });

export const TenantWebhookSchema = z
  .object({
    id: Id,
    tenant_id: Id,
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(TENANT_EVENT_TYPES)).openapi({ description: "Types delivered; empty: all." }),
    enabled: z.boolean(),
    disabled_reason: z
      .string()
      .nullable()
      .openapi({ description: "Why the server disabled it (every delivery failed for 3 days)." }),
    failing_since: Timestamp.nullable(),
    created_at: Timestamp,
  })
  .openapi("TenantWebhook");
export type TenantWebhook = z.infer<typeof TenantWebhookSchema>;

export const CreatedTenantWebhookSchema = TenantWebhookSchema.extend({
  secret: z.string().openapi({
    description:
      "The Standard Webhooks signing secret (whsec_…), shown in this answer only: verify each delivery " +
      "with it (the `standardwebhooks` package's Webhook.verify).",
  }),
}).openapi("CreatedTenantWebhook");
export type CreatedTenantWebhook = z.infer<typeof CreatedTenantWebhookSchema>;

export const CreateTenantWebhookRequestSchema = z
  .strictObject({
    url: StorableText.trim().min(1).max(2000).openapi({ description: "The receiver: https in production." }),
    events: z.array(z.enum(TENANT_EVENT_TYPES)).max(TENANT_EVENT_TYPES.length).optional(),
    description: StorableText.trim().max(500).optional(),
  })
  .openapi("CreateTenantWebhookRequest");
export type CreateTenantWebhookRequest = z.infer<typeof CreateTenantWebhookRequestSchema>;

export const TenantWebhookDeliverySchema = z
  .object({
    id: Id.openapi({
      description: "The delivery's id, sent as the `webhook-id` header (the same on replay).",
    }),
    webhook_id: Id,
    event_type: z.enum(TENANT_EVENT_TYPES),
    status: z.enum(["pending", "succeeded", "failed"]),
    next_attempt_at: Timestamp.nullable().openapi({ description: "When it is tried next (pending)." }),
    created_at: Timestamp,
    payload: z
      .record(z.string(), z.unknown())
      .openapi({ description: "The body sent: {type, timestamp, data}." }),
    attempts: z.array(WebhookAttemptSchema).openapi({ description: "Every attempt, oldest first." }),
  })
  .openapi("TenantWebhookDelivery");
export type TenantWebhookDelivery = z.infer<typeof TenantWebhookDeliverySchema>;

const PathId = z.string().min(1).max(64).openapi({ description: "Opaque identifier (UUIDv7)." });
export const TenantWebhookParams = z.object({ webhook_id: PathId });
export const TenantWebhookDeliveryParams = z.object({ delivery_id: PathId });

export const TenantWebhookListSchema = listOf(TenantWebhookSchema).openapi("TenantWebhookList");
export const TenantWebhookDeliveryListSchema =
  listOf(TenantWebhookDeliverySchema).openapi("TenantWebhookDeliveryList");
