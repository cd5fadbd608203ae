// The durable event feed: every project event that goes live (socket.io) is also appended to the
// project's ordered log (`project_events`), its `seq` taken from the project's counter row in the
// same statement, so that seq order is commit order: a reader that has seen seq N never later finds
// an event numbered below N appear. The append NOTIFYs `board_events` with the project id, which
// wakes the long-polls (GET /projects/{project_id}/events?wait=, MCP wait_for_events) of every
// instance. On the embedded database (one process) the local wake-up is enough; while the LISTEN
// connection is down, waiters look again every second.
import type { BoardEvent, ProjectEvent } from "@org/contracts";
import {
  notificationsEnabled,
  Prisma,
  sqlIso,
  SQL_NOW,
  SQL_UUID_V7,
  subscribe,
  type Db,
  type Subscription,
} from "@org/db";
import { AppError } from "@org/service-kit";
import { DELIVERIES_CHANNEL, wakeDeliveries } from "./webhook-delivery.ts";
import type { ServiceContext, Tx } from "./context.ts";
import { NEEDS, requireRole } from "./permissions.ts";
import { PROJECT_NOT_FOUND } from "./projects.ts";

export const EVENTS_CHANNEL = "board_events";
/** Longest a read may wait for an event (seconds). */
export const MAX_EVENT_WAIT_SECONDS = 30;
/** How often a waiter looks again when wake-ups from other instances may not arrive. */
const POLL_WITHOUT_NOTIFY_MS = 1000;

/** Who waits for which project's next event, in this process. */
class Waiters {
  private readonly waiting = new Map<string, Set<() => void>>();
  private subscription: Subscription | undefined;

  constructor(private readonly db: Db) {}

  /** Whether an append by any process wakes this one's waiters (else they poll). */
  get hearsEveryone(): boolean {
    if (!notificationsEnabled(this.db)) return true; // the embedded database: one process
    this.subscription ??= subscribe(this.db, EVENTS_CHANNEL, {
      message: (projectId) => this.wake(projectId),
      reset: () => this.wakeAll(),
      resumed: () => this.wakeAll(),
    });
    return this.subscription.listening;
  }

  /** A promise settled at the project's next append (or after `ms`); `cancel` forgets it. */
  arm(projectId: string): { next: (ms: number) => Promise<void>; cancel: () => void } {
    let wake!: () => void;
    const woken = new Promise<void>((resolve) => (wake = resolve));
    let set = this.waiting.get(projectId);
    if (!set) this.waiting.set(projectId, (set = new Set()));
    set.add(wake);
    let timer: NodeJS.Timeout | undefined;
    const cancel = () => {
      clearTimeout(timer);
      set.delete(wake);
      if (set.size === 0 && this.waiting.get(projectId) === set) this.waiting.delete(projectId);
    };
    return {
      next: (ms) => Promise.race([woken, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]),
      cancel,
    };
  }

  wake(projectId: string): void {
    for (const wake of this.waiting.get(projectId) ?? []) wake();
  }

  wakeAll(): void {
    for (const set of this.waiting.values()) for (const wake of set) wake();
  }
}

const waiters = new WeakMap<Db, Waiters>();
function waitersOf(db: Db): Waiters {
  let found = waiters.get(db);
  if (!found) waiters.set(db, (found = new Waiters(db)));
  return found;
}

/**
 * Writes `event` to its project's log (and queues its webhook deliveries) in the transaction `tx`
 * (withEvents): the append commits or rolls back with the change, and its NOTIFYs are sent at
 * commit. The caller wakes this process's waiters after commit (eventsCommitted).
 */
export async function insertEvent(
  tx: Tx,
  event: BoardEvent,
): Promise<{ seq: string | undefined; deliveries: number }> {
  const rows = await tx.$queryRaw<Array<{ seq: string; deliveries: number }>>`
    WITH counter AS (
      INSERT INTO project_event_counters (project_id, last_seq)
      SELECT id, 1 FROM projects WHERE id = ${event.project_id}::uuid
      ON CONFLICT (project_id) DO UPDATE SET last_seq = project_event_counters.last_seq + 1
      RETURNING last_seq
    ), appended AS (
      INSERT INTO project_events (project_id, seq, type, actor_id, at, data)
      SELECT ${event.project_id}::uuid, counter.last_seq, ${event.type}, ${event.actor_id}::uuid,
             ${event.at}::timestamptz AT TIME ZONE 'UTC', ${JSON.stringify(event.data)}::jsonb
      FROM counter
      RETURNING seq
    ), queued AS (
      -- One delivery per enabled webhook of the project that takes this type (webhooks.ts).
      INSERT INTO webhook_deliveries
        (id, webhook_id, project_id, event_seq, event_type, payload, next_attempt_at, created_at, updated_at)
      SELECT ${SQL_UUID_V7}, webhooks.id, webhooks.project_id, appended.seq, ${event.type},
             jsonb_build_object('seq', appended.seq::text, 'type', ${event.type}::text,
               'project_id', ${event.project_id}::text, 'actor_id', ${event.actor_id}::text,
               'at', ${event.at}::text, 'data', ${JSON.stringify(event.data)}::jsonb),
             ${SQL_NOW}, ${SQL_NOW}, ${SQL_NOW}
      FROM webhooks, appended
      WHERE webhooks.project_id = ${event.project_id}::uuid AND webhooks.enabled
        AND (cardinality(webhooks.events) = 0 OR ${event.type} = ANY(webhooks.events))
      RETURNING 1
    ), notified AS (
      SELECT pg_notify(${EVENTS_CHANNEL}, ${event.project_id})::text AS done,
             (SELECT count(*) FROM queued) AS deliveries
    ), deliveries_notified AS (
      -- Wakes the delivery workers of every instance, when there is something to send.
      SELECT CASE WHEN deliveries > 0 THEN pg_notify(${DELIVERIES_CHANNEL}, '') END AS done FROM notified
    )
    SELECT appended.seq::text AS seq, notified.deliveries::int AS deliveries
    FROM appended, notified, deliveries_notified`;
  return { seq: rows[0]?.seq, deliveries: rows[0]?.deliveries ?? 0 };
}

