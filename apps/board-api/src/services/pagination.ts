import type { ListQuery } from "@org/contracts";

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/** Prisma cursor arguments for a page: one row more than asked, to know whether another page follows. */
export function pageArgs({ limit, cursor }: ListQuery) {
  return { take: limit + 1, ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}) };
}

/**
 * Turns the rows of `pageArgs` into `{data, next_cursor}`. The order of every list ends with the
 * id, so it is stable, and the cursor is the id of the page's last row.
 */
export function toPage<R extends { id: string }, T>(
  { limit }: ListQuery,
  rows: R[],
  map: (row: R) => T,
): Page<T> {
  const more = rows.length > limit;
  const pageRows = more ? rows.slice(0, limit) : rows;
  return { data: pageRows.map(map), next_cursor: more ? (pageRows.at(-1)?.id ?? null) : null };
}

export const iso = (date: Date): string => date.toISOString();
export const isoOrNull = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);
