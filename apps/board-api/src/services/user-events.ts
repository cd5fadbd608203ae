// Live events sent to one user (their clients in a project): not logged, unlike a project's events
// (withEvents, events.ts). Apart from events.ts so that what the event log itself calls on (the
// webhook worker) can send them without importing the log.
import type { BoardEventName } from "@org/contracts";
import type { Actor, BoardEvents } from "./context.ts";

/**
 * Emits `type` to the user `toUserId` alone (their live clients in `projectId`), as `actor` (null:
 * the server). Not logged: a project event goes through `withEvents`.
 */
export function publishToUser(
  ctx: { events?: BoardEvents | undefined; actor: Actor | null },
  projectId: string,
  type: BoardEventName,
  data: Record<string, unknown>,
  toUserId: string,
): void {
  ctx.events?.emit({
    type,
    project_id: projectId,
    actor_id: ctx.actor?.id ?? null,
    to_user_id: toUserId,
    at: new Date().toISOString(),
    data,
  });
}
