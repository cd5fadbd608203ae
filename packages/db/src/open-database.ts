import path from "node:path";
import type { Db } from "./client.ts";
import { createDb } from "./client.ts";
import { startEmbeddedDatabase } from "./embedded.ts";
import { migrateDatabase } from "./migrate.ts";

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; empty or absent selects the embedded database. */
  databaseUrl?: string | undefined;
  /** Root of the embedded databases; this service's lives in `<dataDir>/<service>`. */
  dataDir: string;
  service: string;
}

export interface OpenDatabase {
  db: Db;
  embedded: boolean;
  close(): Promise<void>;
}

/** The one way a service gets its database: embedded or PostgreSQL, migrated, with a client. */
export async function openDatabase({
  databaseUrl,
  dataDir,
  service,
}: OpenDatabaseOptions): Promise<OpenDatabase> {
  const embedded = databaseUrl ? undefined : await startEmbeddedDatabase(path.join(dataDir, service));
  const url = embedded?.url ?? (databaseUrl as string);
  try {
    await migrateDatabase(url);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  const db = createDb({
    url,
    maxConnections: embedded ? 1 : 10,
    namedStatements: !embedded,
    notifications: !embedded,
  });
  return {
    db,
    embedded: Boolean(embedded),
    async close() {
      await db.$disconnect();
      await embedded?.stop();
    },
  };
}
