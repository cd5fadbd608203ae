// Column and label names are unique per project (a unique index each): a second "Review" column
// or "bug" label is a conflict naming the one that exists, so a retried create tells the caller
// which id to use instead of making a twin.
import { ConflictError } from "@org/service-kit";
import type { Tx } from "./context.ts";

type Kind = "column" | "label";

async function holderOf(db: Tx, kind: Kind, projectId: string, name: string, exceptId?: string) {
  const where = { projectId, name, ...(exceptId ? { NOT: { id: exceptId } } : {}) };
  const found =
    kind === "column"
      ? await db.column.findFirst({ where, select: { id: true } })
      : await db.label.findFirst({ where, select: { id: true } });
  return found?.id;
}

function conflict(kind: Kind, name: string, id: string): ConflictError {
  return new ConflictError(
    `A ${kind} named ${JSON.stringify(name)} already exists in this project (${kind}_id ${id}): use it or choose another name.`,
    [{ path: "name", message: `Taken by ${kind}_id ${id}.` }],
  );
}

/**
 * Runs `write` (a create or rename to `name`) unless another column/label of the project has that
 * name: then, or when a concurrent write took the name first (the unique index), a conflict
 * naming the existing id.
 */
export async function withUniqueName<T>(
  db: Tx,
  kind: Kind,
  { projectId, name, exceptId }: { projectId: string; name: string | undefined; exceptId?: string },
  write: () => Promise<T>,
): Promise<T> {
  if (name === undefined) return write();
  const before = await holderOf(db, kind, projectId, name, exceptId);
  if (before) throw conflict(kind, name, before);
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== "P2002") throw error;
    const after = await holderOf(db, kind, projectId, name, exceptId).catch(() => undefined);
    throw after ? conflict(kind, name, after) : error;
  }
}
