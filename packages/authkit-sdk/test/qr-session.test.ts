import { AuthKit } from "../src/core/authkit.ts";
import type { QRStatusAnswer } from "../src/core/types.ts";
import { QRFlow } from "../src/modules/qr/session.ts";
import type { StatusWatcherOptions } from "../src/modules/qr/status-watcher.ts";
import { json, stubServer } from "./helpers/stub-server.ts";

/** A status watcher the test drives: `push(status)` is what a socket or a poll would deliver. */
function drivenWatcher() {
  let current: StatusWatcherOptions | undefined;
  return {
    factory: (options: StatusWatcherOptions) => {
      current = options;
      return { stop: () => undefined };
    },
    push: (update: QRStatusAnswer) => current?.onStatus(update),
  };
}

describe("QR sessions", () => {
  let server: Awaited<ReturnType<typeof stubServer>>;
  let started = 0;
  beforeAll(async () => {
    server = await stubServer((req, res) => {
      started += 1;
      json(res, 200, {
        challengeId: `ch_${started}`,
        qrUrl: `data:image/svg+xml,qr${started}`,
        mobileUrl: "https://auth.test/m",
        expiresAt: new Date(Date.now() + 300_000).toISOString(),
        secret: `qrs_${started}`,
      });
    });
  });
  afterAll(() => server.close());

  it("generates, follows the status, regenerates after a cancel on the phone, and succeeds", async () => {
    const auth = new AuthKit({ apiBaseUrl: server.url, token: "st_1" });
    const seen: [string, unknown][] = [];
    for (const name of [
      "authkit:qr:generated",
      "authkit:qr:refreshed",
      "authkit:qr:status-change",
      "authkit:qr:success",
      "authkit:auth:success",
    ] as const) {
      auth.on(name, (detail) => seen.push([name, detail]));
    }
    const watcher = drivenWatcher();
    const onSuccess = jest.fn();
    const session = await new QRFlow(auth, {
      purpose: "authenticate",
      watcher: watcher.factory,
      onSuccess,
    }).begin();
    const first = session.challengeId;
    watcher.push({ status: "scanned" });
    watcher.push({ status: "scanned" }); // repeated statuses are reported once
    watcher.push({ status: "cancelled" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(session.challengeId).not.toBe(first);
    watcher.push({ status: "completed", user: { id: "u", externalId: "ada" }, loginChallengeId: "login_1" });
    session.cancel();
    expect(onSuccess).toHaveBeenCalledWith(
      undefined,
      { id: "u", externalId: "ada" },
      { user: { id: "u", externalId: "ada" }, challengeId: "login_1" },
    );
    expect(seen.map(([name]) => name)).toEqual([
      "authkit:qr:generated",
      "authkit:qr:status-change",
      "authkit:qr:status-change",
      "authkit:qr:refreshed",
      "authkit:qr:status-change",
      "authkit:qr:success",
      "authkit:auth:success",
    ]);
    expect(seen[0]?.[1]).toEqual({ qrUrl: expect.stringContaining("qr"), challengeId: first });
    // verify-auth takes the phone's login challengeId, which only the starter's secret reveals.
    expect(seen.at(-1)?.[1]).toEqual({ user: { id: "u", externalId: "ada" }, challengeId: "login_1" });
  });

  it("ends with QR_EXPIRED when the challenge expires", async () => {
    const auth = new AuthKit({ apiBaseUrl: server.url, token: "ut_1" });
    const expired = jest.fn();
    auth.on("authkit:qr:expired", expired);
    const watcher = drivenWatcher();
    const onExpired = jest.fn();
    const session = await new QRFlow(auth, {
      purpose: "register",
      name: "Phone",
      watcher: watcher.factory,
      onExpired,
    }).begin();
    watcher.push({ status: "expired" });
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(expired).toHaveBeenCalledWith({ challengeId: session.challengeId });
    // The page's language travels with the QR code: the phone page speaks it.
    expect(server.requests.at(-1)?.body).toEqual({ purpose: "register", name: "Phone", lang: "en" });
  });
});
