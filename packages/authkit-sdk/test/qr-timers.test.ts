// The QR session's timing rules, with Jest's fake timers: the polling retry and restart policy,
// the switch from the WebSocket to polling (on failure or after 2 minutes), and the auto-refresh
// 1 minute before expiry unless scanned.
import { AuthKit } from "../src/core/authkit.ts";
import { AuthKitError } from "../src/core/errors.ts";
import type { QRStartAnswer, QRStatusAnswer } from "../src/core/types.ts";
import { pollStatus } from "../src/modules/qr/polling.ts";
import { QRFlow } from "../src/modules/qr/session.ts";
import type { StatusWatcherOptions } from "../src/modules/qr/status-watcher.ts";
import { watchStatus } from "../src/modules/qr/watcher.ts";
import { watchWithSocket, type SocketWatchOptions } from "../src/modules/qr/socket.ts";

jest.mock("../src/modules/qr/socket.ts", () => ({ watchWithSocket: jest.fn() }));
const socketMock = jest.mocked(watchWithSocket);

const unreachable = () => new AuthKitError("server_unreachable", "The server could not be reached.");
const rateLimited = (retryAfter: number) =>
  new AuthKitError("rate_limited", "Too many requests.", { retryAfter, status: 429 });

type Outcome = QRStatusAnswer | AuthKitError;

/** An AuthKit whose requests the test answers: qr/start with a fresh challenge, status polls from `polls`. */
function stubbedAuth(polls: Outcome[] = [], config: { qrExpirationTime?: number } = {}) {
  const auth = new AuthKit({
    apiBaseUrl: "https://auth.test",
    token: "st_1",
    qrPollInterval: 2000,
    ...config,
  });
  const calls: { path: string; at: number; token: unknown }[] = [];
  let started = 0;
  jest.spyOn(auth, "request").mockImplementation(async (options) => {
    calls.push({ path: options.path, at: Date.now(), token: options.token });
    if (options.path === "/auth/v1/qr/start") {
      started += 1;
      const answer: QRStartAnswer = {
        challengeId: `ch_${started}`,
        qrUrl: `data:image/svg+xml,qr${started}`,
        mobileUrl: "https://auth.test/qr#s",
        expiresAt: new Date(Date.now() + 300_000).toISOString(),
        secret: `qrs_${started}`,
      };
      return answer as never;
    }
    const outcome = polls.shift() ?? { status: "pending" };
    if (outcome instanceof AuthKitError) throw outcome;
    return outcome as never;
  });
  return {
    auth,
    calls,
    polls: () => calls.filter((call) => call.path.endsWith("/status")),
    starts: () => calls.filter((call) => call.path === "/auth/v1/qr/start"),
  };
}

const START: QRStartAnswer = {
  challengeId: "ch_x",
  qrUrl: "data:,",
  mobileUrl: "https://auth.test/qr#s",
  expiresAt: new Date(Date.now() + 300_000).toISOString(),
  secret: "qrs_x",
};

