import { createHash } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient, type Prisma } from "./generated/prisma/client.ts";
import { Listener, type NotificationHandlers, type Subscription } from "./notifications.ts";

export interface CreateDbOptions {
  url: string;
  /** Size of the pg pool. The embedded database must use 1 (see embedded.ts). */
  maxConnections?: number;
  /**
   * Whether `queryPrepared` may use named prepared statements. Off for the embedded database,
   * where every connection shares PGlite's single session (a name would outlive its client).
   */
  namedStatements?: boolean;
  /**
   * Whether `subscribe` may LISTEN for notifications. Off for the embedded database, whose
   * socket server does not pass notifications between connections.
   */
  notifications?: boolean;
}

export type Db = PrismaClient;

interface DbInternals {
  url: string;
  pool: pg.Pool;
  namedStatements: boolean;
  notifications: boolean;
  listener?: Listener;
}

const internals = new WeakMap<Db, DbInternals>();

/** A Prisma client over node-postgres, the only way the services reach their database. */
export function createDb({
  url,
  maxConnections = 10,
  namedStatements = true,
  notifications = true,
}: CreateDbOptions): Db {
  // Connecting (name lookup included) gives up after 2 s, and so does waiting for a free pooled
  // connection: a request that needs an unreachable database answers 503 in 2 s, not after the
  // operating system's TCP timeout (issue 27).
  const pool = new pg.Pool({ connectionString: url, max: maxConnections, connectionTimeoutMillis: 2_000 });
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  const found: DbInternals = { url, pool, namedStatements, notifications };
  internals.set(db, found);
  // The listening connection (see subscribe) lives outside the pool: closed with the client. The
  // pool too: Prisma only disposes of it if it ran a query itself, and queryPrepared bypasses it.
  const disconnect = db.$disconnect.bind(db);
  db.$disconnect = async () => {
    await found.listener?.close();
    await disconnect();
    if (!pool.ended) await pool.end();
  };
  return db;
}

/** The connection pool's use right now: open connections, idle ones, and queries waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export function poolStats(db: Db): PoolStats | undefined {
  const pool = internals.get(db)?.pool;
  if (!pool) return undefined;
  return {
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max ?? 10,
  };
}

/**
 * Calls `handlers.message` for every `notify(db, channel, …)` made by any process on the same
 * database, through one LISTEN connection per client. `listening` is false until it is in
 * effect, while it is down, and always on the embedded database: a cache that relies on
 * notifications must then not answer from its entries.
 */
export function subscribe(db: Db, channel: string, handlers: NotificationHandlers): Subscription {
  const found = internals.get(db);
  if (!found?.notifications) return { listening: false, unsubscribe() {} };
  found.listener ??= new Listener(found.url);
  return found.listener.subscribe(channel, handlers);
}

/**
 * Whether processes on this database hear each other's `notify` (false on the embedded database,
 * which only one process opens).
 */
export const notificationsEnabled = (db: Db): boolean => internals.get(db)?.notifications ?? false;

/** NOTIFY `channel` with `payload`; inside a transaction it is delivered at commit. */
export async function notify(
  db: Db | Prisma.TransactionClient,
  channel: string,
  payload: string,
): Promise<void> {
  await db.$executeRaw`SELECT pg_notify(${channel}, ${payload})`;
}

// `timestamp without time zone` columns hold UTC (Prisma writes them so): parse them as UTC,
// not as local time as node-postgres would.
const TIMESTAMP_OID = 1114;
const utcTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMP_OID) return (value: string) => new Date(`${value.replace(" ", "T")}Z`);
    return pg.types.getTypeParser(oid, format);
  },
};

// A statement's name is derived from its text; the few texts are hashed once, not per request.
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `q_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * For the hottest reads only (a request's token lookup, a card, the board): runs `query` as a
 * named prepared statement, so PostgreSQL parses and plans it once per connection instead of on
 * every call as Prisma's unnamed statements do. Inside a transaction (`db` is the transaction's
 * client) it is an ordinary `$queryRaw` on that transaction.
 */
export async function queryPrepared<T>(db: Db | Prisma.TransactionClient, query: Prisma.Sql): Promise<T[]> {
  const found = internals.get(db as Db);
  if (!found) return db.$queryRaw<T[]>(query);
  const name = found.namedStatements ? statementName(query.text) : undefined;
  const result = await found.pool.query({ name, text: query.text, values: query.values, types: utcTypes });
  return result.rows as T[];
}
