// Timestamps as Prisma stores `DateTime`: `timestamp(3)` columns holding UTC.
import { Prisma } from "./generated/prisma/client.ts";

/** The current time in SQL as a UTC timestamp. */
export const SQL_NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/** A UUIDv7 made in SQL (PostgreSQL ≥ 13 has gen_random_uuid): for rows inserted by raw SQL. */
export const SQL_UUID_V7 = Prisma.sql`encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
  placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
  from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;

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
