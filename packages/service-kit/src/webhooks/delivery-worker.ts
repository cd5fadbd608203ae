// The webhook delivery worker both services run. Deliveries are written by the service in the
// transaction of the change they report (the deliveries table is the outbox: one row per enabled
// endpoint that takes the event); every instance runs a worker that claims due ones with FOR UPDATE
// SKIP LOCKED and a lease (`locked_until`), so two instances never send one at the same time, POSTs
// each through the guarded fetch (public addresses only unless WEBHOOK_ALLOW_PRIVATE), signed the
// Standard Webhooks way, and records the attempt. A non-2xx answer (or none) is retried on
// WEBHOOK_RETRY_SCHEDULE_SECONDS, then the delivery is failed; an endpoint whose attempts all failed
// for WEBHOOK_DISABLE_AFTER_DAYS is disabled (the store's `whenDisabled` statement runs in the same
// transaction: the board notifies the project's admins). At least once: a worker that dies mid-send
// leaves the lease to expire, and another sends it again.
import { WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_RETRY_SCHEDULE_SECONDS } from "@org/contracts";
import { Prisma, SQL_NOW, SQL_UUID_V7, subscribe, type Db, type Subscription } from "@org/db";
import { Webhook } from "standardwebhooks";
import type { Logger } from "../logger.ts";
import { guardedFetch, OutboundFetchError } from "../outbound/guarded-fetch.ts";
import type { WebhookPolicy } from "./policy.ts";

/**
 * Where one service keeps its webhooks. The tables have the same columns in both services:
 * endpoints (id, url, secret, enabled, disabled_reason, failing_since), deliveries (id, webhook_id,
 * payload, status webhook_delivery_status, tries, next_attempt_at, locked_until, created_at,
 * updated_at) and attempts (id, delivery_id, at, status_code, duration_ms, error).
 */
export interface WebhookStore<Disabled = { id: string }> {
  endpoints: string;
  deliveries: string;
  attempts: string;
  /** NOTIFYed when deliveries are queued (or replayed): every instance's worker looks at once. */
  channel: string;
  /** The body signed and sent, from a delivery's stored payload. */
  body(payload: Record<string, unknown>): string;
  /**
   * Ends the statement that records a failed attempt: reads the CTE `updated` (the endpoint's row
   * and `was_enabled`) and answers rows, handed to `disabled` after commit. Default: the endpoint's
   * id, when this attempt disabled it.
   */
  whenDisabled?: Prisma.Sql;
  disabled?(rows: Disabled[], webhookId: string): void;
}

export interface DeliveryWorkerOptions<Disabled = { id: string }> {
  db: Db;
  logger: Logger;
  policy: WebhookPolicy;
  store: WebhookStore<Disabled>;
  /** How often due deliveries are looked for besides the local wake-ups (default 1 s). */
  pollMs?: number;
  /** Seconds before each retry (default WEBHOOK_RETRY_SCHEDULE_SECONDS); its length + 1 attempts in all. */
  retrySchedule?: readonly number[];
  /** Each attempt's time limit (default 10 s). */
  timeoutMs?: number;
  /** Deliveries claimed (and sent in parallel) at once (default 10). */
  batch?: number;
}

interface Claimed {
  id: string;
  webhook_id: string;
  tries: number;
  payload: Record<string, unknown>;
  url: string;
  secret: string;
}

const workers = new WeakMap<Db, Set<{ channel: string; wake(): void }>>();

/** Wakes this process's workers of `channel` on `db` (a delivery was just queued). */
export function wakeDeliveries(db: Db, channel: string): void {
  for (const worker of workers.get(db) ?? []) if (worker.channel === channel) worker.wake();
}

/** Wakes every instance's workers of `channel` (a replay, an endpoint resumed) and this process's at once. */
export async function notifyDeliveries(db: Db, channel: string): Promise<void> {
  await db.$executeRaw`SELECT pg_notify(${channel}, '')`;
  wakeDeliveries(db, channel);
}

const DISABLE_AFTER = Prisma.raw(`interval '${WEBHOOK_DISABLE_AFTER_DAYS} days'`);

export class DeliveryWorker<Disabled = { id: string }> {
  readonly channel: string;
  private timer: NodeJS.Timeout | undefined;
  private subscription: Subscription | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private readonly pollMs: number;
  private readonly schedule: readonly number[];
  private readonly timeoutMs: number;
  private readonly batch: number;
  private readonly endpoints: Prisma.Sql;
  private readonly deliveries: Prisma.Sql;
  private readonly attempts: Prisma.Sql;

