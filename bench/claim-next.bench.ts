// claim-next under contention: 16 agents (each its own user and token) call
// POST /projects/{project_id}/claim-next over HTTP as fast as they can until they get 204, on a fresh
// database with 2,000 eligible agent cards (5 columns, 3 priority rungs, a project-wide entry-gate
// criterion acked on every card) and 200 human cards. Reports claims per second and checks that
// no card was handed out twice.
import { createDb, migrateDatabase } from "@org/db";
import { databaseUrl, dropDatabase, runOnServer, uniqueDatabaseName } from "@org/db/testing";
import pg from "pg";
import { createUser } from "@org/board-api/testing";
import { startBoardApi, type Listening } from "./lib/servers.ts";
import { runBench } from "./lib/run-bench.ts";

const AGENTS = Number(process.env.BENCH_AGENTS ?? 16);
const AGENT_CARDS = 2_000;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main(): Promise<void> {
  const name = uniqueDatabaseName("bench");
  await runOnServer(`CREATE DATABASE "${name}"`);
  const url = databaseUrl(name);
  const db = createDb({ url, maxConnections: 10 });
  const bare = new pg.Pool({ connectionString: url, max: 4 });
  let api: Listening | undefined;
  try {
    await migrateDatabase(url);
    const owner = await createUser({ db, email: "owner@example.com", name: "Owner" });
    const agents = await Promise.all(
      Array.from({ length: AGENTS }, (_, i) =>
        createUser({ db, email: `agent${i}@example.com`, name: `Agent ${i}` }),
      ),
    );
    const seed = await bare.query<{ id: string }>(
      `INSERT INTO projects (id, name, next_card_number, updated_at)
       VALUES (gen_random_uuid(), 'Claims', ${AGENT_CARDS + 201}, now()) RETURNING id::text`,
    );
    const projectId = seed.rows[0]?.id as string;
    await bare.query(
      `INSERT INTO project_members (id, project_id, user_id, role)
       SELECT gen_random_uuid(), $1::uuid, u, CASE WHEN u = $2::uuid THEN 'owner' ELSE 'member' END::project_role
       FROM unnest($3::uuid[]) u`,
      [projectId, owner.user.id, [owner.user.id, ...agents.map((agent) => agent.user.id)]],
    );
    await bare.query(
      `INSERT INTO columns (id, project_id, name, position, updated_at)
       SELECT gen_random_uuid(), $1::uuid, 'Column ' || i, i, now() FROM generate_series(0, 4) i`,
      [projectId],
    );
    await bare.query(
      `INSERT INTO priorities (id, project_id, name, position, updated_at)
       SELECT gen_random_uuid(), $1::uuid, 'P' || i, i, now() FROM generate_series(0, 2) i`,
      [projectId],
    );
    // 2,200 cards, 440 per column: every 11th is a human card; priorities rotate, some have none.
    await bare.query(
      `INSERT INTO cards (id, project_id, column_id, number, title, position, owner_type, priority_id, updated_at)
       SELECT gen_random_uuid(), $1::uuid, col.id, col.position * 440 + j + 1, 'Card ' || (col.position * 440 + j + 1), j,
         CASE WHEN j % 11 = 10 THEN 'human' ELSE 'agent' END::card_owner_type,
         (SELECT p.id FROM priorities p WHERE p.project_id = $1::uuid AND p.position = j % 4), now()
       FROM columns col, generate_series(0, 439) j WHERE col.project_id = $1::uuid`,
      [projectId],
    );
    await bare.query(
      `WITH g AS (INSERT INTO gate_criteria (id, project_id, text, updated_at)
                  VALUES (gen_random_uuid(), $1::uuid, 'Ready', now()) RETURNING id)
       INSERT INTO gate_acks (card_id, criterion_id, acked_by)
       SELECT c.id, g.id, $2::uuid FROM cards c, g WHERE c.project_id = $1::uuid`,
      [projectId, owner.user.id],
    );
    // As autovacuum would after a bulk load: planner statistics for the seeded tables.
    await bare.query("ANALYZE");
    const eligible = await bare.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM cards WHERE project_id = $1::uuid AND owner_type = 'agent'`,
      [projectId],
    );
    if (eligible.rows[0]?.n !== AGENT_CARDS) throw new Error(`seeded ${eligible.rows[0]?.n} agent cards`);

    if (process.env.BENCH_EXPLAIN) {
      const plan = await bare.query(
        `EXPLAIN (ANALYZE, BUFFERS) SELECT c.id FROM cards c
         WHERE c.project_id = $1::uuid AND c.owner_type = 'agent' AND c.archived_at IS NULL AND NOT c.column_done
           AND (c.claimed_by IS NULL OR c.claim_expires_at < now())
           AND NOT EXISTS (SELECT 1 FROM gate_criteria g
             LEFT JOIN gate_acks a ON a.card_id = c.id AND a.criterion_id = g.id
             WHERE g.project_id = c.project_id AND (g.column_id IS NULL OR g.column_id = c.column_id)
               AND a.card_id IS NULL)
         ORDER BY c.priority_rank, c.column_rank, c.position, c.id LIMIT 1 FOR UPDATE OF c SKIP LOCKED`,
        [projectId],
      );
      console.log(plan.rows.map((row: Record<string, string>) => row["QUERY PLAN"]).join("\n"));
    }
    api = await startBoardApi(url, db);
    const endpoint = `${api.url}/api/v1/projects/${projectId}/claim-next`;

    const claimedBy = new Map<string, number[]>();
    const latencies: number[] = [];
    let empty = 0;
    let errors = 0;
    const started = performance.now();
    await Promise.all(
      agents.map(async (agent, index) => {
        for (;;) {
          const t0 = performance.now();
          const res = await fetch(endpoint, {
            method: "POST",
            headers: { authorization: `Bearer ${agent.token}`, "content-type": "application/json" },
            body: "{}",
          });
          latencies.push(performance.now() - t0);
          if (res.status === 204) {
            empty += 1;
            return;
          }
          if (res.status !== 200) {
            errors += 1;
            throw new Error(`claim-next: ${res.status} ${await res.text()}`);
          }
          const card = (await res.json()) as { id: string };
          claimedBy.set(card.id, [...(claimedBy.get(card.id) ?? []), index]);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const claims = [...claimedBy.values()].reduce((sum, owners) => sum + owners.length, 0);
    const doubles = [...claimedBy.values()].filter((owners) => owners.length > 1).length;
    const inDb = await bare.query<{ claimed: number; human_claimed: number }>(
      `SELECT count(*) FILTER (WHERE claimed_by IS NOT NULL AND owner_type = 'agent')::int AS claimed,
              count(*) FILTER (WHERE claimed_by IS NOT NULL AND owner_type = 'human')::int AS human_claimed
       FROM cards WHERE project_id = $1::uuid`,
      [projectId],
    );
    const sorted = [...latencies].sort((a, b) => a - b);

    console.log(
      `\n${AGENTS} agents over HTTP (keep-alive), ${AGENT_CARDS} eligible agent cards + 200 human cards\n`,
    );
    console.log(`claims:               ${claims} in ${seconds.toFixed(2)} s`);
    console.log(`claims per second:    ${(claims / seconds).toFixed(0)} (goal >= 300)`);
    console.log(
      `latency p50 / p99:    ${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} ms`,
    );
    console.log(`204 answers:          ${empty} (one per agent once the pool is empty)`);
    console.log(`double claims:        ${doubles}`);
    console.log(
      `claimed in database:  ${inDb.rows[0]?.claimed} agent cards, ${inDb.rows[0]?.human_claimed} human cards`,
    );
    const ok =
      claims === AGENT_CARDS &&
      claimedBy.size === AGENT_CARDS &&
      doubles === 0 &&
      errors === 0 &&
      empty === AGENTS &&
      inDb.rows[0]?.claimed === AGENT_CARDS &&
      inDb.rows[0]?.human_claimed === 0;
    console.log(
      ok ? "\nOK: every agent card claimed exactly once, then 204s" : "\nFAILED: see the counts above",
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
