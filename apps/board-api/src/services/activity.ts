// A card's activity history. Written only when the web app made the change (the request came with
// its session): the API and MCP write none, as the spec says.
import type { CardActivity, CardActivityKind, ListQuery } from "@org/contracts";
import type { Prisma } from "@org/db";
import { authorizeCard } from "./card-access.ts";
import type { ServiceContext } from "./context.ts";
import { iso, pageArgs, toPage } from "./pagination.ts";
import { NEEDS } from "./permissions.ts";

/** Records `kind` on the card as the caller, when the caller is the web app. */
export async function recordActivity(
  ctx: Pick<ServiceContext, "db" | "actor">,
  cardId: string,
  kind: CardActivityKind,
  data: Record<string, unknown> = {},
): Promise<void> {
  if (!ctx.actor.viaWebApp) return;
  await ctx.db.cardActivity.create({
    data: { cardId, actorId: ctx.actor.id, kind, data: data as Prisma.InputJsonObject },
  });
}

/** The card's activity, newest first. */
export async function listCardActivity(ctx: ServiceContext & { cardId: string; query: ListQuery }) {
  await authorizeCard(ctx, ctx.cardId, NEEDS.read);
  const rows = await ctx.db.cardActivity.findMany({
    where: { cardId: ctx.cardId },
    orderBy: { id: "desc" },
    ...pageArgs(ctx.query),
  });
  return toPage(ctx.query, rows, (row): CardActivity => ({
    id: row.id,
    kind: row.kind as CardActivityKind,
    actor_id: row.actorId,
    data: row.data as Record<string, unknown>,
    created_at: iso(row.createdAt),
  }));
}

/** What an edit changed, for the `edited` entry: long text (the body) is named, not copied. */
export function changedFields(
  before: Record<string, unknown>,
  input: Record<string, unknown>,
  { named = ["body"] }: { named?: string[] } = {},
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const from = before[key] ?? null;
    const to =
      key === "due_at" && typeof value === "string" ? new Date(value).toISOString() : (value ?? null);
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    fields[key] = named.includes(key) ? {} : { from, to };
  }
  return fields;
}
