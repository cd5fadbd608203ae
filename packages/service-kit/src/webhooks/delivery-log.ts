// What both services show of an endpoint's deliveries (its delivery log, attempts included) and how a
// person sends one again (replay). The tables are the store's (see delivery-worker.ts).
import { Prisma, SQL_NOW, type Db } from "@org/db";
import { ConflictError } from "../errors.ts";
import { notifyDeliveries, type WebhookStore } from "./delivery-worker.ts";

/** The Prisma `select` of a delivery's attempts, oldest first (shape of `DeliveryRow.attempts`). */
export const DELIVERY_ATTEMPTS_SELECT = {
  select: { at: true, statusCode: true, durationMs: true, error: true },
  orderBy: { id: "asc" as const },
} as const;

/** A delivery row as both services select it. */
export interface DeliveryRow {
  id: string;
  webhookId: string;
  eventType: string;
  status: "pending" | "succeeded" | "failed";
  nextAttemptAt: Date | null;
  createdAt: Date;
  attempts: Array<{ at: Date; statusCode: number | null; durationMs: number; error: string | null }>;
}

/** A delivery as the APIs answer it; a service adds what only it has (the board's event_seq…). */
export function deliveryWire(row: DeliveryRow) {
  return {
    id: row.id,
    webhook_id: row.webhookId,
    event_type: row.eventType,
    status: row.status,
    next_attempt_at: row.status === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    created_at: row.createdAt.toISOString(),
    attempts: row.attempts.map((attempt) => ({
      at: attempt.at.toISOString(),
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      error: attempt.error,
    })),
  };
}

/**
 * Queues a delivery to be sent now (a replay) with a fresh retry schedule and the same webhook-id
 * (receivers dedupe on it), and wakes the workers. One a worker holds right now is a conflict.
 */
export async function requeueDelivery(
  db: Db,
  store: Pick<WebhookStore, "deliveries" | "channel">,
  deliveryId: string,
): Promise<void> {
  const queued = await db.$executeRaw`
    UPDATE ${Prisma.raw(store.deliveries)}
    SET status = 'pending', tries = 0, next_attempt_at = ${SQL_NOW}, updated_at = ${SQL_NOW}
    WHERE id = ${deliveryId}::uuid AND (locked_until IS NULL OR locked_until < ${SQL_NOW})`;
  if (queued === 0) {
    throw new ConflictError("The delivery is being sent right now: look at its attempts in a few seconds.");
  }
  await notifyDeliveries(db, store.channel);
}
