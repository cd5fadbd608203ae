/** A page of a list: `{"data":[...],"next_cursor":null|"..."}` (both services' list envelope). */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/** What a list endpoint accepts: a page size and the `next_cursor` of the previous page. */
export interface PageQuery {
  limit: number;
  cursor?: string | undefined;
}

/** Prisma cursor arguments for a page: one row more than asked, to know whether another page follows. */
export function pageArgs({ limit, cursor }: PageQuery) {
  return { take: limit + 1, ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}) };
}

/**
 * Turns the rows of `pageArgs` into `{data, next_cursor}`. The order of every list ends with the
 * id, so it is stable, and the cursor is the id of the page's last row.
 */
export function toPage<R extends { id: string }, T>(
  { limit }: PageQuery,
  rows: R[],
  map: (row: R) => T,
): Page<T> {
  const more = rows.length > limit;
  const pageRows = more ? rows.slice(0, limit) : rows;
  return { data: pageRows.map(map), next_cursor: more ? (pageRows.at(-1)?.id ?? null) : null };
}
