// Two instances of each service, started at once on one empty PostgreSQL database each and one
// Redis, from the checkout's build (`node dist/server.js` in production mode, what `pnpm start:prod`
// runs), each pair behind a round-robin proxy that sends every request and every WebSocket to the
// next instance in turn: no sticky sessions. What a person or a client does through the proxies
// must work whichever instance answers each step.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { SoftwareAuthenticator } from "@org/auth-server/testing";
import { databaseUrl, dropDatabase, runOnServer, uniqueDatabaseName } from "@org/db/testing";
import { freePort, metricValue, type SpawnedService, spawnNode } from "@org/service-kit/testing";
import { io, type Socket } from "socket.io-client";
import { REPO_ROOT, type AppName } from "../src/deployed.ts";
import { roundRobinProxy, type RoundRobinProxy } from "../src/round-robin-proxy.ts";

// Services run as real processes (deployed folders, several instances): slower than in-process apps.
jest.setTimeout(180_000);

const redisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
const METRICS_TOKEN = "instances-test-metrics-token";

let work: string;
const databases = {} as Record<AppName, string>;
const instances = {} as Record<AppName, SpawnedService[]>;
const proxies = {} as Record<AppName, RoundRobinProxy>;
const sockets: Socket[] = [];
let keyFile: string;

/**
 * Two instances of `app` on the same database, Redis and files, behind a proxy on `publicPort`
 * (their PUBLIC_URL, in `env`).
 */
async function startPair(
  app: AppName,
  publicPort: number,
  env: Record<string, string>,
): Promise<SpawnedService[]> {
  const ports = [await freePort(), await freePort()];
  proxies[app] = await roundRobinProxy(
    ports.map((port) => `http://127.0.0.1:${port}`),
    publicPort,
  );
  return Promise.all(
    ports.map((port) =>
      spawnNode(["--enable-source-maps", "dist/server.js"], {
        cwd: path.join(REPO_ROOT, "apps", app),
        env: {
          NODE_ENV: "production",
          PORT: String(port),
          DATABASE_URL: databaseUrl(databases[app]),
          REDIS_URL: redisUrl,
          // Only the proxy on this machine reaches them: believe the address it adds.
          TRUST_PROXY: "loopback",
          METRICS_TOKEN,
          DATA_DIR: path.join(work, "data"),
          ...env,
        },
        timeoutMs: 120_000,
      }),
    ),
  );
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "instances-test-"));
  keyFile = path.join(work, "board-tenant.key");
  for (const app of ["board-api", "auth-server"] as const) {
    databases[app] = uniqueDatabaseName(`instances_${app.replace("-", "_")}`);
    await runOnServer(`CREATE DATABASE "${databases[app]}"`);
  }
  // The proxies' ports are the services' public URLs: known before the instances start.
  const [boardPublic, authPublic] = [await freePort(), await freePort()];
  const boardUrl = `http://localhost:${boardPublic}`;
  const authUrl = `http://localhost:${authPublic}`;
  // All four at once: the two of a service migrate the same empty database concurrently.
  [instances["auth-server"], instances["board-api"]] = await Promise.all([
    startPair("auth-server", authPublic, {
      PUBLIC_URL: authUrl,
      BOOTSTRAP_TENANT_NAME: "board-api",
      BOOTSTRAP_TENANT_RP_ID: "localhost",
      BOOTSTRAP_TENANT_ORIGINS: boardUrl,
      BOOTSTRAP_TENANT_API_KEY_FILE: keyFile,
    }),
    startPair("board-api", boardPublic, {
      PUBLIC_URL: boardUrl,
      ATTACHMENTS_DIR: path.join(work, "attachments"),
      AUTH_SERVER_URL: authUrl,
      AUTH_API_KEY_FILE: keyFile,
    }),
  ]);
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.all(Object.values(proxies).map((proxy) => proxy.close()));
  for (const instance of Object.values(instances).flat()) instance.kill("SIGKILL");
  await Promise.all(Object.values(databases).map((name) => dropDatabase(name)));
  await rm(work, { recursive: true, force: true });
});

