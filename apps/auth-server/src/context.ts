import type { Db } from "@org/db";
import type { Logger } from "@org/service-kit";
import type { AuthEnv } from "./env.ts";
import type { QrStatusEvents } from "./services/qr/events.ts";
import type { QrStore } from "./services/qr/store.ts";
import type { EphemeralStore } from "./store.ts";

/** What every service function gets: the database, the short-lived store, the clock, a logger. */
export interface AuthContext {
  db: Db;
  env: AuthEnv;
  store: EphemeralStore;
  /** Milliseconds since the epoch; injectable so tests can expire tokens and challenges. */
  now(): number;
  logger: Logger;
  /** Cross-device (QR) challenges: where they live, and who hears of their status changes. */
  qr: { store: QrStore; events: QrStatusEvents };
}

/** A JSON record in the store that knows its own expiry (checked against ctx.now()). */
interface Expiring {
  expiresAt: number;
}

export async function putRecord<T extends Expiring>(ctx: AuthContext, key: string, record: T): Promise<void> {
  await ctx.store.set(key, JSON.stringify(record), record.expiresAt - ctx.now());
}

function live<T extends Expiring>(ctx: AuthContext, raw: string | undefined): T | undefined {
  if (raw === undefined) return undefined;
  const record = JSON.parse(raw) as T;
  return record.expiresAt > ctx.now() ? record : undefined;
}

export async function getRecord<T extends Expiring>(ctx: AuthContext, key: string): Promise<T | undefined> {
  return live<T>(ctx, await ctx.store.get(key));
}

/** Reads and deletes in one atomic step: only one caller ever gets a given record. */
export async function takeRecord<T extends Expiring>(ctx: AuthContext, key: string): Promise<T | undefined> {
  return live<T>(ctx, await ctx.store.take(key));
}
