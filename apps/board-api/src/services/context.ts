import { Prisma, type Db } from "@org/db";
import type { BoardEvents } from "./events.ts";
import type { FileStore } from "./file-store.ts";

/** The user a request acts as (the owner of its API token). */
export interface Actor {
  id: string;
  email: string;
  name: string;
}

/** What every service function gets besides its own options. */
export interface ServiceContext {
  db: Db;
  actor: Actor;
  files: FileStore;
  /** Where live events go; absent: nowhere. */
  events?: BoardEvents | undefined;
}

export type Tx = Prisma.TransactionClient;

/** Interactive transactions wait for a pooled connection and for row locks under load. */
export const TX_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;

/** The current time in SQL as a UTC timestamp, the way Prisma stores `DateTime` (timestamp(3)). */
export const SQL_NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;
