import { createDb, type Db } from "../client.ts";
import { databaseUrl, dropDatabase, runOnServer, uniqueDatabaseName } from "./postgres.ts";

export interface TestDatabase {
  name: string;
  url: string;
  db: Db;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated PostgreSQL database for one test file, copied from the template the
 * global setup migrated. Call `drop()` in afterAll.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (!template)
    throw new Error("TEST_TEMPLATE_DATABASE is unset: add @org/db's global setup to jest.config");
  const name = uniqueDatabaseName("test");
  await runOnServer(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const url = databaseUrl(name);
  const db = createDb({ url, maxConnections: 20 });
  return {
    name,
    url,
    db,
    async drop() {
      await db.$disconnect();
      await dropDatabase(name);
    },
  };
}
