import { runService, socketLimits, type Realtime } from "@org/service-kit";
import { createApp } from "./app.ts";
import { createTenantClient } from "./auth-server/tenant-client.ts";
import { loadBoardEnv } from "./env.ts";
import { boardMailer } from "./mail.ts";
import { webConfig } from "./http/web.ts";
import { attachBoardRealtime, SocketBoardEvents } from "./realtime/index.ts";
import { sweepIdempotencyKeys } from "./operations/idempotency.ts";
import { sendDueReminders } from "./services/due-reminders.ts";
import { sweepEvents } from "./services/event-log.ts";
import { FileStore } from "./services/file-store.ts";
import { mailNotifications } from "./services/notification-mail.ts";
import { sweepWebhookDeliveries, webhookPolicy, WebhookWorker } from "./services/webhook-delivery.ts";
import { sweepSignups } from "./services/web-signup.ts";
import { purgeExpiredTrash } from "./services/trash.ts";

const env = loadBoardEnv();
const events = new SocketBoardEvents();
const tenant = env.authServer && createTenantClient(env.authServer);
/** One mailer for the app and the sweeper (the development outbox lives in it). */
const mailer = boardMailer(env);
let realtime: Realtime | undefined;
/**
 * Once a minute: clears abandoned sign-ups (their auth server users), idempotency keys older
 * than 24 hours, events older than EVENT_RETENTION_DAYS and webhook deliveries older than
 * WEBHOOK_DELIVERY_RETENTION_DAYS, and cards in a project's trash for more than 30 days; reminds assignees of cards due within a day; mails new
 * notifications to those who opted in.
 */
let sweeper: NodeJS.Timeout | undefined;
/** Sends the projects' webhook deliveries (every instance runs one; they never send one twice). */
let webhookWorker: WebhookWorker | undefined;

void runService({
  name: "board-api",
  env,
  createApp: (deps) => createApp({ ...deps, events, tenant, mailer }),
  onServer(server, { db, logger, metrics }) {
    realtime = attachBoardRealtime(server, {
      db,
      redisUrl: env.REDIS_URL,
      events,
      web: webConfig(env),
      limits: socketLimits(env),
      logger,
      metrics,
    });
    const files = new FileStore(env.ATTACHMENTS_DIR);
    webhookWorker = new WebhookWorker({ db, logger, policy: webhookPolicy(env), events }).start();
    let sweeping = false;
    sweeper = setInterval(() => {
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
          .catch((error: unknown) =>
            logger.warn({ err: error }, "reminder or notification mail sweep failed"),
          ),
      ];
      void Promise.all(sweeps).finally(() => (sweeping = false));
    }, 60_000).unref();
  },
  // Open websockets would keep the HTTP server's close() waiting: drop them first.
  beforeClose: () => realtime?.disconnect(),
  async onShutdown() {
    clearInterval(sweeper);
    await webhookWorker?.stop();
    await realtime?.close();
  },
});
