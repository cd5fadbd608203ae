// A rolling restart (issue 27): two auth-server instances on one database and one Redis behind the
// round-robin proxy; one of them is stopped (SIGTERM) under a steady load of HTTP requests through
// the proxy. No request is lost, the stopped instance ends only its own WebSockets, with a reason
// that makes socket.io clients reconnect (through the proxy, to the instance that stays), and the
// sockets of the other instance stay connected.
import path from "node:path";
import { createTestDatabase, type TestDatabase } from "@org/db/testing";
import { freePort, type SpawnedService, spawnService } from "@org/service-kit/testing";
import { io, type Socket } from "socket.io-client";
import { REPO_ROOT } from "../src/deployed.ts";
import { roundRobinProxy, type RoundRobinProxy } from "../src/round-robin-proxy.ts";

jest.setTimeout(180_000);

const redisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
const appDir = path.join(REPO_ROOT, "apps", "auth-server");

let database: TestDatabase;
let proxy: RoundRobinProxy;
const instances: SpawnedService[] = [];
const sockets: Socket[] = [];

/** A socket.io client of the QR namespace (no challenge needed to stay connected) at `url`. */
function qrSocket(url: string, reconnection: boolean): Promise<Socket> {
  const socket = io(`${url}/qr`, { transports: ["websocket"], reconnection });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

/** Every reason `socket` was disconnected for, as it happens. */
function disconnections(socket: Socket): string[] {
  const reasons: string[] = [];
  socket.on("disconnect", (reason) => reasons.push(reason));
  return reasons;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const [publicPort, ...ports] = [await freePort(), await freePort(), await freePort()];
  proxy = await roundRobinProxy(
    ports.map((port) => `http://127.0.0.1:${port}`),
    publicPort,
  );
  const env = (port: number) => ({
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${publicPort}`,
    TRUST_PROXY: "loopback",
  });
  // One after the other: the first migrates the empty database.
  for (const port of ports) instances.push(await spawnService(appDir, env(port!), 120_000));
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await proxy?.close();
  for (const instance of instances) instance.kill("SIGKILL");
  await database?.drop();
});

it("stopping one instance loses no request of a steady load and leaves the other's sockets connected", async () => {
  const [stopping, staying] = instances as [SpawnedService, SpawnedService];
  // Two sockets on each instance, and two through the proxy that will have to move.
  const onStopping = await Promise.all([qrSocket(stopping.url, false), qrSocket(stopping.url, false)]);
  const onStaying = await Promise.all([qrSocket(staying.url, false), qrSocket(staying.url, false)]);
  const throughProxy = await Promise.all([qrSocket(proxy.url, true), qrSocket(proxy.url, true)]);
  const stoppingReasons = onStopping.map(disconnections);
  const stayingReasons = onStaying.map(disconnections);

  // Four clients sending requests one after the other through the proxy, until told to stop.
  const answers: { status: number; upstream: string | null }[] = [];
  let loading = true;
  const client = async () => {
    while (loading) {
      const res = await fetch(`${proxy.url}/readyz`).catch((error: Error) => error);
      if (res instanceof Error) answers.push({ status: 0, upstream: res.message });
      else {
        await res.arrayBuffer();
        answers.push({ status: res.status, upstream: res.headers.get("x-upstream") });
      }
    }
  };
  const load = Promise.all([client(), client(), client(), client()]);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const beforeStop = answers.length;
  stopping.kill("SIGTERM");
  expect(await stopping.exited).toBe(0);
  // The load goes on against the instance that stays.
  const afterStop = answers.length;
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  loading = false;
  await load;

  expect(beforeStop).toBeGreaterThan(0);
  expect(answers.length).toBeGreaterThan(afterStop);
  expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  // Both instances answered before the stop; only the other one after it.
  expect(new Set(answers.slice(0, beforeStop).map((answer) => answer.upstream)).size).toBe(2);
  // (Past the four requests that may have been in flight when it exited.)
  expect(new Set(answers.slice(afterStop + 4).map((answer) => answer.upstream))).toEqual(new Set(["1"]));

  // The stopped instance closed its own sockets' transport, which socket.io clients reconnect after…
  expect(stoppingReasons).toEqual([["transport close"], ["transport close"]]);
  // …and those through the proxy did, to the instance that stays.
  const reconnected = (socket: Socket) =>
    socket.connected || new Promise((resolve) => socket.once("connect", () => resolve(true)));
  const within10s = new Promise((resolve) => setTimeout(() => resolve(false), 10_000));
  expect(await Promise.race([Promise.all(throughProxy.map(reconnected)), within10s])).toEqual([true, true]);
  // The other instance's sockets never noticed.
  expect(stayingReasons).toEqual([[], []]);
  expect(onStaying.map((socket) => socket.connected)).toEqual([true, true]);
  expect(stopping.output()).toContain('"msg":"stopped"');
});
