export { createDb, queryPrepared, type Db, type CreateDbOptions } from "./client.ts";
export { openDatabase, type OpenDatabase, type OpenDatabaseOptions } from "./open-database.ts";
export { startEmbeddedDatabase, type EmbeddedDatabase } from "./embedded.ts";
export { migrateDatabase, isDatabaseUpToDate } from "./migrate.ts";
export { Prisma, PrismaClient } from "./generated/prisma/client.ts";
