// What the open board hears: live events of its project (the cards they carry patched into the
// board, see patchBoard; the open card moved to the trash by someone else closes it), and a
// reconnect after a drop, which reads the board and the open card again (the events of the time
// between are lost).
import type { BoardEvent, User } from "@org/contracts";
import { onConnectionChange, onLiveEvent } from "../../live.ts";
import { navigate } from "../../router.ts";
import { toast } from "../../ui/toast.ts";

export interface LiveBoardHost {
  projectId: string;
  cardId: string | null;
  me: User | null;
  /** Patches the board with a frame's events (or reads it again where a patch cannot tell). */
  applyLive(events: BoardEvent[]): void;
  scheduleReload(): void;
  /** Reads the open card panel again. */
  resyncCard(): void;
}

/** Follows the board live; returns the function that stops it. */
export function followBoard(host: LiveBoardHost): () => void {
  // The events of one frame are applied together, so a burst renders once.
  let pending: BoardEvent[] = [];
  const stopLive = onLiveEvent((event) => {
    if (event.project_id !== host.projectId || event.to_user_id) return;
    if (
      event.type === "card.deleted" &&
      event.data.card_id === host.cardId &&
      event.actor_id !== host.me?.id
    ) {
      toast("This card was moved to the trash.");
      navigate(`/app/projects/${host.projectId}${location.search}`);
    }
    pending.push(event);
    if (pending.length === 1) {
      requestAnimationFrame(() => {
        const events = pending;
        pending = [];
        host.applyLive(events);
      });
    }
  });
  const stopResync = onConnectionChange((connected) => {
    if (!connected) return;
    host.scheduleReload();
    host.resyncCard();
  });
  return () => {
    stopLive();
    stopResync();
  };
}