beforeEach(() => {
  jest.useFakeTimers();
  socketMock.mockReset();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe("polling: 3 consecutive transient failures, then a restart after 3 s, up to 3 restarts", () => {
  it("gives up with the last error on the 12th failure in a row, at the times the policy says", async () => {
    const { auth, polls } = stubbedAuth(Array.from({ length: 20 }, unreachable));
    const onError = jest.fn();
    const started = Date.now();
    const watcher = pollStatus({ auth, start: START, onStatus: jest.fn(), onError });
    await jest.advanceTimersByTimeAsync(24_999);
    expect(onError).not.toHaveBeenCalled();
    // Each session: a poll, two retries every qrPollInterval; a restart 3 s after its 3rd failure.
    expect(polls().map((poll) => poll.at - started)).toEqual([
      0, 2000, 4000, 7000, 9000, 11000, 14000, 16000, 18000, 21000, 23000,
    ]);
    await jest.advanceTimersByTimeAsync(1);
    expect(polls()).toHaveLength(12);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ code: "server_unreachable" });
    await jest.advanceTimersByTimeAsync(60_000);
    expect(polls()).toHaveLength(12);
    watcher.stop();
  });

  it("sends the starter's secret, and counts only consecutive failures", async () => {
    const pattern: Outcome[] = [];
    for (let round = 0; round < 6; round += 1)
      pattern.push(unreachable(), unreachable(), { status: "pending" });
    const { auth, polls } = stubbedAuth(pattern);
    const onError = jest.fn();
    const onStatus = jest.fn();
    const watcher = pollStatus({ auth, start: START, onStatus, onError });
    await jest.advanceTimersByTimeAsync(2000 * 17); // 18 polls
    expect(onError).not.toHaveBeenCalled();
    expect(onStatus).toHaveBeenCalledTimes(6);
    // Never a restart: every poll is one interval after the previous one.
    const gaps = polls()
      .slice(1)
      .map((poll, index) => poll.at - (polls()[index]?.at ?? 0));
    expect(new Set(gaps)).toEqual(new Set([2000]));
    expect(polls()[0]?.token).toBe("qrs_x");
    watcher.stop();
  });

  it("waits as long as Retry-After says when rate limited, and ends with rate_limited", async () => {
    const { auth, polls } = stubbedAuth(Array.from({ length: 12 }, () => rateLimited(5)));
    const onError = jest.fn();
    const started = Date.now();
    pollStatus({ auth, start: START, onStatus: jest.fn(), onError });
    await jest.advanceTimersByTimeAsync(5000 * 12);
    expect(
      polls()
        .slice(0, 4)
        .map((poll) => poll.at - started),
    ).toEqual([0, 5000, 10000, 15000]);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ code: "rate_limited", retryAfter: 5 });
  });

  it("stops at once on an error that is not transient", async () => {
    const gone = new AuthKitError("server_error", "No QR challenge with this id.", { status: 404 });
    const { auth, polls } = stubbedAuth([gone]);
    const onError = jest.fn();
    pollStatus({ auth, start: START, onStatus: jest.fn(), onError });
    await jest.advanceTimersByTimeAsync(30_000);
    expect(polls()).toHaveLength(1);
    expect(onError).toHaveBeenCalledWith(gone);
  });

  it("keeps the scanned state and the same QR through restarts", async () => {
    const polls: Outcome[] = [{ status: "scanned" }, ...Array.from({ length: 6 }, unreachable)];
    polls.push({ status: "scanned" }, { status: "completed", loginChallengeId: "login_1" });
    const { auth, starts } = stubbedAuth(polls);
    const statuses: string[] = [];
    auth.on("authkit:qr:status-change", ({ status }) => statuses.push(status));
    const success = jest.fn();
    auth.on("authkit:auth:success", success);
    await new QRFlow(auth, { purpose: "authenticate", watcher: pollStatus }).begin();
    await jest.advanceTimersByTimeAsync(30_000);
    expect(statuses).toEqual(["scanned", "completed"]);
    expect(starts()).toHaveLength(1);
    expect(success).toHaveBeenCalledWith({ challengeId: "login_1" });
  });
});

