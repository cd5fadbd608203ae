// How access ends everywhere at once: API tokens revoked, web sessions ended, a membership ended.
// The process that ends it calls `announceAccessEnded`, which runs this process's handlers at once
// and tells every other process on the database by a PostgreSQL notification (LISTEN/NOTIFY, no
// Redis needed, the CLI included). The token cache forgets revoked tokens; socket.io disconnects
// the sockets that relied on what ended. Handlers must be idempotent: the process that announces
// hears its own notification too.
import { notify, subscribe, type Db, type Subscription } from "@org/db";

export type AccessEnded =
  | { kind: "tokens"; tokenHashes: string[] }
  | { kind: "sessions"; sessionIds: string[] }
  | { kind: "membership"; projectId: string; userId: string };

export interface AccessEndedHandlers {
  ended(what: AccessEnded): void;
  /** Notifications from other processes may have been missed: forget or re-check everything. */
  reset(): void;
  /** Notifications arrive (again) from now on; what was missed before is not replayed. */
  resumed?(): void;
}

/** Exported for tests that wait for an announcement to arrive. */
export const ACCESS_ENDED_CHANNEL = "board_api_access_ended";
/** NOTIFY payloads are limited to 8,000 bytes: 100 hashes of 64 characters (or ids) each. */
const IDS_PER_NOTIFICATION = 100;

function encode(what: AccessEnded): string[] {
  if (what.kind === "membership") return [`m:${what.projectId}:${what.userId}`];
  const [prefix, ids] = what.kind === "tokens" ? ["t", what.tokenHashes] : ["s", what.sessionIds];
  const payloads: string[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_NOTIFICATION) {
    payloads.push(`${prefix}:${ids.slice(i, i + IDS_PER_NOTIFICATION).join(",")}`);
  }
  return payloads;
}

function decode(payload: string): AccessEnded | undefined {
  const [prefix, first = "", second = ""] = payload.split(":");
  if (prefix === "t") return { kind: "tokens", tokenHashes: first.split(",") };
  if (prefix === "s") return { kind: "sessions", sessionIds: first.split(",") };
  if (prefix === "m") return { kind: "membership", projectId: first, userId: second };
  return undefined;
}

const localHandlers = new WeakMap<Db, Set<AccessEndedHandlers>>();

/**
 * Calls `handlers` for every end of access announced by this process (at once) or by any other
 * process on the database (when its notification arrives). `listening` says whether the others
 * are heard: never on the embedded database, which only this process opens.
 */
export function onAccessEnded(db: Db, handlers: AccessEndedHandlers): Subscription {
  let local = localHandlers.get(db);
  if (!local) {
    local = new Set();
    localHandlers.set(db, local);
  }
  const set = local;
  set.add(handlers);
  const remote = subscribe(db, ACCESS_ENDED_CHANNEL, {
    message(payload) {
      const what = decode(payload);
      if (what) handlers.ended(what);
    },
    reset: () => handlers.reset(),
    resumed: () => handlers.resumed?.(),
  });
  return {
    get listening() {
      return remote.listening;
    },
    unsubscribe() {
      set.delete(handlers);
      remote.unsubscribe();
    },
  };
}

/** Ends `what` in this process at once and, by a notification, in every other one. Call it after the commit. */
export async function announceAccessEnded(db: Db, what: AccessEnded): Promise<void> {
  if (
    what.kind !== "membership" &&
    (what.kind === "tokens" ? what.tokenHashes : what.sessionIds).length === 0
  )
    return;
  for (const handlers of localHandlers.get(db) ?? []) handlers.ended(what);
  for (const payload of encode(what)) await notify(db, ACCESS_ENDED_CHANNEL, payload);
}
