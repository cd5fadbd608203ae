// MCP next to HTTP on the same card: `tools/call get_card` on POST /mcp against
// `GET /api/v1/cards/{card_id}`, 8 clients each, in the same run, alternating in ROUNDS short rounds so
// that a busy machine weighs on both alike (goal: MCP >= 0.6x HTTP; 0.04x in issue 19, 0.42x
// before the shared server and stateless JSON transport), and what one `tools/list` of `all` and
// of `core` (the default) costs (one client, one request at a time, on loopback: the round trip is
// the server's time plus well under a millisecond; goal for core < 5 ms). The load runs in a child
// process, so the server's CPU time per call (process.cpuUsage) is its own: the ratio of those is
// the steadiest figure when other work shares the machine.
import { createDb, migrateDatabase } from "@org/db";
import { databaseUrl, dropDatabase, runOnServer, uniqueDatabaseName } from "@org/db/testing";
import type autocannon from "autocannon";
import pg from "pg";
import { createUser } from "@org/board-api/testing";
import { loadInChild } from "./lib/load-in-child.ts";
import { startBoardApi, type Listening } from "./lib/servers.ts";
import { runBench } from "./lib/run-bench.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CLIENTS = 8;
/** HTTP and MCP take turns, each round DURATION_S / ROUNDS long (at least a second). */
const ROUNDS = 6;

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  non2xx: number;
  errors: number;
  /** The server process's CPU time per request (user + system), the load running elsewhere. */
  cpuUs: number;
}

