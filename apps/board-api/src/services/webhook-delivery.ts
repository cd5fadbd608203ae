// The webhook delivery worker. Deliveries are written with the event they carry (event-log.ts:
// one per enabled webhook that takes the event's type); every instance runs a worker that claims
// due ones with FOR UPDATE SKIP LOCKED and a lease (`locked_until`), so two instances never send
// one at the same time, POSTs each through the guarded fetch (public addresses only unless
// WEBHOOK_ALLOW_PRIVATE), signed the Standard Webhooks way, and records the attempt. A non-2xx
// answer (or none) is retried on WEBHOOK_RETRY_SCHEDULE_SECONDS, then the delivery is failed; an
// endpoint whose attempts all failed for WEBHOOK_DISABLE_AFTER_DAYS is disabled, and the project's
// admins and owners are notified (a `webhook_disabled` notification, in the same transaction). At
// least once: a worker that dies mid-send leaves the lease to expire, and another sends it again.
import { WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_RETRY_SCHEDULE_SECONDS } from "@org/contracts";
import { Prisma, SQL_NOW, SQL_UUID_V7, subscribe, type Db, type Subscription } from "@org/db";
import { guardedFetch, OutboundFetchError, type Logger } from "@org/service-kit";
import { Webhook } from "standardwebhooks";
import { publishToUser, type BoardEvents } from "./events.ts";
import { NEEDS, rolesWith } from "./permissions.ts";

/** NOTIFYed when deliveries are queued (or replayed): every instance's worker looks at once. */
export const DELIVERIES_CHANNEL = "webhook_deliveries";

/** Where receivers may be: https only in production, public addresses unless allowed. */
export interface WebhookPolicy {
  protocols: ReadonlyArray<"https:" | "http:">;
  allowPrivateAddresses: boolean;
}

export function webhookPolicy(env: { NODE_ENV: string; WEBHOOK_ALLOW_PRIVATE: boolean }): WebhookPolicy {
  return {
    protocols: env.NODE_ENV === "production" ? ["https:"] : ["https:", "http:"],
    allowPrivateAddresses: env.WEBHOOK_ALLOW_PRIVATE,
  };
}

export interface WebhookWorkerOptions {
  db: Db;
  logger: Logger;
  policy: WebhookPolicy;
  /** How often due deliveries are looked for besides the local wake-ups (default 1 s). */
  pollMs?: number;
  /** Seconds before each retry (default WEBHOOK_RETRY_SCHEDULE_SECONDS); its length + 1 attempts in all. */
  retrySchedule?: readonly number[];
  /** Each attempt's time limit (default 10 s). */
  timeoutMs?: number;
  /** Deliveries claimed (and sent in parallel) at once (default 10). */
  batch?: number;
  /** The live transport: tells the admins' open clients of a disabled endpoint's notification. */
  events?: BoardEvents | undefined;
}

interface Claimed {
  id: string;
  webhook_id: string;
  tries: number;
  payload: Record<string, unknown>;
  url: string;
  secret: string;
}

const workers = new WeakMap<Db, Set<WebhookWorker>>();

/** Wakes this process's workers on `db` (a delivery was just queued). */
export function wakeDeliveries(db: Db): void {
  for (const worker of workers.get(db) ?? []) worker.wake();
}

/** Wakes every instance's workers (a replay, an endpoint resumed) and this process's at once. */
export async function notifyDeliveries(db: Db): Promise<void> {
  await db.$executeRaw`SELECT pg_notify(${DELIVERIES_CHANNEL}, '')`;
  wakeDeliveries(db);
}

/** The envelope's JSON in a fixed key order: what is signed and sent. */
export function deliveryBody(payload: Record<string, unknown>): string {
  const { seq, type, project_id, actor_id, at, data } = payload;
  return JSON.stringify({ seq, type, project_id, actor_id, at, data });
}

export class WebhookWorker {
  private timer: NodeJS.Timeout | undefined;
  private subscription: Subscription | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private readonly pollMs: number;
  private readonly schedule: readonly number[];
  private readonly timeoutMs: number;
  private readonly batch: number;

