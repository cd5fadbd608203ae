import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  createDb,
  isDatabaseUpToDate,
  migrateDatabase,
  openDatabase,
  pendingMigrations,
  startEmbeddedDatabase,
} from "../src/index.ts";
import { runPrismaCli } from "../src/prisma-cli.ts";
import { databaseUrl, dropDatabase, runOnServer, uniqueDatabaseName } from "../src/testing/index.ts";

const repoRoot = path.resolve(__dirname, "../../..");

async function tableNames(url: string, maxConnections: number): Promise<string[]> {
  const db = createDb({ url, maxConnections });
  try {
    const rows = await db.$queryRaw<Array<{ tablename: string }>>`
      SELECT tablename::text AS tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`;
    return rows.map((row) => row.tablename);
  } finally {
    await db.$disconnect();
  }
}

describe("migrations", () => {
  it("apply to an empty PostgreSQL database and report up to date afterwards", async () => {
    const name = uniqueDatabaseName("empty");
    await runOnServer(`CREATE DATABASE "${name}"`);
    const url = databaseUrl(name);
    try {
      expect(await isDatabaseUpToDate(url)).toBe(false);
      await migrateDatabase(url);
      expect(await isDatabaseUpToDate(url)).toBe(true);
      expect(await tableNames(url, 2)).toEqual(
        expect.arrayContaining(["_prisma_migrations", "service_meta"]),
      );
      await migrateDatabase(url); // idempotent
    } finally {
      await dropDatabase(name);
    }
  });

  it("start the Prisma CLI only when a migration is pending; a failed one counts as pending", async () => {
    const name = uniqueDatabaseName("pending");
    await runOnServer(`CREATE DATABASE "${name}"`);
    const url = databaseUrl(name);
    try {
      const folders = (await readdir(path.join(repoRoot, "prisma/migrations"), { withFileTypes: true }))
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
      expect(await pendingMigrations(url)).toEqual(folders);
      await migrateDatabase(url);
      expect(await pendingMigrations(url)).toEqual([]);
      await migrateDatabase(url); // nothing to do: returns without the CLI

      const last = folders.at(-1) as string;
      const db = createDb({ url, maxConnections: 1 });
      await db.$executeRaw`UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = ${last}`;
      await db.$disconnect();
      expect(await pendingMigrations(url)).toEqual([last]);
      await expect(migrateDatabase(url)).rejects.toThrow(/failed/);
    } finally {
      await dropDatabase(name);
    }
  });

  it("apply to the embedded PGlite database, which keeps its data across restarts", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "pglite-"));
    try {
      const first = await startEmbeddedDatabase(dir);
      try {
        expect(await isDatabaseUpToDate(first.url)).toBe(false);
        await migrateDatabase(first.url);
        expect(await isDatabaseUpToDate(first.url)).toBe(true);
        const db = createDb({ url: first.url, maxConnections: 1 });
        await db.serviceMeta.create({ data: { key: "k", value: "kept" } });
        await db.$disconnect();
      } finally {
        await first.stop();
      }

      const reopened = await openDatabase({ databaseUrl: "", dataDir: dir, service: "." });
      try {
        expect(reopened.embedded).toBe(true);
        expect(await reopened.db.serviceMeta.findUnique({ where: { key: "k" } })).toMatchObject({
          value: "kept",
        });
      } finally {
        await reopened.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // PGlite runs every migration in WebAssembly; on a busy 2-core CI machine that took over 30 s.
  }, 180_000);

  it("cover prisma/schema.prisma: no model change is left without a migration", async () => {
    const name = uniqueDatabaseName("diff");
    await runOnServer(`CREATE DATABASE "${name}"`);
    try {
      const out = await runPrismaCli(
        [
          "migrate",
          "diff",
          "--from-schema-datamodel",
          path.join(repoRoot, "prisma/migrations/schema.snapshot.prisma"),
          "--to-schema-datamodel",
          path.join(repoRoot, "prisma/schema.prisma"),
          "--exit-code",
        ],
        databaseUrl(name),
      );
      expect(out).toMatch(/No difference detected/);
    } finally {
      await dropDatabase(name);
    }
  });
});

describe("test databases", () => {
  it("are fresh, migrated copies of the template", async () => {
    const { createTestDatabase } = await import("../src/testing/index.ts");
    const testDb = await createTestDatabase();
    try {
      expect(await testDb.db.serviceMeta.count()).toBe(0);
      expect(await isDatabaseUpToDate(testDb.url)).toBe(true);
    } finally {
      await testDb.drop();
    }
  });
});
