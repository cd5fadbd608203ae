import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client.ts";

export interface CreateDbOptions {
  url: string;
  /** Size of the pg pool. The embedded database must use 1 (see embedded.ts). */
  maxConnections?: number;
}

/** A Prisma client over node-postgres, the only way the services reach their database. */
export function createDb({ url, maxConnections = 10 }: CreateDbOptions): PrismaClient {
  const adapter = new PrismaPg({ connectionString: url, max: maxConnections });
  return new PrismaClient({ adapter });
}

export type Db = PrismaClient;