/** After commit: wakes this process's long-polls of `projectIds` and, if any were queued, its delivery worker. */
export function eventsCommitted(db: Db, projectIds: Iterable<string>, deliveries: boolean): void {
  if (deliveries) wakeDeliveries(db);
  const owner = waitersOf(db);
  for (const projectId of new Set(projectIds)) owner.wake(projectId);
}

interface EventRow {
  seq: string;
  type: string;
  actor_id: string | null;
  at: string;
  data: Record<string, unknown>;
}

async function readEvents(db: Db, projectId: string, after: bigint, limit: number): Promise<EventRow[]> {
  return db.$queryRaw<EventRow[]>`
    SELECT seq::text AS seq, type, actor_id::text AS actor_id, ${sqlIso("at")} AS at, data
    FROM project_events
    WHERE project_id = ${projectId}::uuid AND seq > ${after}
    ORDER BY seq LIMIT ${limit}`;
}

/** The log's bounds: the oldest seq kept and the last seq given out ("0": none yet). */
async function bounds(db: Db, projectId: string): Promise<{ oldest: bigint | null; last: bigint }> {
  const [row] = await db.$queryRaw<Array<{ oldest: string | null; last: string | null }>>`
    SELECT (SELECT min(seq)::text FROM project_events WHERE project_id = ${projectId}::uuid) AS oldest,
           (SELECT last_seq::text FROM project_event_counters WHERE project_id = ${projectId}::uuid) AS last`;
  return { oldest: row?.oldest ? BigInt(row.oldest) : null, last: BigInt(row?.last ?? "0") };
}

export class GoneError extends AppError {
  constructor(message: string) {
    super("gone", message);
  }
}

/**
 * What happened in the project after `after` (absent: from the oldest kept), at most `limit`
 * events; with `wait` > 0 and nothing yet, held until an event is appended (any instance) or
 * `wait` seconds pass. `after` older than what is kept (retention) is `gone`.
 */
export async function listEvents(
  ctx: ServiceContext & {
    projectId: string;
    query: { after?: string | undefined; limit: number; wait: number };
  },
): Promise<{ data: ProjectEvent[]; next_after: string }> {
  await requireRole(ctx, ctx.projectId, NEEDS.read, PROJECT_NOT_FOUND);
  const { db, projectId } = ctx;
  const { limit, wait } = ctx.query;
  let after = ctx.query.after === undefined ? undefined : BigInt(ctx.query.after);
  const { oldest, last } = await bounds(db, projectId);
  if (after !== undefined && after < last) {
    // Something after `after` was given out: it must still be kept.
    const firstKept = oldest ?? last + 1n;
    if (after + 1n < firstKept) {
      throw new GoneError(
        `Events after seq ${after} are no longer kept (retention): the oldest available seq is ${firstKept}; ` +
          `continue with after=${firstKept - 1n}.`,
      );
    }
  }
  after ??= oldest === null ? last : oldest - 1n;
  const owner = waitersOf(db);
  const deadline = Date.now() + Math.min(wait, MAX_EVENT_WAIT_SECONDS) * 1000;
  for (;;) {
    // Armed before reading: an append between the read and the wait still wakes it.
    const waiter = owner.arm(projectId);
    try {
      const rows = await readEvents(db, projectId, after, limit);
      const remaining = deadline - Date.now();
      if (rows.length > 0 || remaining <= 0) {
        const data = rows.map((row) => ({ ...row, project_id: projectId }) as ProjectEvent);
        return { data, next_after: rows.at(-1)?.seq ?? String(after) };
      }
      await waiter.next(owner.hearsEveryone ? remaining : Math.min(remaining, POLL_WITHOUT_NOTIFY_MS));
    } finally {
      waiter.cancel();
    }
  }
}

/** Forgets events older than `days` (the sweeper; EVENT_RETENTION_DAYS). */
export async function sweepEvents(db: Db, days: number): Promise<number> {
  return db.$executeRaw`
    DELETE FROM project_events
    WHERE at < ${SQL_NOW} - ${Prisma.raw(`interval '${Math.floor(days)} days'`)}`;
}
