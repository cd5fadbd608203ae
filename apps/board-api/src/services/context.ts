import type { Db, Prisma } from "@org/db";
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
}

export type Tx = Prisma.TransactionClient;

/** Interactive transactions wait for a pooled connection and for row locks under load. */
export const TX_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;
