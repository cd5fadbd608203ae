import { pollStatus } from "./polling.ts";
import type { StatusWatcher, StatusWatcherFactory } from "./status-watcher.ts";

/** WebSocket status watching switches to HTTP polling after this long. */
export const SOCKET_WATCH_MS = 2 * 60 * 1000;
/**
 * A socket not joined within this long is given up for HTTP polling: a network that drops
 * WebSockets silently would otherwise keep the status still for the whole request timeout.
 */
export const SOCKET_CONNECT_MS = 4_000;

/**
 * socket.io first (its client is a lazily loaded chunk, outside the main bundle); HTTP polling every
 * `qrPollInterval` when the socket fails, has not joined within 4 s, or after 2 minutes.
 */
export const watchStatus: StatusWatcherFactory = (options) => {
  let stopped = false;
  let current: StatusWatcher | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const connecting = setTimeout(
    () => fallBackToPolling("socket not connected within 4 s"),
    SOCKET_CONNECT_MS,
  );
  const fallBackToPolling = (why: string) => {
    if (stopped) return;
    stopped = true; // the socket is done; polling takes over (stop() ends it)
    options.auth.log(`QR status: ${why}; polling instead`);
    current?.stop();
    clearTimeout(timer);
    clearTimeout(connecting);
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
        onJoined: () => clearTimeout(connecting),
        onClose: (reason) => fallBackToPolling(`socket ${reason}`),
      });
      timer = setTimeout(() => fallBackToPolling("socket watched for 2 minutes"), SOCKET_WATCH_MS);
    })
    .catch(() => fallBackToPolling("socket client could not be loaded"));
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(connecting);
      current?.stop();
    },
  };
};
