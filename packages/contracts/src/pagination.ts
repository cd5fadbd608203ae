// Pagination shared by both services: `?limit=&cursor=` in, `{"data":[...],"next_cursor"}` out.
import { queryInteger } from "./query.ts";
import { z } from "./zod.ts";

export const ListQuery = z.object({
  limit: queryInteger(z.number().int().min(1).max(200))
    .default(50)
    .openapi({ description: "Page size, 1..200 (default 50), base-10 digits." }),
  cursor: z
    .string()
    .regex(/^[0-9a-f-]{36}$/i, "Invalid cursor.")
    .optional()
    .openapi({ description: "The `next_cursor` of the previous page." }),
});
export type ListQuery = z.infer<typeof ListQuery>;

/** `{"data":[...],"next_cursor":null|"..."}`: the envelope of every list. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    next_cursor: z
      .string()
      .nullable()
      .openapi({ description: "Pass as `cursor` for the next page; null on the last." }),
  });
}

/** One page of a list (`{data,next_cursor}`). */
export interface ListPage<T> {
  data: T[];
  next_cursor: string | null;
}
