#!/usr/bin/env node
// Proves the README's quick start: a clean clone, `pnpm install`, then `pnpm start` with no
// environment brings both services up on the embedded database and answers /healthz; then, while
// they run, the admin CLIs (run from the root, as the README shows) create a board user and an
// auth tenant whose credentials work against the running services.
// Part of `pnpm test`. Uses the pnpm store, so the install needs no network.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const repo = path.resolve(import.meta.dirname, "..");
const clone = mkdtempSync(path.join(os.tmpdir(), "start-smoke-"));
const services = { "board-api": 4000, "auth-server": 4100 };
const cleanEnv = { PATH: process.env.PATH, HOME: process.env.HOME ?? os.homedir(), CI: "true" };

function log(message) {
  process.stdout.write(`[start-smoke] ${message}\n`);
}

async function healthy(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    return res.status === 200 && (await res.json()).status === "ok";
  } catch {
    return false;
  }
}

let child;
try {
  log(`cloning into ${clone}`);
  execFileSync("git", ["clone", "-q", repo, clone]);
  execFileSync("pnpm", ["install", "--frozen-lockfile", "--prefer-offline"], {
    cwd: clone,
    env: cleanEnv,
    stdio: "ignore",
  });
  log("pnpm install done; starting");
  child = spawn("pnpm", ["start"], { cwd: clone, env: cleanEnv, stdio: "ignore", detached: true });
  const deadline = Date.now() + 120_000;
  const up = new Set();
  while (up.size < Object.keys(services).length && Date.now() < deadline) {
    for (const [name, port] of Object.entries(services))
      if (!up.has(name) && (await healthy(port))) up.add(name);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  for (const name of Object.keys(services)) log(`${name}: ${up.has(name) ? "healthy" : "NOT healthy"}`);
  if (up.size !== Object.keys(services).length) throw new Error("pnpm start did not bring both services up");

  const cli = (filter, args) =>
    JSON.parse(
      execFileSync("pnpm", ["--silent", "--filter", filter, "cli", ...args], {
        cwd: clone,
        env: cleanEnv,
      }).toString(),
    );
  const { token } = cli("@org/board-api", [
    "user",
    "create",
    "--email",
    "smoke@example.com",
    "--name",
    "Smoke",
  ]);
  const me = await fetch("http://127.0.0.1:4000/api/v1/me", {
    headers: { authorization: `Bearer ${token}` },
  });
  const meBody = await me.json();
  log(`board-api: cli user create, then GET /api/v1/me -> ${me.status} ${meBody.email}`);
  if (me.status !== 200 || meBody.email !== "smoke@example.com")
    throw new Error("the CLI's token is not accepted");

  const { apiKey } = cli("@org/auth-server", ["tenant", "create", "--name", "Smoke", "--rp-id", "localhost"]);
  const session = await fetch("http://127.0.0.1:4100/api/v1/session-token", {
    method: "POST",
    headers: { "x-api-key": apiKey },
  });
  log(`auth-server: cli tenant create, then POST /api/v1/session-token -> ${session.status}`);
  if (session.status !== 200) throw new Error("the CLI's tenant API key is not accepted");
} catch (error) {
  log(error.message);
  process.exitCode = 1;
} finally {
  if (child) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  rmSync(clone, { recursive: true, force: true });
}