async function load(name: string, options: autocannon.Options, duration = DURATION_S): Promise<Result> {
  const before = process.cpuUsage();
  const result = await loadInChild({ connections: CLIENTS, duration, ...options });
  const cpu = process.cpuUsage(before);
  return {
    cpuUs: (cpu.user + cpu.system) / Math.max(1, result.requests.total),
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Rounds of one scenario as one: rates and latencies averaged, failures summed. */
function combined(rounds: Result[]): Result {
  const average = (pick: (r: Result) => number) =>
    rounds.reduce((sum, r) => sum + pick(r), 0) / rounds.length;
  return {
    name: rounds[0]!.name,
    rps: average((r) => r.rps),
    p50: average((r) => r.p50),
    p99: average((r) => r.p99),
    mean: average((r) => r.mean),
    cpuUs: average((r) => r.cpuUs),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
  };
}

const rpc = (method: string, params: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: "2.0", id: 1, method, params });

async function main(): Promise<void> {
  const name = uniqueDatabaseName("bench");
  await runOnServer(`CREATE DATABASE "${name}"`);
  const url = databaseUrl(name);
  const db = createDb({ url, maxConnections: 10 });
  const bare = new pg.Pool({ connectionString: url, max: 2 });
  let api: Listening | undefined;
  try {
    await migrateDatabase(url);
    const { user, token } = await createUser({ db, email: "bench@example.com", name: "Bench" });
    // A project of 5 columns and 1,000 cards, as in board-api.bench.ts.
    const seeded = await bare.query<{ card_id: string }>(
      `WITH p AS (INSERT INTO projects (id, name, next_card_number, updated_at)
                  VALUES (gen_random_uuid(), 'Bench', 1001, now()) RETURNING id)
       , m AS (INSERT INTO project_members (id, project_id, user_id, role)
               SELECT gen_random_uuid(), p.id, $1::uuid, 'owner' FROM p)
       , c AS (INSERT INTO columns (id, project_id, name, position, updated_at)
               SELECT gen_random_uuid(), p.id, 'Column ' || i, i, now() FROM p, generate_series(0, 4) i
               RETURNING id, position, project_id)
       INSERT INTO cards (id, project_id, column_id, number, title, body, position, updated_at)
       SELECT gen_random_uuid(), c.project_id, c.id, c.position * 200 + j + 1,
              'Card ' || (c.position * 200 + j + 1), 'Body of the card', j, now()
       FROM c, generate_series(0, 199) j
       RETURNING id AS card_id`,
      [user.id],
    );
    const cardId = seeded.rows[100]?.card_id as string;
    api = await startBoardApi(url, db);
    const auth = { authorization: `Bearer ${token}` };
    const mcpHeaders = {
      ...auth,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    };

    // Check each request answers what it should before timing it.
    const getCard = rpc("tools/call", { name: "get_card", arguments: { card_id: cardId } });
    const check = (await (
      await fetch(`${api.url}/mcp`, { method: "POST", headers: mcpHeaders, body: getCard })
    ).json()) as { result?: { isError?: boolean; structuredContent?: { id?: string } } };
    if (check.result?.isError || check.result?.structuredContent?.id !== cardId) {
      throw new Error(`tools/call get_card answered ${JSON.stringify(check)}`);
    }
    const listBytes = async (query: string) => {
      const res = await fetch(`${api!.url}/mcp${query}`, {
        method: "POST",
        headers: mcpHeaders,
        body: rpc("tools/list", {}),
      });
      const text = await res.text();
      const tools = (JSON.parse(text) as { result: { tools: unknown[] } }).result.tools.length;
      return { bytes: Buffer.byteLength(text), tools };
    };
    const allList = await listBytes("?toolsets=all");
    const coreList = await listBytes("");

    const httpRounds: Result[] = [];
    const mcpRounds: Result[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const duration = Math.max(1, DURATION_S / ROUNDS);
      const http = { url: `${api.url}/api/v1/cards/${cardId}`, headers: auth };
      const mcp = { url: `${api.url}/mcp`, method: "POST" as const, headers: mcpHeaders, body: getCard };
      httpRounds.push(await load("HTTP GET /cards/{card_id}", http, duration));
      mcpRounds.push(await load("MCP tools/call get_card", mcp, duration));
    }
    const results: Result[] = [combined(httpRounds), combined(mcpRounds)];
    const list = (query: string) => ({
      url: `${api!.url}/mcp${query}`,
      method: "POST" as const,
      headers: mcpHeaders,
      body: rpc("tools/list", {}),
      connections: 1,
    });
    results.push(await load("MCP tools/list all, 1 client", list("?toolsets=all")));
    results.push(await load("MCP tools/list core, 1 client", list("")));

    console.log(`\n${DURATION_S} s per scenario, ${CLIENTS} clients unless said, loopback\n`);
    console.log(
      `${"scenario".padEnd(38)} ${"req/s".padStart(8)} ${"p50 ms".padStart(7)} ${"mean ms".padStart(8)} ${"p99 ms".padStart(7)} ${"non-2xx".padStart(8)} ${"errors".padStart(7)} ${"CPU µs/req".padStart(11)}`,
    );
    for (const r of results) {
      console.log(
        `${r.name.padEnd(38)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(7)} ${r.mean.toFixed(2).padStart(8)} ${r.p99.toFixed(1).padStart(7)} ${String(r.non2xx).padStart(8)} ${String(r.errors).padStart(7)} ${r.cpuUs.toFixed(0).padStart(11)}`,
      );
    }
    const rps = (scenario: string) => results.find((r) => r.name === scenario)?.rps ?? 0;
    const ratio = rps("MCP tools/call get_card") / rps("HTTP GET /cards/{card_id}");
    // Each MCP round against the HTTP round just before it; the median shrugs off a burst of other
    // work on the machine that hit one round.
    const roundRatios = mcpRounds.map((r, i) => r.rps / httpRounds[i]!.rps).sort((x, y) => x - y);
    const median = (roundRatios[(roundRatios.length - 1) >> 1]! + roundRatios[roundRatios.length >> 1]!) / 2;
    const core = results.find((r) => r.name.startsWith("MCP tools/list core"))!;
    console.log(`\nMCP get_card / HTTP GET card:   ${ratio.toFixed(2)}x req/s (goal >= 0.60)`);
    const cpu = (scenario: string) => results.find((r) => r.name === scenario)?.cpuUs ?? 0;
    const cpuRatio = cpu("HTTP GET /cards/{card_id}") / cpu("MCP tools/call get_card");
    console.log(`  by server CPU per call:       ${cpuRatio.toFixed(2)}x (HTTP's CPU time / MCP's)`);
    console.log(
      `  per round (median, rounds):   ${median.toFixed(2)}x; ${roundRatios.map((r) => r.toFixed(2)).join(" ")}`,
    );
    console.log(
      `tools/list core, mean per call: ${core.mean.toFixed(2)} ms round trip, one at a time (goal < 5)`,
    );
    console.log(
      `tools/list sizes: all ${allList.tools} tools, ${(allList.bytes / 1024).toFixed(1)} KB; ` +
        `core (the default) ${coreList.tools} tools, ${(coreList.bytes / 1024).toFixed(1)} KB (goal <= 30 KB)`,
    );
    if (results.some((r) => r.non2xx > 0)) {
      console.log("\nFAILED: some requests were not answered 2xx");
      process.exitCode = 1;
    }
  } finally {
    await api?.close();
    await bare.end();
    await db.$disconnect();
    await dropDatabase(name);
  }
}

runBench(main);
