// claim-next with dependency checks on a 10,000-card project: 16 agents claim over HTTP from a
// project whose every other card waits for the next one ("blocked by", the blocker open), which
// claim-next must skip, and from one of the same shape without dependencies, in alternating rounds
// so a busy machine weighs on both alike. Reports claims per second of each and their ratio (goal:
// with dependencies within 10% of without), and checks that no card was handed out twice and no
// blocked card was handed out at all.
import { createDb, migrateDatabase } from "@org/db";
import { databaseUrl, dropDatabase, runOnServer, uniqueDatabaseName } from "@org/db/testing";
import pg from "pg";
import { createUser } from "@org/board-api/testing";
import { startBoardApi, type Listening } from "./lib/servers.ts";
import { runBench } from "./lib/run-bench.ts";

const AGENTS = Number(process.env.BENCH_AGENTS ?? 16);
const PER_COLUMN = 2_000;
const CARDS = PER_COLUMN * 5;
/** Claims per round and project; ROUNDS rounds each. */
const CLAIMS_PER_ROUND = Number(process.env.BENCH_CLAIMS ?? 800);
const ROUNDS = 3;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** A project of 5 columns × 2,000 agent cards, 3 priority rungs rotating; every agent a member. */
async function seed(bare: pg.Pool, name: string, userIds: string[], ownerId: string): Promise<string> {
  const project = await bare.query<{ id: string }>(
    `INSERT INTO projects (id, name, next_card_number, updated_at)
     VALUES (gen_random_uuid(), $1, ${CARDS + 1}, now()) RETURNING id::text`,
    [name],
  );
  const projectId = project.rows[0]!.id;
  await bare.query(
    `INSERT INTO project_members (id, project_id, user_id, role)
     SELECT gen_random_uuid(), $1::uuid, u, CASE WHEN u = $2::uuid THEN 'owner' ELSE 'member' END::project_role
     FROM unnest($3::uuid[]) u`,
    [projectId, ownerId, userIds],
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
  await bare.query(
    `INSERT INTO cards (id, project_id, column_id, number, title, position, owner_type, priority_id, updated_at)
     SELECT gen_random_uuid(), $1::uuid, col.id, col.position * ${PER_COLUMN} + j + 1,
       'Card ' || (col.position * ${PER_COLUMN} + j + 1), j, 'agent'::card_owner_type,
       (SELECT p.id FROM priorities p WHERE p.project_id = $1::uuid AND p.position = (j / 2) % 3), now()
     FROM columns col, generate_series(0, ${PER_COLUMN - 1}) j WHERE col.project_id = $1::uuid`,
    [projectId],
  );
  return projectId;
}

interface Round {
  claims: number;
  seconds: number;
  latencies: number[];
}

/** The agents claim from `projectId` until `count` claims are made between them. */
async function claimRound(
  api: Listening,
  projectId: string,
  tokens: string[],
  count: number,
  claimed: Map<string, number>,
): Promise<Round> {
  const endpoint = `${api.url}/api/v1/projects/${projectId}/claim-next`;
  const latencies: number[] = [];
  let left = count;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      while (left > 0) {
        left -= 1;
        const t0 = performance.now();
        const res = await fetch(endpoint, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: "{}",
        });
        latencies.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`claim-next: ${res.status} ${await res.text()}`);
        const card = (await res.json()) as { id: string };
        claimed.set(card.id, (claimed.get(card.id) ?? 0) + 1);
      }
    }),
  );
  return { claims: count, seconds: (performance.now() - started) / 1000, latencies };
}

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
    const userIds = [owner.user.id, ...agents.map((agent) => agent.user.id)];
    const plain = await seed(bare, "No dependencies", userIds, owner.user.id);
    const blocked = await seed(bare, "Dependencies", userIds, owner.user.id);
    // Every card at an even position waits for the card after it (open: not done, not archived),
    // so half the project is blocked, and the queue's head is a blocked card in every column.
    const links = await bare.query(
      `INSERT INTO card_blockers (card_id, blocker_id, created_by)
       SELECT a.id, b.id, $2::uuid FROM cards a
       JOIN cards b ON b.column_id = a.column_id AND b.position = a.position + 1
       WHERE a.project_id = $1::uuid AND a.position % 2 = 0`,
      [blocked, owner.user.id],
    );
    await bare.query("ANALYZE");
    const tokens = agents.map((agent) => agent.token);
    api = await startBoardApi(url, db);

    const claimed = new Map<string, number>();
    const rounds = { plain: [] as Round[], blocked: [] as Round[] };
    // A warm-up claim each, so neither side pays for the first connections and plans.
    await claimRound(api, plain, tokens.slice(0, 1), 1, claimed);
    await claimRound(api, blocked, tokens.slice(0, 1), 1, claimed);
    for (let round = 0; round < ROUNDS; round++) {
      rounds.plain.push(await claimRound(api, plain, tokens, CLAIMS_PER_ROUND, claimed));
      rounds.blocked.push(await claimRound(api, blocked, tokens, CLAIMS_PER_ROUND, claimed));
    }
    const summary = (list: Round[]) => {
      const claims = list.reduce((sum, r) => sum + r.claims, 0);
      const seconds = list.reduce((sum, r) => sum + r.seconds, 0);
      const sorted = list.flatMap((r) => r.latencies).sort((a, b) => a - b);
      return {
        claims,
        seconds,
        rate: claims / seconds,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
      };
    };
    const a = summary(rounds.plain);
    const b = summary(rounds.blocked);
    const doubles = [...claimed.values()].filter((n) => n > 1).length;
    const blockedClaims = await bare.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM cards c JOIN card_blockers d ON d.card_id = c.id
       WHERE c.project_id = $1::uuid AND c.claimed_by IS NOT NULL`,
      [blocked],
    );

    console.log(
      `\n${AGENTS} agents over HTTP (keep-alive), ${CARDS} agent cards per project; ` +
        `${links.rowCount} of the dependency project's cards blocked (the head of every column)\n`,
    );
    const row = (label: string, s: ReturnType<typeof summary>) =>
      console.log(
        `${label.padEnd(22)} ${String(s.claims).padStart(6)} claims in ${s.seconds.toFixed(2).padStart(6)} s  ` +
          `${s.rate.toFixed(0).padStart(5)} claims/s  p50 ${s.p50.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms`,
      );
    row("no dependencies", a);
    row("with dependencies", b);
    const ratio = b.rate / a.rate;
    console.log(`\nwith / without dependencies: ${ratio.toFixed(2)}x claims/s (goal >= 0.90)`);
    console.log(
      `per round: ${rounds.blocked.map((r, i) => (r.claims / r.seconds / (rounds.plain[i]!.claims / rounds.plain[i]!.seconds)).toFixed(2)).join(" ")}`,
    );
    console.log(`double claims: ${doubles}; blocked cards handed out: ${blockedClaims.rows[0]?.n}`);
    const ok = doubles === 0 && blockedClaims.rows[0]?.n === 0;
    console.log(ok ? "\nOK: no card twice, no blocked card" : "\nFAILED: see the counts above");
    if (!ok) process.exitCode = 1;
  } finally {
    await api?.close();
    await bare.end();
    await db.$disconnect();
    await dropDatabase(name);
  }
}

runBench(main);
