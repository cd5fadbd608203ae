// The workspace's `pnpm start` (turbo → each app's `pnpm start` → tsx → node) as a person runs it,
// stopped with Ctrl-C: the terminal sends SIGINT to the whole foreground process group. On free
// ports (PORT=0), a PostgreSQL test database and a DATA_DIR of its own (the development tenant key
// lives there), so it never touches 4000/4100 or `.data`.
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { databaseUrl, dropDatabase, runOnServer, uniqueDatabaseName } from "@org/db/testing";
import { io, type Socket } from "socket.io-client";

const workspaceRoot = path.resolve(__dirname, "../../..");
jest.setTimeout(120_000);

// An empty database: both services migrate it at start, as they would a fresh server.
const name = uniqueDatabaseName("start_script");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "start-script-"));
beforeAll(() => runOnServer(`CREATE DATABASE "${name}"`));
afterAll(async () => {
  await dropDatabase(name);
  rmSync(dataDir, { recursive: true, force: true });
});

/** A socket.io client over WebSocket, as the web app and the SDK connect; resolves once connected. */
function connected(url: string, auth?: Record<string, string>): Promise<Socket> {
  const socket = io(url, { transports: ["websocket"], reconnection: false, ...(auth ? { auth } : {}) });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

it("pnpm start prints one readable line per service with its URL, and Ctrl-C exits 0 without ELIFECYCLE, at once even with sockets open", async () => {
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    CI: "true",
    PORT: "0",
    DATABASE_URL: databaseUrl(name),
    DATA_DIR: dataDir,
  };
  const child = spawn("pnpm", ["start"], {
    cwd: workspaceRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group, like a terminal's foreground job
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const listening = () =>
    output.match(/(board-api|auth-server): listening on http:\/\/localhost:\d+ .*$/gm) ?? [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`pnpm start did not come up:\n${output}`)), 100_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (listening().length === 2) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then(() => reject(new Error(`pnpm start exited early:\n${output}`)));
  });
  expect(
    listening()
      .map((line) => line.split(":")[0])
      .sort(),
  ).toEqual(["auth-server", "board-api"]);
  for (const line of listening()) expect(line).toContain("(PostgreSQL postgres@127.0.0.1:5432/");
  // No JSON log lines in development.
  expect(output).not.toMatch(/\{"level":/);

  // Open what a person's browser holds open: the board's live socket (signed in), a QR page's
  // socket on the auth server's /qr namespace, and an idle keep-alive HTTP connection to each.
  const urls = Object.fromEntries(
    listening().map((line) => [line.split(":")[0], /listening on (http:\/\/localhost:\d+)/.exec(line)![1]!]),
  );
  const { stdout } = await promisify(execFile)(
    "pnpm",
    [
      "--silent",
      "--filter",
      "@org/board-api",
      "cli",
      "user",
      "create",
      "--email",
      "ada@example.com",
      "--name",
      "Ada",
    ],
    { cwd: workspaceRoot, env },
  );
  const { token } = JSON.parse(stdout) as { token: string };
  const sockets = await Promise.all([
    connected(urls["board-api"]!, { token }),
    connected(`${urls["auth-server"]}/qr`),
  ]);
  for (const url of Object.values(urls)) expect((await fetch(`${url}/healthz`)).status).toBe(200);

  const stoppedAt = Date.now();
  process.kill(-child.pid!, "SIGINT");
  expect(await exited).toBe(0);
  // Well within SHUTDOWN_TIMEOUT_MS (10 s), with the database closed ("stopped").
  expect(Date.now() - stoppedAt).toBeLessThan(5_000);
  expect(output).not.toContain("shutdown timed out");
  expect(sockets.map((socket) => socket.connected)).toEqual([false, false]);
  expect(output).not.toContain("ELIFECYCLE");
  expect(output.match(/(board-api|auth-server): stopped/g)).toHaveLength(2);
});
