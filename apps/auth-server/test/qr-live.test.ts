// QR statuses pushed over socket.io (namespace /qr), on one instance and across two instances
// sharing PostgreSQL and Redis; and the Redis store's single-use claim.
import { createTestDatabase, type TestDatabase } from "@org/db/testing";
import { createTenant } from "../src/services/tenants.ts";
import { ORIGIN, RP_ID, registerPasskey, SESSION_JWT, sessionToken, userToken } from "./helpers/flows.ts";
import { startLiveInstance, testRedisUrl, watchQr, type LiveInstance } from "./helpers/live.ts";
import {
  claimed,
  claimQr,
  phoneAbort,
  phoneAuthenticator,
  phoneFinish,
  qrStatus,
  startQr,
} from "./helpers/qr.ts";

let database: TestDatabase;
const running: LiveInstance[] = [];
const sockets: { close(): void }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await Promise.all(running.splice(0).map((instance) => instance.close()));
});
afterAll(() => database.drop());

async function instance(env: Record<string, string> = {}) {
  const live = await startLiveInstance(database, env);
  running.push(live);
  return live;
}

async function watch(...args: Parameters<typeof watchQr>) {
  const watcher = await watchQr(...args);
  sockets.push(watcher);
  return watcher;
}

/** A tenant with a user whose passkey is on a phone, and a session token minted on `app`. */
async function fixture(live: LiveInstance) {
  const { apiKey } = await createTenant({ db: database.db, name: "Acme", rpId: RP_ID, origins: [ORIGIN] });
  const phone = phoneAuthenticator();
  const token = await userToken(live.app, apiKey, { externalId: `ada-${Math.random()}`, displayName: "Ada" });
  const registered = await registerPasskey(live.app, token, phone);
  return { apiKey, phone, user: registered.body.user, session: await sessionToken(live.app, apiKey) };
}

const REDIS_ENV = {
  REDIS_URL: testRedisUrl,
  // Redis counters are shared by every test run on the machine: limits out of the way.
  RATE_LIMIT_IP_PER_MINUTE: "100000",
  RATE_LIMIT_QR_START_PER_MINUTE: "100000",
  RATE_LIMIT_QR_STATUS_PER_MINUTE: "100000",
};

describe("socket.io namespace /qr", () => {
  it("pushes each status; with the starter's secret also who signed in, without it the status alone", async () => {
    const live = await instance();
    const fx = await fixture(live);
    const start = await startQr(live.app, fx.session);
    const starter = await watch(live.url, start.challengeId, start.secret);
    const stranger = await watch(live.url, start.challengeId);
    expect(starter.ack).toEqual({ ok: true, status: "pending" });
    await starter.next("pending");
    const claim = await claimed(live.app, start);
    await starter.next("scanned");
    await phoneFinish(live.app, claim, fx.phone);
    expect(await starter.next("completed")).toEqual({
      status: "completed",
      user: fx.user,
      loginChallengeId: claim.challengeId,
      sessionToken: SESSION_JWT,
    });
    expect(await stranger.next("completed")).toEqual({ status: "completed" });
    expect(stranger.received.map((update) => update.status)).toEqual(["pending", "scanned", "completed"]);
  });

  it("answers a join for an unknown challenge, or a second join, with an error", async () => {
    const live = await instance();
    const unknown = await watch(live.url, "no-such-challenge");
    expect(unknown.ack).toEqual({ error: { code: "not_found", message: "No QR challenge with this id." } });
    const fx = await fixture(live);
    const start = await startQr(live.app, fx.session);
    const watcher = await watch(live.url, start.challengeId);
    expect(await watcher.join(start.challengeId)).toEqual({
      error: { code: "validation_failed", message: "Send { challengeId } once per connection." },
    });
  });

  it("pushes expired when the challenge times out, and cancelled when the phone cancels", async () => {
    const live = await instance({ QR_TTL_SECONDS: "1" });
    const fx = await fixture(live);
    const expiring = await startQr(live.app, fx.session);
    const watcher = await watch(live.url, expiring.challengeId, expiring.secret);
    await watcher.next("expired", 3000);

    const cancelling = await startQr(live.app, fx.session);
    const second = await watch(live.url, cancelling.challengeId, cancelling.secret);
    await phoneAbort(live.app, await claimed(live.app, cancelling), { status: "cancelled" });
    expect(await second.next("cancelled")).toEqual({
      status: "cancelled",
      message: "Cancelled on the phone.",
    });
  });
});

describe("two instances sharing PostgreSQL and Redis", () => {
  it("the desktop's socket on one instance hears what the phone does on the other", async () => {
    const desktop = await instance(REDIS_ENV);
    const phoneSide = await instance(REDIS_ENV);
    const fx = await fixture(desktop);
    const start = await startQr(desktop.app, fx.session);
    const watcher = await watch(desktop.url, start.challengeId, start.secret);
    const claim = await claimed(phoneSide.app, start);
    await watcher.next("scanned");
    expect((await phoneFinish(phoneSide.app, claim, fx.phone)).status).toBe(200);
    expect(await watcher.next("completed")).toMatchObject({ status: "completed", user: fx.user });
    // The state lives in Redis: polling either instance reads it.
    expect((await qrStatus(desktop.app, start)).body).toMatchObject({ status: "completed", user: fx.user });
    expect((await qrStatus(phoneSide.app, start, null)).body).toEqual({ status: "completed" });
  });

  it("lets one of several concurrent opens claim a challenge kept in Redis", async () => {
    const [a, b] = [await instance(REDIS_ENV), await instance(REDIS_ENV)];
    const fx = await fixture(a);
    const start = await startQr(a.app, fx.session);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => claimQr((index % 2 ? a : b).app, start)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });
});
