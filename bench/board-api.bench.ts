// Board API throughput and latency next to a bare node:http + pg server running the equivalent
// single SQL query, in the same run, on a fresh database seeded with 5 columns and 1,000 cards,
// plus one board of 5,000 cards to show what a very large board costs in one response.
import { createDb, migrateDatabase } from "@org/db";
import { databaseUrl, dropDatabase, runOnServer, uniqueDatabaseName } from "@org/db/testing";
import type http from "node:http";
import autocannon from "autocannon";
import createExpress from "express";
import pg from "pg";
import { createUser } from "@org/board-api/testing";
import { seedProject as seedBoard } from "./lib/seed.ts";
import { listen, startBoardApi, type Listening } from "./lib/servers.ts";
import { runBench } from "./lib/run-bench.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 10;
interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx. */
  non2xx: number;
  /** Client-side errors: timeouts and requests cut off when the timed run stops. */
  errors: number;
}

async function load(name: string, options: autocannon.Options): Promise<Result> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, workers: 1, ...options });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main(): Promise<void> {
  const name = uniqueDatabaseName("bench");
  await runOnServer(`CREATE DATABASE "${name}"`);
  const url = databaseUrl(name);
  const db = createDb({ url, maxConnections: 10 });
  const bare = new pg.Pool({ connectionString: url, max: 10 });
  const servers: Listening[] = [];
  try {
    await migrateDatabase(url);
    const { user, token } = await createUser({ db, email: "bench@example.com", name: "Bench" });
    const seedProject = (projectName: string, perColumn: number) =>
      seedBoard(bare, { userId: user.id, name: projectName, perColumn });
    const projectId = await seedProject("Bench", 200);
    const bigProjectId = await seedProject("Big", 1000);
    const columns = (
      await bare.query<{ id: string }>(`SELECT id FROM columns WHERE project_id = $1 ORDER BY position`, [
        projectId,
      ])
    ).rows.map((row) => row.id);
    const cardId = (
      await bare.query<{ id: string }>(`SELECT id FROM cards WHERE column_id = $1 AND position = 100`, [
        columns[1],
      ])
    ).rows[0]?.id as string;

    const api = await startBoardApi(url, db);
    // The same query behind Express with nothing else: the framework's own share, for comparison.
    const express = await listen(
      (() => {
        const app = createExpress();
        app.get("/card", async (_req, res) => {
          res.json((await bare.query(`SELECT * FROM cards WHERE id = $1`, [cardId])).rows[0]);
        });
        return app as unknown as http.RequestListener;
      })(),
    );
    const raw = await listen(async (req, res) => {
      const result =
        req.url === "/board"
          ? await bare.query(`SELECT * FROM cards WHERE project_id = $1 ORDER BY column_id, position`, [
              projectId,
            ])
          : await bare.query(`SELECT * FROM cards WHERE id = $1`, [cardId]);
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(req.url === "/board" ? result.rows : result.rows[0]));
    });
    servers.push(api, raw, express);
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const base = `${api.url}/api/v1`;

    const results: Result[] = [];
    results.push(await load("bare: SELECT card by id", { url: `${raw.url}/card` }));
    results.push(await load("express: SELECT card by id", { url: `${express.url}/card` }));
    results.push(await load("GET /cards/{card_id}", { url: `${base}/cards/${cardId}`, headers }));
    results.push(await load("bare: SELECT cards of project", { url: `${raw.url}/board` }));
    results.push(
      await load("GET /projects/{project_id}/columns", {
        url: `${base}/projects/${projectId}/columns`,
        headers,
      }),
    );
    const bigBoard = { url: `${base}/projects/${bigProjectId}/columns`, headers };
    results.push(await load("GET board of 5,000 cards", bigBoard));
    const bigBoardBytes = Buffer.byteLength(await (await fetch(bigBoard.url, { headers })).text());
    results.push(
      await load("POST /columns/{column_id}/cards", {
        url: `${base}/columns/${columns[4]}/cards`,
        method: "POST",
        headers,
        body: JSON.stringify({ title: "Created by the benchmark" }),
      }),
    );
    results.push(
      await load("POST /cards/{card_id}/move", {
        url: base,
        headers,
        requests: [
          {
            method: "POST",
            path: `/api/v1/cards/${cardId}/move`,
            body: JSON.stringify({ to_column_id: columns[2], position: 0 }),
          },
          {
            method: "POST",
            path: `/api/v1/cards/${cardId}/move`,
            body: JSON.stringify({ to_column_id: columns[1], position: 100 }),
          },
        ],
      }),
    );

    console.log(
      `\n${DURATION_S} s per scenario, ${CONNECTIONS} connections, loopback; boards: 5 columns, 1,000 and 5,000 cards\n`,
    );
    console.log(
      `${"scenario".padEnd(32)} ${"req/s".padStart(9)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"non-2xx".padStart(8)} ${"cut/timeout".padStart(12)}`,
    );
    for (const r of results) {
      console.log(
        `${r.name.padEnd(32)} ${r.rps.toFixed(0).padStart(9)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.non2xx).padStart(8)} ${String(r.errors).padStart(12)}`,
      );
    }
    const rps = (scenario: string) => results.find((r) => r.name === scenario)?.rps ?? 0;
    const cardRatio = rps("GET /cards/{card_id}") / rps("bare: SELECT card by id");
    const boardRatio = rps("GET /projects/{project_id}/columns") / rps("bare: SELECT cards of project");
    const expressRatio = rps("express: SELECT card by id") / rps("bare: SELECT card by id");
    console.log(
      `\nGET /cards/{card_id} / bare single query:            ${cardRatio.toFixed(2)} (goal >= 0.70)`,
    );
    console.log(
      `Express + that query / bare single query:     ${expressRatio.toFixed(2)} (the framework's ceiling)`,
    );
    console.log(
      `GET /projects/{project_id}/columns / bare single query: ${boardRatio.toFixed(2)} (goal >= 0.33)`,
    );
    console.log(`GET board of 5,000 cards: ${(bigBoardBytes / 1e6).toFixed(2)} MB per response`);
  } finally {
    await Promise.all(servers.map((server) => server.close()));
    await bare.end();
    await db.$disconnect();
    await dropDatabase(name);
  }
}

runBench(main);
