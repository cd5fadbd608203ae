// The board's housekeeping, once a minute on every instance (each sweep is safe to run twice).
import type { Db } from "@org/db";
import type { Logger, Mailer } from "@org/service-kit";
import type { TenantClient } from "./auth-server/tenant-client.ts";
import type { BoardEnv } from "./env.ts";
import { sweepIdempotencyKeys } from "./operations/idempotency.ts";
import { sendDueReminders } from "./services/due-reminders.ts";
import type { BoardEvents } from "./services/context.ts";
import { sweepEvents } from "./services/event-log.ts";
import { FileStore } from "./services/file-store.ts";
import { mailNotifications } from "./services/notification-mail.ts";
import { purgeExpiredTrash } from "./services/trash.ts";
import { sweepWebhookDeliveries } from "./services/webhook-delivery.ts";
import { sweepSignups } from "./services/web-signup.ts";

/**
 * Once a minute: clears abandoned sign-ups (their auth server users), idempotency keys older
 * than 24 hours, events older than EVENT_RETENTION_DAYS and webhook deliveries older than
 * WEBHOOK_DELIVERY_RETENTION_DAYS, and cards in a project's trash for more than 30 days; reminds
 * assignees of cards due within a day; mails new notifications to those who opted in.
 * Returns what stops it.
 */
export function startSweeper({
  env,
  db,
  logger,
  events,
  tenant,
  mailer,
}: {
  env: BoardEnv;
  db: Db;
  logger: Logger;
  events: BoardEvents;
  tenant: TenantClient | undefined;
  mailer: Mailer | undefined;
}): () => void {
  const files = new FileStore(env.ATTACHMENTS_DIR);
  let sweeping = false;
  const sweeper = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    const sweeps = [
      tenant &&
        sweepSignups({ db, tenant, logger }).catch((error: unknown) =>
          logger.warn({ err: error }, "sign-up sweep failed"),
        ),
      sweepIdempotencyKeys(db).catch((error: unknown) =>
        logger.warn({ err: error }, "idempotency key sweep failed"),
      ),
      sweepEvents(db, env.EVENT_RETENTION_DAYS).catch((error: unknown) =>
        logger.warn({ err: error }, "event log sweep failed"),
      ),
      sweepWebhookDeliveries(db, env.WEBHOOK_DELIVERY_RETENTION_DAYS).catch((error: unknown) =>
        logger.warn({ err: error }, "webhook delivery sweep failed"),
      ),
      purgeExpiredTrash(db, files).catch((error: unknown) =>
        logger.warn({ err: error }, "trash sweep failed"),
      ),
      // The reminders first, so that their mails go in the same sweep.
      sendDueReminders({ db, events })
        .then(
          () =>
            mailer &&
            mailNotifications({
              db,
              mailer,
              publicUrl: env.PUBLIC_URL,
              onError: (error) => logger.warn({ err: error }, "a notification mail failed"),
            }),
        )
        .catch((error: unknown) => logger.warn({ err: error }, "reminder or notification mail sweep failed")),
    ];
    void Promise.all(sweeps).finally(() => (sweeping = false));
  }, 60_000).unref();
  return () => clearInterval(sweeper);
}
