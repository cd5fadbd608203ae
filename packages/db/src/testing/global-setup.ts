import { migrateDatabase } from "../migrate.ts";
import { databaseUrl, runOnServer, uniqueDatabaseName } from "./postgres.ts";

/**
 * Jest global setup: migrate one template database per test run, so each test file can get
 * a fresh migrated database with a fast `CREATE DATABASE … TEMPLATE`.
 */
export default async function globalSetup(): Promise<void> {
  const name = uniqueDatabaseName("tmpl");
  await runOnServer(`CREATE DATABASE "${name}"`);
  await migrateDatabase(databaseUrl(name));
  process.env.TEST_TEMPLATE_DATABASE = name;
}