  constructor(private readonly options: WebhookWorkerOptions) {
    this.pollMs = options.pollMs ?? 1000;
    this.schedule = options.retrySchedule ?? WEBHOOK_RETRY_SCHEDULE_SECONDS;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.batch = options.batch ?? 10;
  }

  start(): this {
    if (!this.stopped) return this;
    this.stopped = false;
    let set = workers.get(this.options.db);
    if (!set) workers.set(this.options.db, (set = new Set()));
    set.add(this);
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    // Deliveries queued by other instances wake this one at once (else: at the next poll).
    this.subscription = subscribe(this.options.db, DELIVERIES_CHANNEL, {
      message: () => this.wake(),
      reset: () => this.wake(),
      resumed: () => this.wake(),
    });
    this.wake();
    return this;
  }

  /** Stops claiming; waits for the deliveries being sent. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.subscription?.unsubscribe();
    workers.get(this.options.db)?.delete(this);
    await this.running;
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.options.logger.warn({ err: error }, "webhook delivery round failed"))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Sends what is due until nothing is. */
  private async drain(): Promise<void> {
    while (!this.stopped) {
      const claimed = await this.claim();
      await Promise.all(claimed.map((delivery) => this.send(delivery)));
      if (claimed.length < this.batch) return;
    }
  }

  private claim(): Promise<Claimed[]> {
    const leaseSeconds = Math.ceil(this.timeoutMs / 1000) + 60;
    return this.options.db.$queryRaw<Claimed[]>`
      UPDATE webhook_deliveries AS d
      SET locked_until = ${SQL_NOW} + ${Prisma.raw(`interval '${leaseSeconds} seconds'`)},
          tries = d.tries + 1, updated_at = ${SQL_NOW}
      FROM webhooks AS w
      WHERE w.id = d.webhook_id AND d.id IN (
        SELECT due.id FROM webhook_deliveries AS due JOIN webhooks ON webhooks.id = due.webhook_id
        WHERE due.status = 'pending' AND due.next_attempt_at <= ${SQL_NOW}
          AND (due.locked_until IS NULL OR due.locked_until < ${SQL_NOW}) AND webhooks.enabled
        ORDER BY due.next_attempt_at, due.id
        LIMIT ${this.batch}
        FOR UPDATE OF due SKIP LOCKED
      )
      RETURNING d.id::text AS id, d.webhook_id::text AS webhook_id, d.tries, d.payload, w.url, w.secret`;
  }

  private async send(delivery: Claimed): Promise<void> {
    const { db, logger, policy } = this.options;
    const body = deliveryBody(delivery.payload);
    const began = Date.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const now = new Date();
      const signature = new Webhook(delivery.secret).sign(delivery.id, now, body);
      const answer = await guardedFetch(delivery.url, {
        method: "POST",
        body,
        headers: {
          "content-type": "application/json",
          "webhook-id": delivery.id,
          "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
          "webhook-signature": signature,
        },
        protocols: policy.protocols,
        allowPrivateAddresses: policy.allowPrivateAddresses,
        timeoutMs: this.timeoutMs,
        maxBytes: 1024,
        truncate: true,
      });
      statusCode = answer.status;
      if (statusCode < 200 || statusCode >= 300) error = `answered ${statusCode} (a 2xx status is success)`;
    } catch (caught) {
      error =
        caught instanceof OutboundFetchError
          ? caught.message
          : `could not send: ${caught instanceof Error ? caught.message : String(caught)}`;
    }
    const durationMs = Date.now() - began;
    const retryIn = error === null ? undefined : this.schedule[delivery.tries - 1];
    const status = error === null ? "succeeded" : retryIn === undefined ? "failed" : "pending";
    if (error !== null) {
      // Never the secret nor the payload: which delivery, where, and why.
      logger.info(
        { delivery_id: delivery.id, webhook_id: delivery.webhook_id, status_code: statusCode, error },
        "webhook delivery attempt failed",
      );
    }
    const [, , outcome] = await db.$transaction([
      db.$executeRaw`
        INSERT INTO webhook_delivery_attempts (id, delivery_id, at, status_code, duration_ms, error)
        VALUES (${SQL_UUID_V7}, ${delivery.id}::uuid, ${SQL_NOW}, ${statusCode}, ${durationMs}, ${error})`,
      db.$executeRaw`
        UPDATE webhook_deliveries
        SET status = ${status}::webhook_delivery_status, locked_until = NULL, updated_at = ${SQL_NOW},
            next_attempt_at = ${
              retryIn === undefined
                ? Prisma.sql`NULL`
                : Prisma.sql`${SQL_NOW} + ${Prisma.raw(`interval '${Math.max(0, retryIn)} seconds'`)}`
            }
        WHERE id = ${delivery.id}::uuid`,
      error === null
        ? db.$executeRaw`UPDATE webhooks SET failing_since = NULL
            WHERE id = ${delivery.webhook_id}::uuid AND failing_since IS NOT NULL`
        : failed(db, delivery.webhook_id, error),
    ]);
    // Told live after commit; the notification rows are what lasts (list_notifications, unread).
    // A success answers a row count, a failure the notifications written (if it disabled the endpoint).
    for (const row of Array.isArray(outcome) ? outcome : []) {
      publishToUser(
        { events: this.options.events, actor: null },
        row.project_id,
        "notification.created",
        { notification_id: row.id, card_id: null, webhook_id: delivery.webhook_id },
        row.user_id,
      );
    }
  }
}

