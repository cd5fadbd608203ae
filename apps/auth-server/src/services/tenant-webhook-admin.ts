// A tenant's webhook endpoints as the dashboard and the CLI manage them: list, add (the secret in
// that answer only), remove, and the delivery log with replay. Adding, removing and replaying are
// audited (webhook_*). Emitting and sending: tenant-webhooks.ts.
import type {
  CreatedTenantWebhook,
  CreateTenantWebhookRequest,
  ListQuery,
  TenantEventType,
  TenantWebhook,
  TenantWebhookDelivery,
  z,
} from "@org/contracts";
import { pageArgs, toPage, type Page } from "@org/db";
import {
  checkWebhookUrl,
  DELIVERY_ATTEMPTS_SELECT,
  deliveryWire,
  newWebhookSecret,
  NotFoundError,
  requeueDelivery,
  webhookPolicy,
  type DeliveryRow,
} from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import { audit, type Actor } from "./audit.ts";
import { TENANT_WEBHOOK_STORE } from "./tenant-webhooks.ts";
import type { Tenant } from "./tenants.ts";

type Ctx = Pick<AuthContext, "db" | "env">;
type Query = z.output<typeof ListQuery>;
const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

const WEBHOOK_SELECT = {
  id: true,
  tenantId: true,
  url: true,
  description: true,
  events: true,
  enabled: true,
  disabledReason: true,
  failingSince: true,
  createdAt: true,
} as const;

function toWebhook(row: {
  id: string;
  tenantId: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  failingSince: Date | null;
  createdAt: Date;
}): TenantWebhook {
  return {
    id: row.id,
    tenant_id: row.tenantId,
    url: row.url,
    description: row.description,
    events: row.events as TenantEventType[],
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    failing_since: row.failingSince?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listTenantWebhooks(
  ctx: Ctx,
  tenant: Tenant,
  query: Query,
): Promise<Page<TenantWebhook>> {
  const rows = await ctx.db.authWebhook.findMany({
    where: { tenantId: tenant.id },
    select: WEBHOOK_SELECT,
    orderBy: { id: "asc" },
    ...pageArgs(query),
  });
  return toPage(query, rows, toWebhook);
}

/**
 * What the audit log says of an endpoint: its id and the URL's origin only (a receiver's path or
 * query may carry a token of its own, and the log never holds secrets).
 */
const auditedWebhook = (webhook: { id: string; url: string }) => ({
  webhook_id: webhook.id,
  origin: new URL(webhook.url).origin,
});
const actorFields = (actor: Actor | undefined) => ({ adminId: actor?.adminId, ip: actor?.ip });

/** Adds an endpoint; the URL must be one the worker would send to (SSRF guard: public addresses). */
export async function addTenantWebhook(
  ctx: Ctx,
  tenant: Tenant,
  input: CreateTenantWebhookRequest,
  actor?: Actor,
): Promise<CreatedTenantWebhook> {
  const url = checkWebhookUrl(input.url, webhookPolicy(ctx.env));
  const secret = newWebhookSecret();
  const row = await ctx.db.$transaction(async (tx) => {
    const created = await tx.authWebhook.create({
      data: {
        tenantId: tenant.id,
        url,
        description: input.description ?? "",
        events: [...new Set(input.events ?? [])],
        secret,
      },
      select: WEBHOOK_SELECT,
    });
    await audit(
      { db: tx },
      { type: "webhook_added", tenantId: tenant.id, ...actorFields(actor), detail: auditedWebhook(created) },
    );
    return created;
  });
  return { ...toWebhook(row), secret };
}

/** Removes an endpoint and its delivery log (of `tenant` only, when given: the CLI names one). */
export async function removeTenantWebhook(
  ctx: Ctx,
  webhookId: string,
  tenant?: Tenant,
  actor?: Actor,
): Promise<void> {
  const removed = isUuid(webhookId)
    ? await ctx.db.$transaction(async (tx) => {
        const where = { id: webhookId, ...(tenant ? { tenantId: tenant.id } : {}) };
        const found = await tx.authWebhook.findFirst({
          where,
          select: { id: true, tenantId: true, url: true },
        });
        // deleteMany: a concurrent removal of the same endpoint finds nothing to delete (not_found).
        if (!found || (await tx.authWebhook.deleteMany({ where })).count === 0) return false;
        await audit(
          { db: tx },
          {
            type: "webhook_removed",
            tenantId: found.tenantId,
            ...actorFields(actor),
            detail: auditedWebhook(found),
          },
        );
        return true;
      })
    : false;
  if (!removed) throw new NotFoundError("No such webhook.");
}

const DELIVERY_SELECT = {
  id: true,
  webhookId: true,
  eventType: true,
  status: true,
  nextAttemptAt: true,
  createdAt: true,
  payload: true,
  attempts: DELIVERY_ATTEMPTS_SELECT,
} as const;

const toDelivery = (row: DeliveryRow & { payload: unknown }): TenantWebhookDelivery => ({
  ...deliveryWire(row),
  event_type: row.eventType as TenantEventType,
  payload: row.payload as Record<string, unknown>,
});

export async function listTenantWebhookDeliveries(
  ctx: Ctx,
  webhookId: string,
  query: Query,
): Promise<Page<TenantWebhookDelivery>> {
  const found = isUuid(webhookId)
    ? await ctx.db.authWebhook.findUnique({ where: { id: webhookId }, select: { id: true } })
    : null;
  if (!found) throw new NotFoundError("No such webhook.");
  const rows = await ctx.db.authWebhookDelivery.findMany({
    where: { webhookId },
    select: DELIVERY_SELECT,
    orderBy: { id: "desc" },
    ...pageArgs(query),
  });
  return toPage(query, rows, toDelivery);
}

/** Queues a delivery to be sent now (a replay), with a fresh retry schedule; the same webhook-id. */
export async function replayTenantDelivery(
  ctx: Ctx,
  deliveryId: string,
  actor?: Actor,
): Promise<TenantWebhookDelivery> {
  const found = isUuid(deliveryId)
    ? await ctx.db.authWebhookDelivery.findUnique({
        where: { id: deliveryId },
        select: { id: true, tenantId: true, webhookId: true, eventType: true },
      })
    : null;
  if (!found) throw new NotFoundError("No such delivery.");
  await requeueDelivery(ctx.db, TENANT_WEBHOOK_STORE, deliveryId);
  await audit(ctx, {
    type: "webhook_replayed",
    tenantId: found.tenantId,
    ...actorFields(actor),
    detail: { webhook_id: found.webhookId, delivery_id: found.id, event: found.eventType },
  });
  return toDelivery(
    await ctx.db.authWebhookDelivery.findUniqueOrThrow({
      where: { id: deliveryId },
      select: DELIVERY_SELECT,
    }),
  );
}