describe("watching: the WebSocket first, then polling", () => {
  function watch(auth: AuthKit) {
    const onStatus = jest.fn();
    const onError = jest.fn();
    const watcher = watchStatus({ auth, start: START, onStatus, onError } satisfies StatusWatcherOptions);
    return { watcher, onStatus, onError };
  }

  it("switches to polling after 2 minutes of socket watching", async () => {
    const stopSocket = jest.fn();
    let socket: SocketWatchOptions | undefined;
    socketMock.mockImplementation((options) => {
      socket = options;
      return { stop: stopSocket };
    });
    const { auth, polls } = stubbedAuth();
    const { onStatus, watcher } = watch(auth);
    await jest.advanceTimersByTimeAsync(0);
    expect(socket).toMatchObject({ apiBaseUrl: "https://auth.test", challengeId: "ch_x", secret: "qrs_x" });
    socket?.onJoined();
    socket?.onStatus({ status: "scanned" });
    expect(onStatus).toHaveBeenCalledWith({ status: "scanned" });
    await jest.advanceTimersByTimeAsync(119_999);
    expect(polls()).toHaveLength(0);
    expect(stopSocket).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(stopSocket).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1); // the first poll: a 0 ms timer, set from within a timer
    expect(polls()).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(4000);
    expect(polls()).toHaveLength(3);
    watcher.stop();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(polls()).toHaveLength(3);
  });

  it("polls within 4 s when the socket neither joins nor fails (a network that drops WebSockets)", async () => {
    const stopSocket = jest.fn();
    socketMock.mockImplementation(() => ({ stop: stopSocket }));
    const { auth, polls } = stubbedAuth();
    const { watcher } = watch(auth);
    await jest.advanceTimersByTimeAsync(3_999);
    expect(polls()).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(2);
    expect(stopSocket).toHaveBeenCalledTimes(1);
    expect(polls()).toHaveLength(1);
    watcher.stop();
  });

  it("polls at once when the socket fails, and no 2-minute switch follows", async () => {
    let socket: SocketWatchOptions | undefined;
    const stopSocket = jest.fn();
    socketMock.mockImplementation((options) => {
      socket = options;
      return { stop: stopSocket };
    });
    const { auth, polls } = stubbedAuth();
    const { watcher } = watch(auth);
    await jest.advanceTimersByTimeAsync(0);
    socket?.onClose("could not connect: websocket error");
    await jest.advanceTimersByTimeAsync(0);
    expect(polls()).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(120_000);
    expect(polls()).toHaveLength(61); // one poll every 2 s, from one polling session only
    watcher.stop();
  });
});

describe("auto-refresh 1 minute before expiry, unless scanned", () => {
  it("refreshes a pending QR 4 minutes into its 5", async () => {
    const { auth, starts } = stubbedAuth();
    const refreshed = jest.fn();
    auth.on("authkit:qr:refreshed", refreshed);
    const session = await new QRFlow(auth, {
      purpose: "authenticate",
      watcher: () => ({ stop() {} }),
    }).begin();
    await jest.advanceTimersByTimeAsync(239_999);
    expect(starts()).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(starts()).toHaveLength(2);
    expect(refreshed).toHaveBeenCalledWith({ qrUrl: "data:image/svg+xml,qr2", challengeId: "ch_2" });
    expect(session.challengeId).toBe("ch_2");
    session.cancel();
  });

  it("follows a shorter qrExpirationTime", async () => {
    const { auth, starts } = stubbedAuth([], { qrExpirationTime: 120_000 });
    const session = await new QRFlow(auth, {
      purpose: "authenticate",
      watcher: () => ({ stop() {} }),
    }).begin();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(starts()).toHaveLength(2);
    session.cancel();
  });

  it("does not refresh a scanned QR, which then expires", async () => {
    const { auth, starts } = stubbedAuth();
    let push: ((update: QRStatusAnswer) => void) | undefined;
    const onExpired = jest.fn();
    await new QRFlow(auth, {
      purpose: "authenticate",
      onExpired,
      watcher: (options) => {
        push = options.onStatus;
        return { stop() {} };
      },
    }).begin();
    push?.({ status: "scanned" });
    await jest.advanceTimersByTimeAsync(299_999);
    expect(starts()).toHaveLength(1);
    expect(onExpired).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it("lets a QR that lives a minute or less expire without refreshing it", async () => {
    const { auth, starts } = stubbedAuth([], { qrExpirationTime: 30_000 });
    const onExpired = jest.fn();
    await new QRFlow(auth, { purpose: "authenticate", onExpired, watcher: () => ({ stop() {} }) }).begin();
    await jest.advanceTimersByTimeAsync(30_000);
    expect(starts()).toHaveLength(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });
});
