// Start-up time and memory of each service as a real process on an already-migrated database
// (a restart, the common case): from spawn to the first 200 on /healthz, then the resident memory
// of the process tree after 200 requests. Run as `pnpm start` runs it (tsx on the TypeScript
// sources) and, when the app has a `build:server` script, as the production image runs it: node
// on the built JavaScript in a folder made by `pnpm deploy` as docker/Dockerfile makes it.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { migrateDatabase } from "@org/db";
import { databaseUrl, dropDatabase, runOnServer, uniqueDatabaseName } from "@org/db/testing";
import { runBench } from "./lib/run-bench.ts";

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
const APPS = ["board-api", "auth-server"] as const;
const repoRoot = path.resolve(__dirname, "..");

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resident memory of a process and its descendants (tsx runs the app in a child), in MB. */
function treeRssMb(pid: number): number {
  const kb = (id: number): number => {
    try {
      const status = readFileSync(`/proc/${id}/status`, "utf8");
      const own = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const children = readFileSync(`/proc/${id}/task/${id}/children`, "utf8").trim().split(/\s+/);
      return own + children.filter(Boolean).reduce((sum, child) => sum + kb(Number(child)), 0);
    } catch {
      return 0;
    }
  };
  return kb(pid) / 1024;
}

interface Measure {
  startMs: number;
  rssMb: number;
}

async function measure(command: string[], appDir: string, env: Record<string, string>): Promise<Measure> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: appDir,
    env: { PATH: process.env.PATH ?? "", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const health = `http://127.0.0.1:${port}/healthz`;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command.join(" ")} exited with ${child.exitCode}`);
      const ok = await fetch(health).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - began > 60_000) throw new Error(`${command.join(" ")} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const startMs = performance.now() - began;
    for (let i = 0; i < 200; i += 1) await (await fetch(health)).arrayBuffer();
    return { startMs, rssMb: treeRssMb(child.pid as number) };
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const name = uniqueDatabaseName("bench");
  await runOnServer(`CREATE DATABASE "${name}"`);
  const url = databaseUrl(name);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-startup-"));
  try {
    await migrateDatabase(url);
    const rows: Array<{ app: string; mode: string; start: number[]; rss: number[] }> = [];
    for (const app of APPS) {
      const appDir = path.join(repoRoot, "apps", app);
      const scripts = JSON.parse(readFileSync(path.join(appDir, "package.json"), "utf8")).scripts ?? {};
      const modes: Array<{ mode: string; command: string[]; cwd?: string; env?: Record<string, string> }> = [
        {
          mode: "tsx src/server.ts",
          command: [process.execPath, require.resolve("tsx/cli", { paths: [appDir] }), "src/server.ts"],
        },
      ];
      if (scripts["build:server"]) {
        const deployed = path.join(dataDir, `deploy-${app}`);
        const pnpm = (...args: string[]) => execFileSync("pnpm", args, { cwd: repoRoot, stdio: "ignore" });
        pnpm("--filter", `@org/${app}`, "build");
        pnpm(
          "--config.node-linker=hoisted",
          "deploy",
          "--filter",
          `@org/${app}`,
          "--prod",
          "--legacy",
          deployed,
        );
        cpSync(path.join(repoRoot, "prisma"), path.join(deployed, "prisma"), { recursive: true });
        modes.push({
          mode: "node dist/server.js",
          cwd: deployed,
          command: [process.execPath, "dist/server.js"],
          env: { PRISMA_DIR: path.join(deployed, "prisma") },
        });
      }
      const env = { DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn" };
      for (const mode of modes) {
        const row = { app, mode: mode.mode, start: [] as number[], rss: [] as number[] };
        for (let run = 0; run < RUNS; run += 1) {
          const result = await measure(mode.command, mode.cwd ?? appDir, { ...env, ...mode.env });
          row.start.push(result.startMs);
          row.rss.push(result.rssMb);
        }
        rows.push(row);
      }
    }
    console.log(`\nmedian of ${RUNS} starts on a migrated database (range in brackets)\n`);
    console.log(
      `${"service".padEnd(12)} ${"run as".padEnd(22)} ${"start ms".padStart(20)} ${"RSS MB".padStart(18)}`,
    );
    const range = (values: number[]) =>
      `${median(values).toFixed(0)} [${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}]`;
    for (const row of rows) {
      console.log(
        `${row.app.padEnd(12)} ${row.mode.padEnd(22)} ${range(row.start).padStart(20)} ${range(row.rss).padStart(18)}`,
      );
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await dropDatabase(name);
  }
}

runBench(main);
