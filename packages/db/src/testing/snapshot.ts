import type { Db } from "../client.ts";

/**
 * One hash of every row of every table (migrations bookkeeping aside), in a single query: take
 * one before and one after a request that failed to prove it changed nothing.
 */
export async function databaseSnapshot(db: Db): Promise<Record<string, string>> {
  const tables = await db.$queryRaw<{ name: string }[]>`
    SELECT tablename::text AS name FROM pg_tables
    WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY tablename`;
  const hashes = tables.map(
    ({ name }) =>
      `SELECT '${name}' AS name, ` +
      `(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM "${name}" t) AS hash`,
  );
  const [row] = await db.$queryRawUnsafe<{ snapshot: Record<string, string> }[]>(
    `SELECT json_object_agg(name, hash) AS snapshot FROM (${hashes.join(" UNION ALL ")}) AS tables`,
  );
  return row?.snapshot ?? {};
}
