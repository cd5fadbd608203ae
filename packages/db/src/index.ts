export {
  createDb,
  notificationsEnabled,
  notify,
  poolStats,
  queryPrepared,
  subscribe,
  type CreateDbOptions,
  type Db,
  type PoolStats,
} from "./client.ts";
export type { NotificationHandlers, Subscription } from "./notifications.ts";
export { openDatabase, type OpenDatabase, type OpenDatabaseOptions } from "./open-database.ts";
export { startEmbeddedDatabase, type EmbeddedDatabase } from "./embedded.ts";
export { migrateDatabase, isDatabaseUpToDate, pendingMigrations } from "./migrate.ts";
export { pageArgs, toPage, type Page, type PageQuery } from "./pagination.ts";
export { Prisma, PrismaClient } from "./generated/prisma/client.ts";
export { escapeLike, SQL_NOW, SQL_UUID_V7, sqlIso, sqlTimestamp } from "./sql.ts";