  constructor(private readonly options: DeliveryWorkerOptions<Disabled>) {
    this.channel = options.store.channel;
    this.pollMs = options.pollMs ?? 1000;
    this.schedule = options.retrySchedule ?? WEBHOOK_RETRY_SCHEDULE_SECONDS;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.batch = options.batch ?? 10;
    // Table names come from code (the service's store), never from input.
    this.endpoints = Prisma.raw(options.store.endpoints);
    this.deliveries = Prisma.raw(options.store.deliveries);
    this.attempts = Prisma.raw(options.store.attempts);
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
    this.subscription = subscribe(this.options.db, this.channel, {
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
    const { endpoints, deliveries } = this;
    return this.options.db.$queryRaw<Claimed[]>`
      UPDATE ${deliveries} AS d
      SET locked_until = ${SQL_NOW} + ${Prisma.raw(`interval '${leaseSeconds} seconds'`)},
          tries = d.tries + 1, updated_at = ${SQL_NOW}
      FROM ${endpoints} AS w
      WHERE w.id = d.webhook_id AND d.id IN (
        SELECT due.id FROM ${deliveries} AS due JOIN ${endpoints} AS e ON e.id = due.webhook_id
        WHERE due.status = 'pending' AND due.next_attempt_at <= ${SQL_NOW}
          AND (due.locked_until IS NULL OR due.locked_until < ${SQL_NOW}) AND e.enabled
        ORDER BY due.next_attempt_at, due.id
        LIMIT ${this.batch}
        FOR UPDATE OF due SKIP LOCKED
      )
      RETURNING d.id::text AS id, d.webhook_id::text AS webhook_id, d.tries, d.payload, w.url, w.secret`;
  }

  private async send(delivery: Claimed): Promise<void> {
    const { db, logger, policy, store } = this.options;
    const body = store.body(delivery.payload);
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
    const { endpoints, deliveries, attempts } = this;
    const [, , outcome] = await db.$transaction([
      db.$executeRaw`
        INSERT INTO ${attempts} (id, delivery_id, at, status_code, duration_ms, error)
        VALUES (${SQL_UUID_V7}, ${delivery.id}::uuid, ${SQL_NOW}, ${statusCode}, ${durationMs}, ${error})`,
      db.$executeRaw`
        UPDATE ${deliveries}
        SET status = ${status}::webhook_delivery_status, locked_until = NULL, updated_at = ${SQL_NOW},
            next_attempt_at = ${
              retryIn === undefined
                ? Prisma.sql`NULL`
                : Prisma.sql`${SQL_NOW} + ${Prisma.raw(`interval '${Math.max(0, retryIn)} seconds'`)}`
            }
        WHERE id = ${delivery.id}::uuid`,
      error === null
        ? db.$executeRaw`UPDATE ${endpoints} SET failing_since = NULL
            WHERE id = ${delivery.webhook_id}::uuid AND failing_since IS NOT NULL`
        : this.failed(delivery.webhook_id, error),
    ]);
    // A success answers a row count, a failure the `whenDisabled` rows (if it disabled the endpoint).
    if (Array.isArray(outcome) && outcome.length > 0) store.disabled?.(outcome, delivery.webhook_id);
  }

  /**
   * After a failed attempt: the endpoint is failing from now (if it was not yet), and disabled once
   * it has been for WEBHOOK_DISABLE_AFTER_DAYS. The row is locked and read at its newest, so of two
   * workers failing it at once, one disables it (and runs `whenDisabled`'s effect), once.
   */
  private failed(webhookId: string, error: string) {
    const reason = `Every delivery failed for ${WEBHOOK_DISABLE_AFTER_DAYS} days (the last: ${error}); fix the receiver and enable it again.`;
    const { endpoints } = this;
    const tail =
      this.options.store.whenDisabled ??
      Prisma.sql`SELECT id::text AS id FROM updated WHERE was_enabled AND NOT enabled`;
    return this.options.db.$queryRaw<Disabled[]>`
      WITH locked AS (
        SELECT id, enabled FROM ${endpoints} WHERE id = ${webhookId}::uuid FOR UPDATE
      ), updated AS (
        UPDATE ${endpoints} AS w SET
          failing_since = COALESCE(w.failing_since, ${SQL_NOW}),
          enabled = CASE WHEN w.failing_since < ${SQL_NOW} - ${DISABLE_AFTER} THEN false ELSE w.enabled END,
          disabled_reason = CASE WHEN w.failing_since < ${SQL_NOW} - ${DISABLE_AFTER}
            THEN ${reason} ELSE w.disabled_reason END
        FROM locked WHERE w.id = locked.id
        RETURNING w.*, locked.enabled AS was_enabled
      )
      ${tail}`;
  }
}

/** Forgets a store's deliveries (and their attempts) created more than `days` ago (the sweeper). */
export async function sweepDeliveries(db: Db, store: Pick<WebhookStore, "deliveries">, days: number) {
  return db.$executeRaw`
    DELETE FROM ${Prisma.raw(store.deliveries)}
    WHERE created_at < ${SQL_NOW} - ${Prisma.raw(`interval '${Math.floor(days)} days'`)}
      AND status <> 'pending'`;
}
