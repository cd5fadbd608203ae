// Issue 28, point 2: wide JSON objects must not stall an instance. A victim (one client, GET
// /api/v1/me with a valid token) is timed alone, then while 8 clients send 1 MB objects of ~90,000
// keys to each target in turn: sign-up (no credential), MCP tools/call with a valid token, and
// /api/v1 with a bogus token. Each is refused having read a fraction of it: sign-up by its
// Content-Length (16 KB route limit), MCP once the scan as the bytes arrive meets the 1,001st key,
// the bogus token before any parsing; the rest is never read (the connection is closed instead,
// service-kit's unread-body.ts). Goal: the victim's p50 within 2x of its p50 alone. The per-IP
// limits (which would refuse most of the attack before parsing) are raised out of the way, so the
// figure is the body handling's. The load runs in child processes; the server is this process.
// The attackers' process runs at the lowest priority (nice 19): it stands for clients on other
// machines, and generating 8 × 1 MB requests back to back would otherwise take one of this
// machine's 2 cores from the server and the victim, which no server-side limit can give back.
// Besides latency (which a machine busy with other work disturbs most), each row shows the
// server's CPU time and the bytes it read per attack request.
import { createDb, migrateDatabase } from "@org/db";
import { databaseUrl, dropDatabase, runOnServer, uniqueDatabaseName } from "@org/db/testing";
import type autocannon from "autocannon";
import { createUser } from "@org/board-api/testing";
import { loadInChild } from "./lib/load-in-child.ts";
import { startBoardApi, type Listening } from "./lib/servers.ts";
import { runBench } from "./lib/run-bench.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ATTACKERS = 8;

/** A JSON object of `extra` fields plus as many numbered keys as fit in just under 1 MB. */
function wideObject(extra: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...extra };
  for (let i = 0, size = JSON.stringify(extra).length; size < 1_000_000; i++) {
    body[`key${i}`] = i;
    size += `"key${i}":${i},`.length;
  }
  return body;
}

interface Row {
  name: string;
  victimP50: number;
  victimP99: number;
  attackRps: number;
  attackStatuses: string;
  /** The server's CPU time (this process) per attack request, ms: less disturbed by a busy machine. */
  serverCpuMs: number;
  /** KB the server read per attack request (its sockets' bytes, the victim's few aside). */
  serverReadKb: number;
}

async function main(): Promise<void> {
  const name = uniqueDatabaseName("bench");
  await runOnServer(`CREATE DATABASE "${name}"`);
  const url = databaseUrl(name);
  const db = createDb({ url, maxConnections: 10 });
  let api: Listening | undefined;
  try {
    await migrateDatabase(url);
    const { token } = await createUser({ db, email: "bench@example.com", name: "Bench" });
    api = await startBoardApi(url, db, {
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: "100000000",
      RATE_LIMIT_SIGN_IN_PER_MINUTE: "100000000",
    });
    const victim: autocannon.Options = {
      url: `${api.url}/api/v1/me`,
      headers: { authorization: `Bearer ${token}` },
      connections: 1,
      duration: DURATION_S,
    };
    const json = { "content-type": "application/json" };
    const targets: Array<{ name: string; options: autocannon.Options }> = [
      {
        name: "sign-up, no credential",
        options: {
          url: `${api.url}/app/auth/signup`,
          method: "POST",
          headers: { ...json, origin: api.url },
          body: JSON.stringify(wideObject({ email: "a@example.com", name: "A" })),
        },
      },
      {
        name: "MCP create_project, valid token",
        options: {
          url: `${api.url}/mcp?toolsets=all`,
          method: "POST",
          headers: {
            ...json,
            authorization: `Bearer ${token}`,
            accept: "application/json, text/event-stream",
          },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "tools/call",
            params: { name: "create_project", arguments: wideObject({ name: "P" }) },
          }),
        },
      },
      {
        name: "/api/v1/projects, bogus token",
        options: {
          url: `${api.url}/api/v1/projects`,
          method: "POST",
          headers: { ...json, authorization: "Bearer bogus-token" },
          body: JSON.stringify(wideObject({ name: "P" })),
        },
      },
    ];

    const rows: Row[] = [];
    // Warm up first (modules, JIT, the token cache), so that "alone" times the steady state.
    await loadInChild({ ...victim, duration: 2 });
    let cpuBefore = process.cpuUsage();
    const alone = await loadInChild(victim);
    const aloneCpu = process.cpuUsage(cpuBefore);
    // The server's CPU per victim request, subtracted below to leave the attack's share.
    const victimCpuMs = (aloneCpu.user + aloneCpu.system) / 1000 / Math.max(1, alone.requests.total);
    rows.push({
      name: "victim alone",
      victimP50: alone.latency.p50,
      victimP99: alone.latency.p99,
      attackRps: 0,
      attackStatuses: "",
      serverCpuMs: victimCpuMs,
      serverReadKb: 0,
    });
    for (const target of targets) {
      cpuBefore = process.cpuUsage();
      const readBefore = api.bytesRead();
      const [during, attack] = await Promise.all([
        loadInChild(victim),
        loadInChild({ ...target.options, connections: ATTACKERS, duration: DURATION_S }, { nice: 19 }),
      ]);
      const statuses = Object.entries(attack.statusCodeStats ?? {})
        .map(([status, { count }]) => `${status}×${count}`)
        .join(" ");
      const cpu = process.cpuUsage(cpuBefore);
      const read = api.bytesRead() - readBefore;
      rows.push({
        name: `+ 8 × 1 MB to ${target.name}`,
        victimP50: during.latency.p50,
        victimP99: during.latency.p99,
        attackRps: attack.requests.average,
        attackStatuses: statuses,
        serverCpuMs:
          ((cpu.user + cpu.system) / 1000 - victimCpuMs * during.requests.total) /
          Math.max(1, attack.requests.total),
        serverReadKb: read / 1024 / Math.max(1, attack.requests.total),
      });
    }

    console.log(
      `\n${DURATION_S} s per scenario, victim: 1 client GET /api/v1/me; attack: ${ATTACKERS} clients, loopback\n`,
    );
    console.log(
      `${"scenario".padEnd(48)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"attack req/s".padStart(13)} ${"server CPU ms/req".padStart(18)} ${"read KB/req".padStart(12)}  attack answers`,
    );
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(48)} ${r.victimP50.toFixed(1).padStart(7)} ${r.victimP99.toFixed(1).padStart(7)} ${r.attackRps.toFixed(0).padStart(13)} ${r.serverCpuMs.toFixed(2).padStart(18)} ${r.serverReadKb.toFixed(0).padStart(12)}  ${r.attackStatuses}`,
      );
    }
    // A p50 of 0-1 ms alone would make any ratio noise: compare with at least 1 ms.
    const base = Math.max(1, alone.latency.p50);
    const worst = Math.max(...rows.slice(1).map((r) => r.victimP50));
    console.log(`\nworst victim p50 under attack: ${(worst / base).toFixed(2)}x its p50 alone (goal <= 2)`);
    if (worst / base > 2) process.exitCode = 1;
  } finally {
    await api?.close();
    await db.$disconnect();
    await dropDatabase(name);
  }
}

runBench(main);
