// Passkey login throughput: authentication start + finish round trips per second over HTTP with
// 8 concurrent clients (each: start -> sign with the software authenticator -> finish), against
// the auth server in-process on a fresh bench_* database, next to the same number of
// verifyAuthenticationResponse calls made in-process without HTTP or database (timed before and
// after the HTTP run, averaged). Goals: the ratio
// HTTP / in-process at least 0.15, and a login (start + finish) under 40 ms at the median.
import { loadAuthEnv, startAuthServer } from "@org/auth-server/service";
import { createTenant, SoftwareAuthenticator, verifyAuthenticationResponse } from "@org/auth-server/testing";
import { createDb, migrateDatabase } from "@org/db";
import { databaseUrl, dropDatabase, runOnServer, uniqueDatabaseName } from "@org/db/testing";
import { runBench } from "./lib/run-bench.ts";

const CLIENTS = 8;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const ORIGIN = "https://app.bench.test";
const RP_ID = "bench.test";

type Json = Record<string, unknown>;

async function call(base: string, path: string, headers: Record<string, string>, body: unknown = {}) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** verifyAuthenticationResponse calls per second, in-process, over `count` pre-signed assertions. */
async function inProcessVerifyRate(count: number): Promise<number> {
  const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
  const challenge = Buffer.from("bench-challenge-0123456789abcdef").toString("base64url");
  authenticator.register({
    challenge,
    rp: { id: RP_ID, name: "Bench" },
    user: { id: "YmVuY2g", name: "bench", displayName: "bench" },
    pubKeyCredParams: [],
  });
  const stored = [...authenticator.credentials.values()][0]!;
  const assertions = Array.from({ length: count }, () =>
    authenticator.authenticate({ challenge, rpId: RP_ID }),
  );
  const started = performance.now();
  for (const [i, response] of assertions.entries()) {
    const result = await verifyAuthenticationResponse({
      response: response as never,
      expectedChallenge: challenge,
      expectedOrigin: [ORIGIN, "http://localhost:4100"],
      expectedRPID: RP_ID,
      credential: { id: stored.id, publicKey: stored.publicKey as never, counter: i },
      requireUserVerification: true,
    });
    if (!result.verified) throw new Error("in-process verification failed");
  }
  return count / ((performance.now() - started) / 1000);
}

async function main() {
  const name = uniqueDatabaseName("bench");
  await runOnServer(`CREATE DATABASE "${name}"`);
  const url = databaseUrl(name);
  const db = createDb({ url, maxConnections: 10 });
  await migrateDatabase(url);
  // As server.ts starts it, without the webhook worker and sweeper.
  const server = await startAuthServer({
    env: loadAuthEnv({
      DATABASE_URL: url,
      PUBLIC_URL: "http://localhost:4100",
      // The benchmark measures throughput, not the limiter.
      RATE_LIMIT_IP_PER_MINUTE: "100000000",
    }),
    db,
    port: 0,
    host: "127.0.0.1",
    background: false,
  });
  try {
    const base = server.url;
    const { apiKey } = await createTenant({ db, name: "Bench", rpId: RP_ID, origins: [ORIGIN] });
    const tenantKey = { "x-api-key": apiKey };

    // One user and passkey per client, so counters never race.
    const clients = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => {
        const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
        const { userToken } = await call(base, "/api/v1/user-token", tenantKey, { externalId: `bench-${i}` });
        const bearer = { authorization: `Bearer ${String(userToken)}` };
        const started = await call(base, "/auth/v1/register/start", bearer);
        const credential = authenticator.register(started.options as never);
        await call(base, "/auth/v1/register/finish", bearer, {
          challengeId: started.challengeId,
          credential,
        });
        const { token } = await call(base, "/api/v1/session-token", tenantKey);
        return { authenticator, session: { authorization: `Bearer ${String(token)}` } };
      }),
    );

    const verifyRateBefore = await inProcessVerifyRate(1000);
    let roundTrips = 0;
    const latencies: number[] = [];
    const began = performance.now();
    const deadline = began + DURATION_MS;
    await Promise.all(
      clients.map(async ({ authenticator, session }) => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          const started = await call(base, "/auth/v1/authenticate/start", session);
          const credential = authenticator.authenticate(started.options as never);
          await call(base, "/auth/v1/authenticate/finish", session, {
            challengeId: started.challengeId,
            credential,
          });
          latencies.push(performance.now() - t0);
          roundTrips += 1;
        }
      }),
    );
    const httpSeconds = (performance.now() - began) / 1000;
    const httpRate = roundTrips / httpSeconds;

    // The same number of verifications in-process: assertions signed beforehand, only verify timed.
    // Timed once before and once after the HTTP run (see inProcessVerifyRate), as the machine's
    // load may change in between.
    const verifyRate = (verifyRateBefore + (await inProcessVerifyRate(roundTrips))) / 2;

    const fmt = (n: number) => n.toFixed(1);
    const sorted = latencies.sort((a, b) => a - b);
    const percentile = (p: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
    console.log(`clients: ${CLIENTS}, duration: ${fmt(httpSeconds)} s`);
    console.log(`HTTP authenticate start+finish: ${roundTrips} round trips, ${fmt(httpRate)}/s`);
    console.log(
      `login latency (start+finish) p50 / p99: ${fmt(percentile(50))} / ${fmt(percentile(99))} ms (goal p50 < 40)`,
    );
    console.log(
      `in-process verifyAuthenticationResponse: ${fmt(verifyRate)}/s (mean of a run before and one after)`,
    );
    console.log(
      `ratio HTTP / in-process: ${(httpRate / verifyRate).toFixed(3)} (${fmt(verifyRate / httpRate)}x slower end to end; goal >= 0.15)`,
    );
  } finally {
    await server.close();
    await db.$disconnect();
    await dropDatabase(name);
  }
}

runBench(main);
