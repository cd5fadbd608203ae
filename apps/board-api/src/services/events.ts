// Live events are emitted by the service functions (after their transaction committed), so every
// change reaches listeners whether it came through HTTP or MCP. The transport (socket.io) is
// plugged in by the server; without one, events go nowhere. A project's events (not those sent to
// one user) are also appended to its durable log (event-log.ts), which
// GET /projects/{project_id}/events, MCP wait_for_events and the webhooks read. Project events have
// one way in: `withEvents`, which appends them in the change's own transaction (its last
// statements), so a change is logged exactly when it commits. Events sent to one user are not
// logged: they go through `publishToUser` (user-events.ts).
import type { BoardEvent, BoardEventName } from "@org/contracts";
import type { Db } from "@org/db";
import { TX_OPTIONS, type Actor, type BoardEvents, type Tx } from "./context.ts";
import { eventsCommitted, insertEvent } from "./event-log.ts";

/** Events a transaction will publish: appended to the log as its last statements, emitted after commit. */
export interface Outbox {
  /** Queues `type` for the listeners of `projectId` (or for the user `toUserId` alone). */
  publish(projectId: string, type: BoardEventName, data: Record<string, unknown>, toUserId?: string): void;
}

/**
 * Runs `work` in one interactive transaction whose events (queued on the outbox) are appended to
 * their projects' logs as its last statements: the change and its events commit together or not at
 * all, and the project's counter row (locked by the append until commit) keeps seq in commit order.
 * After commit: this process's waiters and delivery worker are woken (other instances hear the
 * NOTIFYs sent at commit) and the events go to the live transport. `work` may run again (a retried
 * transaction gets a fresh outbox). Code keyed on the Db object must keep using `ctx.db`, and a
 * statement that fails aborts the whole transaction (catch nothing from the database inside it).
 */
export async function withEvents<T>(
  ctx: { db: Db; events?: BoardEvents | undefined; actor: Actor },
  work: (tx: Tx, outbox: Outbox) => Promise<T>,
): Promise<T> {
  let committed: BoardEvent[] = [];
  let deliveries = false;
  const result = await ctx.db.$transaction(async (tx) => {
    const queued: BoardEvent[] = [];
    const value = await work(tx, {
      publish: (projectId, type, data, toUserId) => {
        queued.push({
          type,
          project_id: projectId,
          actor_id: ctx.actor.id,
          ...(toUserId ? { to_user_id: toUserId } : {}),
          at: new Date().toISOString(),
          data,
        });
      },
    });
    let queuedDeliveries = false;
    for (const event of queued) {
      if (event.to_user_id) continue;
      if ((await insertEvent(tx, event)).deliveries > 0) queuedDeliveries = true;
    }
    committed = queued;
    deliveries = queuedDeliveries;
    return value;
  }, TX_OPTIONS);
  const logged = committed.filter((event) => !event.to_user_id).map((event) => event.project_id);
  eventsCommitted(ctx.db, logged, deliveries);
  for (const event of committed) ctx.events?.emit(event);
  return result;
}
