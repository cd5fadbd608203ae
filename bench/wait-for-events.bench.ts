// wait_for_events wake-up latency: one client waits on the project's event feed (the MCP tool
// wait_for_events, and GET /projects/{project_id}/events?wait=30 over HTTP), another moves a card over
// HTTP; the time from sending the move to the waiting call's answer, and from the move's own answer
// (the change committed) to it, ROUNDS times each. Reports p50 and p99 (goal: awake within 1 s of
// the move, issue 26; checked on the time after the move's answer, since the move's own time is the
// busy machine's as much as the feed's), and checks each answer carries the move.
import { createDb, migrateDatabase } from "@org/db";
import { databaseUrl, dropDatabase, runOnServer, uniqueDatabaseName } from "@org/db/testing";
import pg from "pg";
import { createUser } from "@org/board-api/testing";
import { seedProject } from "./lib/seed.ts";
import { startBoardApi, type Listening } from "./lib/servers.ts";
import { runBench } from "./lib/run-bench.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
/** How long the waiter is given to be parked before the move is sent. */
const PARK_MS = 30;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

interface EventPage {
  data: Array<{ seq: string; type: string }>;
  next_after: string;
}

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
    const projectId = await seedProject(bare, { userId: user.id, name: "Events", perColumn: 20 });
    const columns = await bare.query<{ id: string }>(
      "SELECT id::text FROM columns WHERE project_id = $1::uuid ORDER BY position",
      [projectId],
    );
    const card = await bare.query<{ id: string }>(
      "SELECT id::text FROM cards WHERE project_id = $1::uuid ORDER BY number LIMIT 1",
      [projectId],
    );
    const cardId = card.rows[0]!.id;
    api = await startBoardApi(url, db);
    const base = api.url;
    const auth = { authorization: `Bearer ${token}` };
    const mcpHeaders = {
      ...auth,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    };

    const viaHttp = async (after: string): Promise<EventPage> => {
      const res = await fetch(`${base}/api/v1/projects/${projectId}/events?after=${after}&wait=30`, {
        headers: auth,
      });
      if (res.status !== 200) throw new Error(`events: ${res.status} ${await res.text()}`);
      return (await res.json()) as EventPage;
    };
    const viaMcp = async (after: string): Promise<EventPage> => {
      const res = await fetch(`${base}/mcp?toolsets=all`, {
        method: "POST",
        headers: mcpHeaders,
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "wait_for_events", arguments: { project_id: projectId, after, wait: 30 } },
        }),
      });
      const body = (await res.json()) as { result?: { isError?: boolean; structuredContent?: EventPage } };
      if (!body.result || body.result.isError) throw new Error(`wait_for_events: ${JSON.stringify(body)}`);
      return body.result.structuredContent!;
    };
    const move = async (round: number) => {
      const res = await fetch(`${base}/api/v1/cards/${cardId}/move`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ to_column_id: columns.rows[round % columns.rows.length]!.id }),
      });
      if (res.status !== 200) throw new Error(`move: ${res.status} ${await res.text()}`);
    };

    // Where the feed stands: the newest seq.
    let after = "0";
    for (;;) {
      const res = await fetch(`${base}/api/v1/projects/${projectId}/events?after=${after}&limit=200`, {
        headers: auth,
      });
      const page = (await res.json()) as EventPage;
      after = page.next_after;
      if (page.data.length < 200) break;
    }

    const measure = async (label: string, wait: (after: string) => Promise<EventPage>) => {
      const sinceMove: number[] = [];
      const sinceAnswer: number[] = [];
      let missed = 0;
      for (let round = 0; round < ROUNDS; round++) {
        let woke = 0;
        const waiting = wait(after).then((page) => {
          woke = performance.now();
          return page;
        });
        await new Promise((resolve) => setTimeout(resolve, PARK_MS));
        const sent = performance.now();
        await move(round + 1);
        const answered = performance.now();
        const page = await waiting;
        if (!page.data.some((event) => event.type === "card.moved")) missed += 1;
        after = page.next_after;
        // Anything else the move wrote (activity, …) is read now, so the next round waits afresh.
        for (;;) {
          const rest = await fetch(`${base}/api/v1/projects/${projectId}/events?after=${after}`, {
            headers: auth,
          });
          const more = (await rest.json()) as EventPage;
          if (more.data.length === 0) break;
          after = more.next_after;
        }
        sinceMove.push(woke - sent);
        sinceAnswer.push(woke - answered);
      }
      const a = [...sinceMove].sort((x, y) => x - y);
      const b = [...sinceAnswer].sort((x, y) => x - y);
      console.log(
        `${label.padEnd(24)} from the move sent: p50 ${percentile(a, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(
          a,
          99,
        )
          .toFixed(1)
          .padStart(6)} ms  max ${a[a.length - 1]!.toFixed(1).padStart(6)} ms   ` +
          `(after the move's answer: p50 ${percentile(b, 50).toFixed(1)} ms, p99 ${percentile(b, 99).toFixed(1)} ms)`,
      );
      return { p99: percentile(b, 99), missed };
    };

    console.log(
      `\n${ROUNDS} rounds each: a waiting call, then a card moved over HTTP ${PARK_MS} ms later; loopback\n`,
    );
    const mcp = await measure("MCP wait_for_events", viaMcp);
    const http = await measure("HTTP GET events?wait=30", viaHttp);
    const ok = mcp.missed === 0 && http.missed === 0 && Math.max(mcp.p99, http.p99) < 1000;
    console.log(
      ok
        ? "\nOK: every waiting call woke with the move, p99 within 1 s of the move's answer"
        : `\nFAILED: ${mcp.missed + http.missed} answers without the move, or p99 over 1 s after the move's answer`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await api?.close();
    await bare.end();
    await db.$disconnect();
    await dropDatabase(name);
  }
}

runBench(main);
