// Loaded on demand by watcher.ts, so socket.io-client stays out of the main bundle. It imports
// nothing else of the SDK (which would otherwise be split into a chunk the main module must load).
import { io } from "socket.io-client";
import type { QRStatusAnswer } from "../../core/types.ts";

export interface SocketWatchOptions {
  apiBaseUrl: string;
  timeout: number;
  challengeId: string;
  secret: string;
  onStatus(update: QRStatusAnswer): void;
  /** The socket connected and joined the challenge. */
  onJoined(): void;
  /** The socket failed or closed; `reason` says why. */
  onClose(reason: string): void;
}

/**
 * socket.io namespace `/qr`: joins the challenge with the starter's secret (the server then pushes
 * its current status, and every change) and relays `status` events.
 */
export function watchWithSocket(options: SocketWatchOptions): { stop(): void } {
  const socket = io(`${options.apiBaseUrl}/qr`, {
    transports: ["websocket"],
    reconnection: false,
    timeout: options.timeout,
  });
  socket.on("connect", () => {
    socket.emit("join", { challengeId: options.challengeId, secret: options.secret }, (ack: unknown) => {
      const error = (ack as { error?: { message?: string } } | undefined)?.error;
      if (error) options.onClose(`join refused: ${error.message ?? "unknown challenge"}`);
      else options.onJoined();
    });
  });
  socket.on("status", (update: QRStatusAnswer) => options.onStatus(update));
  socket.on("connect_error", (error: Error) => options.onClose(`could not connect: ${error.message}`));
  socket.on("disconnect", (reason: string) => {
    if (reason !== "io client disconnect") options.onClose(`closed: ${reason}`);
  });
  return { stop: () => socket.disconnect() };
}
