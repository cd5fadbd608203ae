#!/usr/bin/env node
// Proves the README's quick start: a clean clone, `pnpm install`, then `pnpm start` with no
// environment brings both services up on the embedded database and answers /healthz; then, while
// they run, the admin CLIs (run from the root, as the README shows) create a board user and an
// auth tenant whose credentials work against the running services; finally Ctrl-C (SIGINT to the
// process group, as a terminal sends it) stops everything and `pnpm start` exits 0 without an
// ELIFECYCLE line.
// Part of `pnpm test`. Uses the pnpm store, so the install needs no network.
//
// Everything runs asynchronously (no execFileSync blocking the event loop while a server closes
// a socket), every HTTP request uses a connection of its own (no keep-alive socket to reuse after
// the server dropped it), and the services answering on the ports are checked to be the ones this
// script started.
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, "..");
const clone = mkdtempSync(path.join(os.tmpdir(), "start-smoke-"));
const services = { "board-api": 4000, "auth-server": 4100 };
const cleanEnv = { PATH: process.env.PATH, HOME: process.env.HOME ?? os.homedir(), CI: "true" };

function log(message) {
  process.stdout.write(`[start-smoke] ${message}\n`);
}

/** One HTTP request on a fresh connection (agent: false); resolves with status and parsed JSON. */
function call(port, urlPath, { method = "GET", headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, path: urlPath, method, headers, agent: false, timeout: 10_000 },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => {
          let body;
          try {
            body = JSON.parse(text);
          } catch {
            body = text;
          }
          resolve({ status: res.statusCode, body });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`GET ${urlPath} on ${port} timed out`)));
    req.on("error", reject);
    req.end();
  });
}

async function healthy(port) {
  try {
    const res = await call(port, "/healthz");
    return res.status === 200 && res.body.status === "ok";
  } catch {
    return false;
  }
}

/** True when something accepts connections on the port. */
function listening(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

/** The parent pid of `pid` (Linux /proc), or undefined when it is gone. */
function parentOf(pid) {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}

function descendsFrom(pid, ancestor) {
  for (let current = pid; current && current > 1; current = parentOf(current)) {
    if (current === ancestor) return true;
  }
  return false;
}

/** The pid of the service that owns the clone's embedded database (it advertises its socket). */
function databaseOwner(service) {
  const advert = path.join(clone, ".data", service, "socket.json");
  return JSON.parse(readFileSync(advert, "utf8")).pid;
}

async function cli(filter, args) {
  const { stdout } = await run("pnpm", ["--silent", "--filter", filter, "cli", ...args], {
    cwd: clone,
    env: cleanEnv,
  });
  return JSON.parse(stdout);
}

let child;
let output = "";
let exited;
try {
  for (const [name, port] of Object.entries(services)) {
    if (await listening(port)) {
      throw new Error(`port ${port} (${name}) is already in use: stop whatever runs there first`);
    }
  }
  log(`cloning into ${clone}`);
  await run("git", ["clone", "-q", repo, clone]);
  await run("pnpm", ["install", "--frozen-lockfile", "--prefer-offline"], { cwd: clone, env: cleanEnv });
  log("pnpm install done; starting");
  const startedAt = Date.now();
  child = spawn("pnpm", ["start"], {
    cwd: clone,
    env: cleanEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // a process group of its own, like a terminal's foreground job
  });
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));

  const deadline = Date.now() + 120_000;
  const up = new Set();
  while (up.size < Object.keys(services).length && Date.now() < deadline) {
    for (const [name, port] of Object.entries(services))
      if (!up.has(name) && (await healthy(port))) up.add(name);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  for (const name of Object.keys(services)) log(`${name}: ${up.has(name) ? "healthy" : "NOT healthy"}`);
  if (up.size !== Object.keys(services).length) {
    throw new Error(`pnpm start did not bring both services up:\n${output}`);
  }
  log(`both services healthy ${((Date.now() - startedAt) / 1000).toFixed(0)} s after pnpm start`);
  // A fresh clone builds first: pnpm start says so before the build begins.
  if (!output.includes("first start in this checkout: building the web pages")) {
    throw new Error(`pnpm start did not announce its first build:\n${output}`);
  }
  for (const name of Object.keys(services)) {
    const pid = databaseOwner(name);
    if (!descendsFrom(pid, child.pid))
      throw new Error(`${name} (pid ${pid}) was not started by this pnpm start`);
    log(`${name}: pid ${pid}, started by this pnpm start (pid ${child.pid})`);
  }

  // The credentials come from the clone's databases: accepted only by the services started here.
  const { token } = await cli("@org/board-api", [
    "user",
    "create",
    "--email",
    "smoke@example.com",
    "--name",
    "Smoke",
  ]);
  const me = await call(4000, "/api/v1/me", { headers: { authorization: `Bearer ${token}` } });
  log(`board-api: cli user create, then GET /api/v1/me -> ${me.status} ${me.body.email}`);
  if (me.status !== 200 || me.body.email !== "smoke@example.com")
    throw new Error("the CLI's token is not accepted");

  const { apiKey } = await cli("@org/auth-server", [
    "tenant",
    "create",
    "--name",
    "Smoke",
    "--rp-id",
    "localhost",
  ]);
  const session = await call(4100, "/api/v1/session-token", {
    method: "POST",
    headers: { "x-api-key": apiKey },
  });
  log(`auth-server: cli tenant create, then POST /api/v1/session-token -> ${session.status}`);
  if (session.status !== 200) throw new Error("the CLI's tenant API key is not accepted");

  // Ctrl-C: the terminal sends SIGINT to the whole foreground process group.
  process.kill(-child.pid, "SIGINT");
  const stopped = await Promise.race([
    exited,
    new Promise((resolve) => setTimeout(() => resolve(undefined), 30_000)),
  ]);
  log(
    `Ctrl-C: pnpm start exited with ${stopped ? (stopped.code ?? stopped.signal) : "nothing (still running)"}`,
  );
  if (stopped?.code !== 0) throw new Error(`pnpm start did not exit 0 on Ctrl-C:\n${output}`);
  if (output.includes("ELIFECYCLE")) throw new Error(`pnpm start reported a failure on Ctrl-C:\n${output}`);
  for (const [name, port] of Object.entries(services)) {
    if (await listening(port)) throw new Error(`${name} still answers on ${port} after Ctrl-C`);
  }
  child = undefined;
} catch (error) {
  log(error.message);
  process.exitCode = 1;
} finally {
  if (child) {
    try {
      process.kill(-child.pid, "SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  rmSync(clone, { recursive: true, force: true });
}
