// Live events from board-api's socket.io (same origin; the session cookie authenticates it): the
// open board follows changes made anywhere — by people in other tabs, or by agents through the API.
// When the socket drops, onConnectionChange tells the page (a "Reconnecting…" banner), and when it
// is back the views read again what they show, so the events missed meanwhile are not lost.
import type { BoardEvent } from "@org/contracts";
import { io, type Socket } from "socket.io-client";

type Listener = (event: BoardEvent) => void;
/** `connected` false: the socket dropped (events may be missed); true: it is back after a drop. */
type ConnectionListener = (connected: boolean) => void;

let socket: Socket | undefined;
const listeners = new Set<Listener>();
const connectionListeners = new Set<ConnectionListener>();
const joined = new Set<string>();
/** Whether the socket dropped since it last connected: its next connect is a reconnect. */
let dropped = false;

function connectionChanged(connected: boolean): void {
  for (const listener of connectionListeners) listener(connected);
}

function connect(): Socket {
  if (socket) return socket;
  socket = io({ path: "/socket.io", transports: ["websocket"], withCredentials: true });
  socket.onAny((_name: string, event: BoardEvent) => {
    for (const listener of listeners) listener(event);
  });
  // Rooms are per connection: join them again after a reconnect. A project the user no longer
  // belongs to answers not_found: stop asking for it.
  socket.on("connect", () => {
    for (const projectId of joined) sendJoin(projectId);
    if (dropped) {
      dropped = false;
      connectionChanged(true);
    }
  });
  // The server disconnects a socket whose session ended or whose user left a project it joined:
  // connect again, which succeeds while the session lasts (a signed-out one is refused for good).
  socket.on("disconnect", (reason) => {
    if (reason === "io client disconnect") return; // signed out: not a drop
    dropped = true;
    connectionChanged(false);
    if (reason === "io server disconnect") setTimeout(() => socket?.connect(), 500);
  });
  // After a server disconnect socket.io does not retry by itself: a failed connect (the network is
  // still away) is tried again until it works, unless the session is refused (signed out).
  socket.on("connect_error", (error) => {
    if (dropped && !socket?.active && error.message !== "unauthenticated")
      setTimeout(() => socket?.connect(), 2000);
  });
  return socket;
}

function sendJoin(projectId: string): void {
  socket?.emit("join", { project_id: projectId }, (reply: { ok?: true }) => {
    if (!reply.ok) joined.delete(projectId);
  });
}

/** Calls `listener` for every event this user may see; returns the unsubscribe function. */
export function onLiveEvent(listener: Listener): () => void {
  connect();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Calls `listener(false)` when the socket drops and `listener(true)` when it is back: the events of
 * the time between are lost, so views read what they show again. Returns the unsubscribe function.
 */
export function onConnectionChange(listener: ConnectionListener): () => void {
  connectionListeners.add(listener);
  return () => connectionListeners.delete(listener);
}

/** Receives the events of `projectId` until `leaveProject`. */
export function joinProject(projectId: string): void {
  joined.add(projectId);
  const live = connect();
  if (live.connected) sendJoin(projectId);
}

export function leaveProject(projectId: string): void {
  joined.delete(projectId);
  socket?.emit("leave", { project_id: projectId });
}

/** After sign-out: the socket belonged to the old session. */
export function disconnectLive(): void {
  socket?.disconnect();
  socket = undefined;
  joined.clear();
  if (dropped) connectionChanged(true);
  dropped = false;
}
