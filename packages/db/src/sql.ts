// Timestamps as Prisma stores `DateTime`: `timestamp(3)` columns holding UTC.
import { Prisma } from "./generated/prisma/client.ts";

/** The current time in SQL as a UTC timestamp. */
export const SQL_NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/** A JS instant as a SQL UTC timestamp, whatever the time zone of this process or session. */
export const sqlTimestamp = (ms: number): Prisma.Sql => Prisma.sql`${new Date(ms).toISOString()}::timestamp`;

/**
 * `column` (a UTC timestamp(3) column) as the wire's ISO 8601 text, formatted by PostgreSQL so
 * that no Date is parsed and formatted again in JS for each row.
 */
export const sqlIso = (column: string): Prisma.Sql =>
  Prisma.raw(`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * `text` with LIKE's wildcards (`%`, `_`) and its escape (`\`) taken literally: for a search
 * term in a LIKE/ILIKE pattern or Prisma's `contains`, which is one.
 */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, "\\$&");
