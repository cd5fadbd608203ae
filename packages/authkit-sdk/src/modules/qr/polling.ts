import { toAuthKitError, type AuthKitError } from "../../core/errors.ts";
import type { QRStatusAnswer } from "../../core/types.ts";
import type { StatusWatcher, StatusWatcherOptions } from "./status-watcher.ts";

/** Consecutive transient failures tolerated before a restart. */
export const POLL_RETRIES = 3;
/** Restarts (on the same challenge) before giving up; each after RESTART_DELAY_MS. */
export const POLL_RESTARTS = 3;
export const RESTART_DELAY_MS = 3_000;

const transient = (error: AuthKitError) =>
  error.code === "server_unreachable" || error.code === "rate_limited";

/**
 * `GET /auth/v1/qr/{challenge_id}/status` every `qrPollInterval` ms, with the starter's secret as
 * Bearer. Transient failures (unreachable, rate limited) are retried 3 times in a row; then the
 * polling restarts after 3 s, up to 3 times; then it ends with the last error.
 */
export function pollStatus({ auth, start, onStatus, onError }: StatusWatcherOptions): StatusWatcher {
  const interval = auth.getConfig().qrPollInterval;
  let stopped = false;
  let failures = 0;
  let restarts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (ms: number) => {
    if (!stopped) timer = setTimeout(tick, ms);
  };
  async function tick() {
    try {
      const status = await auth.request<QRStatusAnswer>({
        path: `/auth/v1/qr/${encodeURIComponent(start.challengeId)}/status`,
        token: start.secret,
      });
      failures = 0;
      if (!stopped) onStatus(status);
      schedule(interval);
    } catch (thrown) {
      if (stopped) return;
      const error = toAuthKitError(thrown);
      if (!transient(error)) return onError(error);
      failures += 1;
      if (failures < POLL_RETRIES) return schedule(Math.max(interval, (error.retryAfter ?? 0) * 1000));
      if (restarts >= POLL_RESTARTS) return onError(error);
      restarts += 1;
      failures = 0;
      schedule(Math.max(RESTART_DELAY_MS, (error.retryAfter ?? 0) * 1000));
    }
  }
  schedule(0);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
