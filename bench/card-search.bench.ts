// Issue 28, point 5: card search by text (find_cards ?q=) on a project of 100,000 cards, through
// the trigram indexes on title and body (migration card_search_trgm) under CARD_SEARCH_TIMEOUT_MS.
// Times GET /projects/{project_id}/cards?q=… over HTTP, one request at a time, for texts that match one
// card, many cards, or none; reports p50 and p95 (goal: p95 under 50 ms).
import { createDb, migrateDatabase } from "@org/db";
import { databaseUrl, dropDatabase, runOnServer, uniqueDatabaseName } from "@org/db/testing";
import { createUser } from "@org/board-api/testing";
import { startBoardApi, type Listening } from "./lib/servers.ts";
import { runBench } from "./lib/run-bench.ts";

const CARDS = Number(process.env.BENCH_SEARCH_CARDS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 40);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main(): Promise<void> {
  const name = uniqueDatabaseName("bench");
  await runOnServer(`CREATE DATABASE "${name}"`);
  const url = databaseUrl(name);
  const db = createDb({ url, maxConnections: 10 });
  let api: Listening | undefined;
  try {
    await migrateDatabase(url);
    const { token } = await createUser({ db, email: "bench@example.com", name: "Bench" });
    api = await startBoardApi(url, db);
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${api!.url}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const project = (await call("POST", "/projects", { name: "Search" })).body as { id: string };
    const column = (await call("POST", `/projects/${project.id}/columns`, { name: "Todo" })).body as {
      id: string;
    };
    const filling = Date.now();
    await db.$executeRawUnsafe(
      `INSERT INTO cards (id, project_id, column_id, number, title, body, position, updated_at)
       SELECT gen_random_uuid(), '${project.id}'::uuid, '${column.id}'::uuid, g,
              'Card ' || g || ' ' || substr(md5(g::text), 1, 12),
              'Notes for card ' || g || ': ' || md5(g::text || 'a') || ' ' || md5(g::text || 'b') || ' '
                || repeat('the quick brown fox jumps over the lazy dog ', 8),
              g, now()
       FROM generate_series(1, ${CARDS}) g`,
    );
    await db.$executeRawUnsafe(
      `UPDATE projects SET next_card_number = ${CARDS + 1} WHERE id = '${project.id}'::uuid`,
    );
    await db.$executeRawUnsafe("ANALYZE cards");
    console.log(`${CARDS} cards written and indexed in ${((Date.now() - filling) / 1000).toFixed(1)} s`);

    const md5 = (
      await db.$queryRawUnsafe<{ h: string }[]>(
        `SELECT md5(g::text || 'a') AS h FROM generate_series(1, ${ROUNDS}) g`,
      )
    ).map((row) => row.h.slice(4, 14));
    const kinds: Array<{ name: string; texts: string[] }> = [
      { name: "one card (10 hex chars of its body)", texts: md5 },
      { name: 'many cards ("quick brown")', texts: ["quick brown"] },
      { name: 'none ("zebra crossing")', texts: ["zebra crossing"] },
    ];
    const all: number[] = [];
    console.log(`\n${"query".padEnd(40)} ${"p50 ms".padStart(7)} ${"p95 ms".padStart(7)}  status`);
    for (const kind of kinds) {
      const times: number[] = [];
      const statuses = new Set<number>();
      for (let round = 0; round < ROUNDS; round++) {
        const q = kind.texts[round % kind.texts.length]!;
        const started = performance.now();
        const res = await call("GET", `/projects/${project.id}/cards?limit=50&q=${encodeURIComponent(q)}`);
        times.push(performance.now() - started);
        statuses.add(res.status);
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      console.log(
        `${kind.name.padEnd(40)} ${percentile(times, 50).toFixed(1).padStart(7)} ${percentile(times, 95).toFixed(1).padStart(7)}  ${[...statuses].join(",")}`,
      );
    }
    all.sort((a, b) => a - b);
    const p95 = percentile(all, 95);
    console.log(
      `\nall searches: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (goal: p95 < 50 ms)`,
    );
    if (p95 >= 50) process.exitCode = 1;
  } finally {
    await api?.close();
    await db.$disconnect();
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${name}`);
    else await dropDatabase(name);
  }
}

runBench(main);
