// Live events are emitted by the service functions (after their transaction committed), so every
// change reaches listeners whether it came through HTTP or MCP. The transport (socket.io) is
// plugged in by the server; without one, events go nowhere. A project's events (not those sent to
// one user) are also appended to its durable log first (event-log.ts), which
// GET /projects/{project_id}/events and MCP wait_for_events read.
import type { BoardEvent, BoardEventName } from "@org/contracts";
import type { Db } from "@org/db";
import type { Actor } from "./context.ts";
import { appendEvent } from "./event-log.ts";

export interface BoardEvents {
  emit(event: BoardEvent): void;
}

/** Emits `type` to the listeners of `projectId` (or to the user `toUserId` alone), as `actor`. */
export async function publish(
  ctx: { db: Db; events?: BoardEvents | undefined; actor: Actor },
  projectId: string,
  type: BoardEventName,
  data: Record<string, unknown>,
  toUserId?: string,
): Promise<void> {
  const event = {
    type,
    project_id: projectId,
    actor_id: ctx.actor.id,
    ...(toUserId ? { to_user_id: toUserId } : {}),
    at: new Date().toISOString(),
    data,
  };
  if (!toUserId) await appendEvent(ctx.db, event);
  ctx.events?.emit(event);
}
