// What a QR status watch is, for the watchers (socket.io in watcher.ts, HTTP polling in polling.ts)
// and the flow that starts one (session.ts): declared apart, so watcher.ts and polling.ts need not
// import each other both ways.
import type { AuthKitClient } from "../../core/client.ts";
import type { AuthKitError } from "../../core/errors.ts";
import type { QRStartAnswer, QRStatusAnswer } from "../../core/types.ts";

export interface StatusWatcherOptions {
  auth: AuthKitClient;
  /** What `POST /auth/v1/qr/start` answered (challengeId, and the secret that proves the starter). */
  start: QRStartAnswer;
  /** Every status received (duplicates included; the session filters). */
  onStatus(update: QRStatusAnswer): void;
  /** Watching gave up (transient failures exhausted, or a permanent error). */
  onError(error: AuthKitError): void;
}

/** A running status watch; `stop()` ends it (idempotent). */
export interface StatusWatcher {
  stop(): void;
}

/** How a QR session learns about status changes; swap it to change transport or policy. */
export type StatusWatcherFactory = (options: StatusWatcherOptions) => StatusWatcher;
