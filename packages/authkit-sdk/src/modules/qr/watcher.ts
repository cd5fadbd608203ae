import type { AuthKit } from "../../core/authkit.ts";
import type { AuthKitError } from "../../core/errors.ts";
import type { QRStartAnswer, QRStatusAnswer } from "../../core/types.ts";
import { pollStatus } from "./polling.ts";

export interface StatusWatcherOptions {
  auth: AuthKit;
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

/** WebSocket status watching switches to HTTP polling after this long. */
export const SOCKET_WATCH_MS = 2 * 60 * 1000;

/**
 * socket.io first (its client is a lazily loaded chunk, outside the main bundle); HTTP polling every
 * `qrPollInterval` when the socket fails or after 2 minutes.
 */
export const watchStatus: StatusWatcherFactory = (options) => {
  let stopped = false;
  let current: StatusWatcher | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fallBackToPolling = (why: string) => {
    if (stopped) return;
    options.auth.log(`QR status: ${why}; polling instead`);
    current?.stop();
    clearTimeout(timer);
    current = pollStatus(options);
  };
  import("./socket.ts")
    .then(({ watchWithSocket }) => {
      if (stopped) return;
      const config = options.auth.getConfig();
      current = watchWithSocket({
        apiBaseUrl: config.apiBaseUrl,
        timeout: config.timeout,
        challengeId: options.start.challengeId,
        secret: options.start.secret,
        onStatus: options.onStatus,
        onClose: (reason) => fallBackToPolling(`socket ${reason}`),
      });
      timer = setTimeout(() => fallBackToPolling("socket watched for 2 minutes"), SOCKET_WATCH_MS);
    })
    .catch(() => fallBackToPolling("socket client could not be loaded"));
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      current?.stop();
    },
  };
};
