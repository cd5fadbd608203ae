// Live events are emitted by the service functions (after their transaction committed), so every
// change reaches listeners whether it came through HTTP or MCP. The transport (socket.io) is
// plugged in by the server; without one, events go nowhere.
import type { BoardEvent, BoardEventName } from "@org/contracts";
import type { Actor } from "./context.ts";

export interface BoardEvents {
  emit(event: BoardEvent): void;
}

/** Emits `type` to the listeners of `projectId` (or to the user `toUserId` alone), as `actor`. */
export function publish(
  ctx: { events?: BoardEvents | undefined; actor: Actor },
  projectId: string,
  type: BoardEventName,
  data: Record<string, unknown>,
  toUserId?: string,
): void {
  ctx.events?.emit({
    type,
    project_id: projectId,
    actor_id: ctx.actor.id,
    ...(toUserId ? { to_user_id: toUserId } : {}),
    at: new Date().toISOString(),
    data,
  });
}
