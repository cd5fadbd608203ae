import { randomBytes } from "node:crypto";
import { Client } from "pg";

/** Server that holds the test databases; each test file gets a database of its own. */
export function testServerUrl(): string {
  return process.env.TEST_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432";
}

/** URL of database `name` on the test server. */
export function databaseUrl(name: string, serverUrl = testServerUrl()): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
}

/** Runs `sql` on the server's maintenance database (CREATE/DROP DATABASE cannot run in a transaction). */
export async function runOnServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl("postgres") });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(name: string): Promise<void> {
  await runOnServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
