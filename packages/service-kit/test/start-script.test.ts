// The workspace's `pnpm start` (turbo → each app's `pnpm start` → tsx → node) as a person runs it,
// stopped with Ctrl-C: the terminal sends SIGINT to the whole foreground process group. On free
// ports (PORT=0), a PostgreSQL test database and a DATA_DIR of its own (the development tenant key
// lives there), so it never touches 4000/4100 or `.data`.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { databaseUrl, dropDatabase, runOnServer, uniqueDatabaseName } from "@org/db/testing";

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

it("pnpm start prints one readable line per service with its URL, and Ctrl-C exits 0 without ELIFECYCLE", async () => {
  const child = spawn("pnpm", ["start"], {
    cwd: workspaceRoot,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      CI: "true",
      PORT: "0",
      DATABASE_URL: databaseUrl(name),
      DATA_DIR: dataDir,
    },
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

  process.kill(-child.pid!, "SIGINT");
  expect(await exited).toBe(0);
  expect(output).not.toContain("ELIFECYCLE");
  expect(output.match(/(board-api|auth-server): stopped/g)).toHaveLength(2);
});
