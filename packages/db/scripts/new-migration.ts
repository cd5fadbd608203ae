// `pnpm db:migration <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql with the
// SQL that takes the schema of the last migration to prisma/schema.prisma.
//
// `prisma migrate dev` needs a shadow database that the offline WASM engine cannot manage
// reliably, so the previous schema is kept as a snapshot beside the migrations and diffed with
// `prisma migrate diff`, on a throwaway in-memory database (the CLI wants a connection).
import { copyFile, mkdir, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { startEmbeddedDatabase } from "../src/embedded.ts";
import { runPrismaCli } from "../src/prisma-cli.ts";

const root = path.resolve(__dirname, "../../..");
const schemaPath = path.join(root, "prisma/schema.prisma");
const migrationsDir = path.join(root, "prisma/migrations");
const snapshotPath = path.join(migrationsDir, "schema.snapshot.prisma");

async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name || !/^[a-z0-9_]+$/.test(name)) {
    throw new Error("usage: pnpm db:migration <name> (lowercase letters, digits and _)");
  }
  const from = existsSync(snapshotPath) ? ["--from-schema-datamodel", snapshotPath] : ["--from-empty"];
  const scratch = await startEmbeddedDatabase();
  let sql: string;
  try {
    sql = await runPrismaCli(
      ["migrate", "diff", ...from, "--to-schema-datamodel", schemaPath, "--script"],
      scratch.url,
    );
  } finally {
    await scratch.stop();
  }
  if (!/^\s*[A-Z]/m.test(sql.replace(/^--.*$/gm, ""))) {
    console.log("prisma/schema.prisma matches the last migration: nothing to write.");
    return;
  }
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const dir = path.join(migrationsDir, `${stamp}_${name}`);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "migration.sql"), sql);
  await copyFile(schemaPath, snapshotPath);
  console.log(`wrote ${path.relative(root, dir)}/migration.sql`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
