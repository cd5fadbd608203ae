// The board's webhook store for the shared delivery worker (@org/service-kit's DeliveryWorker:
// lease, retries, disabling, NOTIFY wake-up, guarded fetch). Deliveries are written with the event
// they carry (event-log.ts: one per enabled webhook that takes the event's type). An endpoint the
// worker disables notifies the project's admins and owners (a `webhook_disabled` notification, in
// the transaction that disables it), told live after commit.
import { Prisma, SQL_NOW, SQL_UUID_V7, type Db } from "@org/db";
import {
  DeliveryWorker,
  notifyDeliveries as notifyStore,
  sweepDeliveries,
  wakeDeliveries as wakeStore,
  type DeliveryWorkerOptions,
  type WebhookStore,
} from "@org/service-kit";
import type { BoardEvents } from "./context.ts";
import { publishToUser } from "./user-events.ts";
import { NEEDS, rolesWith } from "./permissions.ts";

export { webhookPolicy, type WebhookPolicy } from "@org/service-kit";

/** NOTIFYed when deliveries are queued (or replayed): every instance's worker looks at once. */
export const DELIVERIES_CHANNEL = "webhook_deliveries";

/** The board's webhook tables (the store's names, read by the worker and the delivery log). */
export const BOARD_WEBHOOK_TABLES = {
  endpoints: "webhooks",
  deliveries: "webhook_deliveries",
  attempts: "webhook_delivery_attempts",
  channel: DELIVERIES_CHANNEL,
} as const;

/** Wakes this process's workers on `db` (a delivery was just queued). */
export function wakeDeliveries(db: Db): void {
  wakeStore(db, DELIVERIES_CHANNEL);
}

/** Wakes every instance's workers (a replay, an endpoint resumed) and this process's at once. */
export function notifyDeliveries(db: Db): Promise<void> {
  return notifyStore(db, DELIVERIES_CHANNEL);
}

/** The envelope's JSON in a fixed key order: what is signed and sent. */
export function deliveryBody(payload: Record<string, unknown>): string {
  const { seq, type, project_id, actor_id, at, data } = payload;
  return JSON.stringify({ seq, type, project_id, actor_id, at, data });
}

interface Notified {
  id: string;
  user_id: string;
  project_id: string;
}

/** The board's tables, and the notifications an endpoint the worker disables sends. */
function boardStore(events: BoardEvents | undefined): WebhookStore<Notified> {
  return {
    ...BOARD_WEBHOOK_TABLES,
    body: deliveryBody,
    whenDisabled: Prisma.sql`
      INSERT INTO notifications
        (id, user_id, actor_id, kind, project_id, excerpt, project_name, webhook_id, webhook_url, created_at)
      SELECT ${SQL_UUID_V7}, m.user_id, NULL, 'webhook_disabled', u.project_id, u.disabled_reason,
        p.name, u.id, u.url, ${SQL_NOW}
      FROM updated u JOIN projects p ON p.id = u.project_id
      JOIN project_members m ON m.project_id = u.project_id
        AND m.role = ANY(${rolesWith(NEEDS.manage)}::project_role[])
      WHERE u.was_enabled AND NOT u.enabled
      RETURNING id::text, user_id::text, project_id::text`,
    // Told live after commit; the notification rows are what lasts (list_notifications, unread).
    disabled(rows, webhookId) {
      for (const row of rows) {
        publishToUser(
          { events, actor: null },
          row.project_id,
          "notification.created",
          { notification_id: row.id, card_id: null, webhook_id: webhookId },
          row.user_id,
        );
      }
    },
  };
}

export type WebhookWorkerOptions = Omit<DeliveryWorkerOptions<Notified>, "store"> & {
  /** The live transport: tells the admins' open clients of a disabled endpoint's notification. */
  events?: BoardEvents | undefined;
};

export class WebhookWorker extends DeliveryWorker<Notified> {
  constructor({ events, ...options }: WebhookWorkerOptions) {
    super({ ...options, store: boardStore(events) });
  }
}

/** Forgets deliveries (and their attempts) created more than `days` ago (the sweeper). */
export function sweepWebhookDeliveries(db: Db, days: number): Promise<number> {
  return sweepDeliveries(db, { deliveries: "webhook_deliveries" }, days);
}