interface Answer {
  status: number;
  upstream: string | null;
  body: Record<string, unknown>;
}

async function call(
  app: AppName,
  method: string,
  urlPath: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Answer> {
  const res = await fetch(`${proxies[app].url}${urlPath}`, {
    method,
    headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    upstream: res.headers.get("x-upstream"),
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

function websocket(url: string, options: { auth?: Record<string, string> } = {}): Promise<Socket> {
  const socket = io(url, { transports: ["websocket"], reconnection: false, ...options });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

function nextEvent<T>(
  socket: Socket,
  name: string,
  matches: (payload: T) => boolean = () => true,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} within 10 s`)), 10_000);
    const listener = (payload: T) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      socket.off(name, listener);
      resolve(payload);
    };
    socket.on(name, listener);
  });
}

/** How many socket.io clients each instance of `app` holds in `namespace` (its own /metrics). */
async function socketsPerInstance(app: AppName, namespace: string): Promise<number[]> {
  return Promise.all(
    instances[app].map(async (instance) => {
      const res = await fetch(`${instance.url}/metrics`, {
        headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
      });
      return metricValue(await res.text(), "socketio_connections", { service: app, namespace });
    }),
  );
}

describe("two instances of each service behind a round-robin proxy", () => {
  it("both answer, in turn, ready on the database both migrated", async () => {
    for (const app of ["board-api", "auth-server"] as const) {
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await call(app, "GET", "/readyz"));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((answer) => answer.upstream))).toEqual(new Set(["0", "1"]));
    }
  });

  it("a passkey is registered and used with every step on the other instance than the one before", async () => {
    const apiKey = (await readFile(keyFile, "utf8")).trim();
    const origin = new URL(proxies["board-api"].url).origin;
    const authenticator = new SoftwareAuthenticator({ origin });
    const tenant = { "X-API-KEY": apiKey };
    const user = await call("auth-server", "POST", "/api/v1/user-token", tenant, {
      externalId: "ada",
      displayName: "Ada",
    });
    const bearer = { Authorization: `Bearer ${user.body.userToken as string}` };
    const started = await call("auth-server", "POST", "/auth/v1/register/start", bearer, {});
    const registered = await call("auth-server", "POST", "/auth/v1/register/finish", bearer, {
      challengeId: started.body.challengeId,
      credential: authenticator.register(started.body.options as never),
    });
    expect([started.status, registered.status]).toEqual([200, 200]);
    expect(registered.upstream).not.toBe(started.upstream);

    const session = await call("auth-server", "POST", "/api/v1/session-token", tenant);
    const sessionBearer = { Authorization: `Bearer ${session.body.token as string}` };
    const login = await call("auth-server", "POST", "/auth/v1/authenticate/start", sessionBearer, {});
    const finished = await call("auth-server", "POST", "/auth/v1/authenticate/finish", sessionBearer, {
      challengeId: login.body.challengeId,
      credential: authenticator.authenticate(login.body.options as never),
    });
    expect([login.status, finished.status, finished.body.success]).toEqual([200, 200, true]);
    expect(finished.upstream).not.toBe(login.upstream);
  });

  it("board events reach the web sockets of both instances, whichever instance made the change", async () => {
    // `pnpm --filter @org/board-api cli:prod user create …`, from the checkout's build.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["dist/cli.js", "user", "create", "--email", "grace@example.com", "--name", "Grace"],
      {
        cwd: path.join(REPO_ROOT, "apps", "board-api"),
        env: {
          PATH: process.env.PATH ?? "",
          NODE_ENV: "production",
          DATABASE_URL: databaseUrl(databases["board-api"]),
        },
      },
    );
    const auth = { Authorization: `Bearer ${(JSON.parse(stdout) as { token: string }).token}` };
    const project = await call("board-api", "POST", "/api/v1/projects", auth, { name: "Shared" });
    const column = await call(
      "board-api",
      "POST",
      `/api/v1/projects/${project.body.id as string}/columns`,
      auth,
      { name: "To do" },
    );
    expect([project.status, column.status]).toEqual([201, 201]);

    const before = await socketsPerInstance("board-api", "/");
    const token = auth.Authorization.slice("Bearer ".length);
    const clients = [
      await websocket(proxies["board-api"].url, { auth: { token } }),
      await websocket(proxies["board-api"].url, { auth: { token } }),
    ];
    const after = await socketsPerInstance("board-api", "/");
    // One WebSocket on each instance.
    expect(after.map((count, index) => count - before[index]!)).toEqual([1, 1]);
    for (const client of clients) {
      expect(await client.emitWithAck("join", { project_id: project.body.id })).toEqual({
        ok: true,
        project_id: project.body.id,
      });
    }
    const heard = clients.map((client) =>
      nextEvent<{ data: { card: { title: string } } }>(client, "card.created"),
    );
    const card = await call("board-api", "POST", `/api/v1/columns/${column.body.id as string}/cards`, auth, {
      title: "Heard everywhere",
    });
    expect(card.status).toBe(201);
    for (const event of await Promise.all(heard)) expect(event.data.card.title).toBe("Heard everywhere");
  });

  it("a QR code's watchers on both instances hear that the phone scanned it, which a third request did", async () => {
    const apiKey = (await readFile(keyFile, "utf8")).trim();
    const session = await call("auth-server", "POST", "/api/v1/session-token", { "X-API-KEY": apiKey });
    const started = await call(
      "auth-server",
      "POST",
      "/auth/v1/qr/start",
      {
        Authorization: `Bearer ${session.body.token as string}`,
        Origin: new URL(proxies["board-api"].url).origin,
      },
      {},
    );
    expect(started.status).toBe(200);
    const { challengeId, secret, mobileUrl } = started.body as {
      challengeId: string;
      secret: string;
      mobileUrl: string;
    };
    const before = await socketsPerInstance("auth-server", "/qr");
    const watchers = [
      await websocket(`${proxies["auth-server"].url}/qr`),
      await websocket(`${proxies["auth-server"].url}/qr`),
    ];
    expect(
      (await socketsPerInstance("auth-server", "/qr")).map((count, index) => count - before[index]!),
    ).toEqual([1, 1]);
    for (const watcher of watchers) {
      expect(await watcher.emitWithAck("join", { challengeId, secret })).toMatchObject({
        ok: true,
        status: "pending",
      });
    }
    const scanned = watchers.map((watcher) =>
      nextEvent<{ status: string }>(watcher, "status", (event) => event.status === "scanned"),
    );
    const claim = await call(
      "auth-server",
      "POST",
      "/auth/v1/qr/mobile/claim",
      {},
      { secret: new URL(mobileUrl).hash.slice(1) },
    );
    expect(claim.status).toBe(200);
    for (const event of await Promise.all(scanned)) expect(event.status).toBe("scanned");
  });

  it("socket.io's long-polling would need sticky sessions: its next request reaches the other instance, which knows no such session", async () => {
    const handshake = await fetch(`${proxies["board-api"].url}/socket.io/?EIO=4&transport=polling`);
    const { sid } = JSON.parse((await handshake.text()).slice(1)) as { sid: string };
    const poll = await fetch(`${proxies["board-api"].url}/socket.io/?EIO=4&transport=polling&sid=${sid}`);
    expect(poll.headers.get("x-upstream")).not.toBe(handshake.headers.get("x-upstream"));
    expect([poll.status, await poll.json()]).toEqual([400, { code: 1, message: "Session ID unknown" }]);
  });

  it("every instance stops on SIGTERM with exit code 0, and none answered a 500", async () => {
    for (const socket of sockets) socket.disconnect();
    for (const instance of Object.values(instances).flat()) {
      instance.kill("SIGTERM");
      expect(await instance.exited).toBe(0);
      expect(instance.output()).not.toContain('"status":500');
    }
  });
});
