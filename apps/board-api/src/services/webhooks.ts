// Project webhooks, managed by the project's admins: the endpoints, and their delivery log with
// replay. Deliveries are queued with the event (event-log.ts) and sent by webhook-delivery.ts.
import type {
  CreateWebhookBody,
  ListQuery,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
  z,
} from "@org/contracts";
import {
  checkWebhookUrl,
  DELIVERY_ATTEMPTS_SELECT,
  deliveryWire,
  newWebhookSecret,
  requeueDelivery,
  type DeliveryRow,
} from "@org/service-kit";
import type { ServiceContext } from "./context.ts";
import { notFoundMessage } from "./not-found.ts";
import { iso, isoOrNull, pageArgs, toPage } from "./pagination.ts";
import { loadAuthorized, NEEDS, requireRole } from "./permissions.ts";
import { PROJECT_NOT_FOUND } from "./projects.ts";
import { BOARD_WEBHOOK_TABLES, notifyDeliveries, type WebhookPolicy } from "./webhook-delivery.ts";

export type WebhookContext = ServiceContext & { webhookPolicy: WebhookPolicy };

const WEBHOOK_NOT_FOUND = notFoundMessage("webhook_id");
const DELIVERY_NOT_FOUND = notFoundMessage("delivery_id");

interface WebhookRow {
  id: string;
  projectId: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

function toWebhookWire(row: WebhookRow): Webhook {
  return {
    id: row.id,
    project_id: row.projectId,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    failing_since: isoOrNull(row.failingSince),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

const WEBHOOK_SELECT = {
  id: true,
  projectId: true,
  url: true,
  description: true,
  events: true,
  enabled: true,
  disabledReason: true,
  failingSince: true,
  createdAt: true,
  updatedAt: true,
} as const;

function authorizeWebhook(ctx: ServiceContext, webhookId: string) {
  return loadAuthorized(
    ctx,
    ctx.db.webhook.findUnique({ where: { id: webhookId }, select: WEBHOOK_SELECT }),
    (row) => row.projectId,
    NEEDS.manage,
    WEBHOOK_NOT_FOUND,
  );
}

export async function listWebhooks(ctx: ServiceContext & { projectId: string; query: ListQuery }) {
  await requireRole(ctx, ctx.projectId, NEEDS.manage, PROJECT_NOT_FOUND);
  const rows = await ctx.db.webhook.findMany({
    where: { projectId: ctx.projectId },
    select: WEBHOOK_SELECT,
    orderBy: { id: "asc" },
    ...pageArgs(ctx.query),
  });
  return toPage(ctx.query, rows, toWebhookWire);
}

export async function createWebhook(
  ctx: WebhookContext & { projectId: string; input: z.output<typeof CreateWebhookBody> },
) {
  await requireRole(ctx, ctx.projectId, NEEDS.manage, PROJECT_NOT_FOUND);
  const url = checkWebhookUrl(ctx.input.url, ctx.webhookPolicy);
  const secret = newWebhookSecret();
  const row = await ctx.db.webhook.create({
    data: {
      projectId: ctx.projectId,
      url,
      description: ctx.input.description ?? "",
      events: [...new Set(ctx.input.events ?? [])],
      secret,
      createdBy: ctx.actor.id,
    },
    select: WEBHOOK_SELECT,
  });
  return { ...toWebhookWire(row), secret };
}

export async function getWebhook(ctx: ServiceContext & { webhookId: string }) {
  const { row } = await authorizeWebhook(ctx, ctx.webhookId);
  return toWebhookWire(row);
}

export async function updateWebhook(
  ctx: WebhookContext & { webhookId: string; input: z.output<typeof UpdateWebhookBody> },
) {
  await authorizeWebhook(ctx, ctx.webhookId);
  const { url, events, description, enabled } = ctx.input;
  const row = await ctx.db.webhook.update({
    where: { id: ctx.webhookId },
    data: {
      ...(url !== undefined ? { url: checkWebhookUrl(url, ctx.webhookPolicy) } : {}),
      ...(events !== undefined ? { events: [...new Set(events)] } : {}),
      ...(description !== undefined ? { description } : {}),
      // Enabled again (by a person): a fresh start, the server's reason and failing streak gone.
      ...(enabled === true ? { enabled, disabledReason: null, failingSince: null } : {}),
      ...(enabled === false ? { enabled, disabledReason: null } : {}),
    },
    select: WEBHOOK_SELECT,
  });
  if (enabled) await notifyDeliveries(ctx.db);
  return toWebhookWire(row);
}

export async function deleteWebhook(ctx: ServiceContext & { webhookId: string }) {
  await authorizeWebhook(ctx, ctx.webhookId);
  await ctx.db.webhook.delete({ where: { id: ctx.webhookId } });
}

const DELIVERY_SELECT = {
  id: true,
  webhookId: true,
  eventSeq: true,
  eventType: true,
  status: true,
  nextAttemptAt: true,
  createdAt: true,
  attempts: DELIVERY_ATTEMPTS_SELECT,
} as const;

const toDeliveryWire = (row: DeliveryRow & { eventSeq: bigint }): WebhookDelivery => ({
  ...deliveryWire(row),
  event_seq: String(row.eventSeq),
});

export async function listWebhookDeliveries(ctx: ServiceContext & { webhookId: string; query: ListQuery }) {
  await authorizeWebhook(ctx, ctx.webhookId);
  const rows = await ctx.db.webhookDelivery.findMany({
    where: { webhookId: ctx.webhookId },
    select: DELIVERY_SELECT,
    orderBy: { id: "desc" },
    ...pageArgs(ctx.query),
  });
  return toPage(ctx.query, rows, toDeliveryWire);
}

/** Queues a delivery to be sent now (a replay), with a fresh retry schedule. */
export async function retryWebhookDelivery(ctx: ServiceContext & { deliveryId: string }) {
  await loadAuthorized(
    ctx,
    ctx.db.webhookDelivery.findUnique({ where: { id: ctx.deliveryId }, select: { projectId: true } }),
    (row) => row.projectId,
    NEEDS.manage,
    DELIVERY_NOT_FOUND,
  );
  await requeueDelivery(ctx.db, BOARD_WEBHOOK_TABLES, ctx.deliveryId);
  const row = await ctx.db.webhookDelivery.findUniqueOrThrow({
    where: { id: ctx.deliveryId },
    select: DELIVERY_SELECT,
  });
  return toDeliveryWire(row);
}
