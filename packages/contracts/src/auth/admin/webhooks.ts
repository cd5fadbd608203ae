// Tenant webhooks: endpoints a tenant's administrators register to hear of its users' events
// (Standard Webhooks headers, signed with the endpoint's secret), and their delivery log with replay.
import { WebhookAttemptSchema } from "../../board/schemas/webhooks.ts";
import { ListQuery, listOf } from "../../pagination.ts";
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { defineAuthOperations } from "../operations/spec.ts";
import { api, read, write } from "./common.ts";
import { TenantIdParams } from "./tenants.ts";

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

export const adminWebhookOperations = defineAuthOperations([
  api({
    method: "get",
    path: "/tenants/{tenant_id}/webhooks",
    operationId: "listTenantWebhooks",
    summary: "The tenant's webhook endpoints, oldest first (never their secrets).",
    params: TenantIdParams,
    query: ListQuery,
    response: TenantWebhookListSchema,
    errors: [...read, "not_found"],
  }),
  api({
    method: "post",
    path: "/tenants/{tenant_id}/webhooks",
    operationId: "addTenantWebhook",
    summary:
      "Add a webhook endpoint: the tenant's events (user.created, user.deleted, passkey.added, passkey.removed, " +
      "login.succeeded, login.failed; `events` limits them) are POSTed to it with Standard Webhooks headers. The " +
      "signing secret is in this answer only.",
    params: TenantIdParams,
    body: CreateTenantWebhookRequestSchema,
    status: 201,
    response: CreatedTenantWebhookSchema,
    errors: [...write, "not_found", "validation_error"],
  }),
  api({
    method: "delete",
    path: "/webhooks/{webhook_id}",
    operationId: "removeTenantWebhook",
    summary: "Remove a webhook endpoint and its delivery log.",
    params: TenantWebhookParams,
    status: 204,
    errors: [...write, "not_found"],
  }),
  api({
    method: "get",
    path: "/webhooks/{webhook_id}/deliveries",
    operationId: "listTenantWebhookDeliveries",
    summary: "An endpoint's delivery log, newest first, with every attempt.",
    params: TenantWebhookParams,
    query: ListQuery,
    response: TenantWebhookDeliveryListSchema,
    errors: [...read, "not_found"],
  }),
  api({
    method: "post",
    path: "/deliveries/{delivery_id}/replay",
    operationId: "replayTenantWebhookDelivery",
    summary:
      "Send a delivery again now, with a fresh retry schedule (the same webhook-id: receivers dedupe on it).",
    params: TenantWebhookDeliveryParams,
    response: TenantWebhookDeliverySchema,
    errors: [...write, "not_found", "conflict"],
  }),
]);