interface Notified {
  id: string;
  user_id: string;
  project_id: string;
}

const DISABLE_AFTER = Prisma.raw(`interval '${WEBHOOK_DISABLE_AFTER_DAYS} days'`);

/**
 * After a failed attempt: the endpoint is failing from now (if it was not yet), and disabled once it
 * has been for WEBHOOK_DISABLE_AFTER_DAYS; the statement that disables it notifies the project's
 * admins and owners (answered: those notifications). The row is locked and read at its newest, so
 * of two workers failing it at once, one disables it and notifies, once.
 */
function failed(db: Db, webhookId: string, error: string) {
  const reason = `Every delivery failed for ${WEBHOOK_DISABLE_AFTER_DAYS} days (the last: ${error}); fix the receiver and enable it again.`;
  return db.$queryRaw<Notified[]>`
    WITH locked AS (
      SELECT id, enabled FROM webhooks WHERE id = ${webhookId}::uuid FOR UPDATE
    ), updated AS (
      UPDATE webhooks AS w SET
        failing_since = COALESCE(w.failing_since, ${SQL_NOW}),
        enabled = CASE WHEN w.failing_since < ${SQL_NOW} - ${DISABLE_AFTER} THEN false ELSE w.enabled END,
        disabled_reason = CASE WHEN w.failing_since < ${SQL_NOW} - ${DISABLE_AFTER}
          THEN ${reason} ELSE w.disabled_reason END
      FROM locked WHERE w.id = locked.id
      RETURNING w.id, w.project_id, w.url, w.enabled, w.disabled_reason, locked.enabled AS was_enabled
    )
    INSERT INTO notifications
      (id, user_id, actor_id, kind, project_id, excerpt, project_name, webhook_id, webhook_url, created_at)
    SELECT ${SQL_UUID_V7}, m.user_id, NULL, 'webhook_disabled', u.project_id, u.disabled_reason, p.name,
      u.id, u.url, ${SQL_NOW}
    FROM updated u JOIN projects p ON p.id = u.project_id
    JOIN project_members m ON m.project_id = u.project_id
      AND m.role = ANY(${rolesWith(NEEDS.manage)}::project_role[])
    WHERE u.was_enabled AND NOT u.enabled
    RETURNING id::text, user_id::text, project_id::text`;
}

/** Forgets deliveries (and their attempts) created more than `days` ago (the sweeper). */
export async function sweepWebhookDeliveries(db: Db, days: number): Promise<number> {
  return db.$executeRaw`
    DELETE FROM webhook_deliveries
    WHERE created_at < ${SQL_NOW} - ${Prisma.raw(`interval '${Math.floor(days)} days'`)}
      AND status <> 'pending'`;
}
