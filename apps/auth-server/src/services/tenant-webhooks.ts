// Tenant webhooks: a tenant hears of its users' events (user.created, user.deleted, passkey.added,
// passkey.removed, login.succeeded, login.failed). A service emits an event with emitTenantEvent in
// the transaction of the change it reports: one delivery row per enabled endpoint that takes the
// type (the deliveries table is the outbox), so an event is sent if and only if its change
// committed. The shared delivery worker (@org/service-kit) sends them, signed per endpoint secret,
// on the board's retry schedule.
import type { TenantEventType } from "@org/contracts";
import { Prisma, SQL_NOW, SQL_UUID_V7, type Db } from "@org/db";
import { DeliveryWorker, type DeliveryWorkerOptions, type WebhookStore } from "@org/service-kit";

/** NOTIFYed when tenant deliveries are queued or replayed: every instance's worker looks at once. */
export const TENANT_DELIVERIES_CHANNEL = "auth_webhook_deliveries";

/** The body signed and sent: the Standard Webhooks payload shape, in a fixed key order. */
export function tenantDeliveryBody(payload: Record<string, unknown>): string {
  const { type, timestamp, data } = payload;
  return JSON.stringify({ type, timestamp, data });
}

export const TENANT_WEBHOOK_STORE: WebhookStore = {
  endpoints: "auth_webhooks",
  deliveries: "auth_webhook_deliveries",
  attempts: "auth_webhook_delivery_attempts",
  channel: TENANT_DELIVERIES_CHANNEL,
  body: tenantDeliveryBody,
};

/** Sends the tenants' deliveries (every instance runs one; they never send one twice). */
export class TenantWebhookWorker extends DeliveryWorker {
  constructor(options: Omit<DeliveryWorkerOptions, "store">) {
    super({ ...options, store: TENANT_WEBHOOK_STORE });
  }
}

/** What every event's data says of its user. */
export interface TenantEventUser {
  id: string;
  externalId: string;
}

/**
 * An event's `data`: its user, and per type: `passkey: {id}` (passkey.*), `method` (login.*),
 * `reason` (login.failed).
 */
export interface TenantEventData {
  user: TenantEventUser | null;
  passkey?: { id: string };
  method?: "passkey" | "password";
  reason?: string;
}

/**
 * The INSERT of one event's deliveries, taking effect only if `condition` (SQL) holds, so that it
 * can be a data-modifying part of a larger statement (logins.ts). Answers a row per delivery.
 */
export function tenantEventInsert(
  tenantId: string,
  type: TenantEventType,
  data: TenantEventData,
  condition: Prisma.Sql = Prisma.sql`true`,
): Prisma.Sql {
  const payload = JSON.stringify({ type, timestamp: new Date().toISOString(), data });
  return Prisma.sql`
    INSERT INTO auth_webhook_deliveries
      (id, webhook_id, tenant_id, event_type, payload, next_attempt_at, created_at, updated_at)
    SELECT ${SQL_UUID_V7}, w.id, w.tenant_id, ${type}, ${payload}::jsonb, ${SQL_NOW}, ${SQL_NOW}, ${SQL_NOW}
    FROM auth_webhooks w
    WHERE w.tenant_id = ${tenantId}::uuid AND w.enabled
      AND (cardinality(w.events) = 0 OR ${type} = ANY(w.events)) AND ${condition}
    RETURNING 1`;
}

/** The statement emitTenantEvent runs (for a batch transaction: `db.$transaction([...])`). */
export function tenantEventStatement(
  tenantId: string,
  type: TenantEventType,
  data: TenantEventData,
): Prisma.Sql {
  return Prisma.sql`
    WITH queued AS (${tenantEventInsert(tenantId, type, data)})
    SELECT count(*)::int AS queued,
      CASE WHEN count(*) > 0 THEN pg_notify(${TENANT_DELIVERIES_CHANNEL}, '')::text END AS notified
    FROM queued`;
}

/**
 * Emits one tenant event: queues a delivery for each of the tenant's enabled endpoints that takes
 * `type`, in `tx` (a transaction, so the event commits with the change it reports), and wakes the
 * delivery workers of every instance at commit. Answers the number of deliveries queued.
 */
export async function emitTenantEvent(
  tx: Db | Prisma.TransactionClient,
  tenantId: string,
  type: TenantEventType,
  data: TenantEventData,
): Promise<number> {
  const [row] = await tx.$queryRaw<Array<{ queued: number }>>(tenantEventStatement(tenantId, type, data));
  return row?.queued ?? 0;
}

/** A user as events name them (null: a failed login that named no known user). */
export const eventUser = (user: { id: string; externalId: string }): TenantEventUser => ({
  id: user.id,
  externalId: user.externalId,
});
