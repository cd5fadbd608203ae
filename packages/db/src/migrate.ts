import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { migrationsDir, runPrismaCli } from "./prisma-cli.ts";

/**
 * The migrations of the migrations folder that `_prisma_migrations` does not record as applied
 * (all of them on an empty database). A failed one counts as pending: deploying reports it.
 */
export async function pendingMigrations(url: string): Promise<string[]> {
  const folder = migrationsDir();
  const names = (await readdir(folder, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && existsSync(path.join(folder, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const table = await client.query<{ present: boolean }>(
      "SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present",
    );
    if (!table.rows[0]?.present) return names;
    const applied = await client.query<{ migration_name: string }>(
      "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
    );
    const done = new Set(applied.rows.map((row) => row.migration_name));
    return names.filter((name) => !done.has(name));
  } finally {
    await client.end();
  }
}

/**
 * Applies every pending migration of prisma/migrations (`prisma migrate deploy`). When none is
 * pending (every restart but the first after an upgrade) the Prisma CLI is not started at all:
 * a child process that costs about two seconds.
 */
export async function migrateDatabase(url: string): Promise<void> {
  if ((await pendingMigrations(url)).length === 0) return;
  await runPrismaCli(["migrate", "deploy"], url);
}

/** True when the database has every migration applied (`prisma migrate status` exits 0). */
export async function isDatabaseUpToDate(url: string): Promise<boolean> {
  try {
    const out = await runPrismaCli(["migrate", "status"], url);
    return /Database schema is up to date/.test(out);
  } catch {
    return false;
  }
}
