// Dense 0-based positions: lists are rewritten in full order inside a transaction that holds a
// lock on their parent row, so concurrent writers never see or leave gaps or duplicates.
import { Prisma } from "@org/db";
import type { Tx } from "./context.ts";

type OrderedTable = "cards" | "columns" | "checklist_items" | "priorities";
type LockableTable = "projects" | "columns" | "cards";

/** `ids` without `id`, then `id` inserted at `position` (past the end: last). */
export function insertAt(ids: string[], id: string, position: number | undefined): string[] {
  const rest = ids.filter((other) => other !== id);
  const index = Math.min(position ?? rest.length, rest.length);
  return [...rest.slice(0, index), id, ...rest.slice(index)];
}

/** Sets position = index in `ids` on every row whose position differs (one statement). */
export async function writePositions(tx: Tx, table: OrderedTable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.$executeRaw`
    UPDATE ${Prisma.raw(`"${table}"`)} AS t SET position = (v.ord - 1)::int
    FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS v(id, ord)
    WHERE t.id = v.id AND t.position <> v.ord - 1`;
}

/**
 * Locks parent rows (FOR NO KEY UPDATE) in id order, so two transactions that need the same
 * rows always take them in the same order and cannot deadlock. Returns the ids found.
 */
export async function lockRows(tx: Tx, table: LockableTable, ids: string[]): Promise<string[]> {
  const sorted = [...new Set(ids)].sort();
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id::text AS id FROM ${Prisma.raw(`"${table}"`)}
    WHERE id = ANY(${sorted}::uuid[]) ORDER BY id FOR NO KEY UPDATE`;
  return rows.map((row) => row.id);
}
