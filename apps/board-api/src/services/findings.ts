import type { CreateFindingBody, Finding, ListQuery, z } from "@org/contracts";
import { recordActivity } from "./activity.ts";
import { authorizeCard } from "./card-access.ts";
import type { ServiceContext } from "./context.ts";
import { withEvents } from "./events.ts";
import { iso, pageArgs, toPage } from "./pagination.ts";
import { NEEDS } from "./permissions.ts";

interface FindingRow {
  id: string;
  cardId: string;
  authorId: string;
  kind: Finding["kind"];
  title: string;
  body: string | null;
  severity: Finding["severity"];
  createdAt: Date;
}

const toFindingWire = (row: FindingRow): Finding => ({
  id: row.id,
  card_id: row.cardId,
  author_id: row.authorId,
  kind: row.kind,
  title: row.title,
  body: row.body,
  severity: row.severity,
  created_at: iso(row.createdAt),
});

/** Newest first: ids are UUIDv7, so descending id is descending creation. */
export async function listFindings(ctx: ServiceContext & { cardId: string; query: ListQuery }) {
  await authorizeCard(ctx, ctx.cardId, NEEDS.read);
  const rows = await ctx.db.finding.findMany({
    where: { cardId: ctx.cardId },
    orderBy: { id: "desc" },
    ...pageArgs(ctx.query),
  });
  return toPage(ctx.query, rows, toFindingWire);
}

export async function createFinding(
  ctx: ServiceContext & { cardId: string; input: z.output<typeof CreateFindingBody> },
) {
  const { projectId } = await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  const { kind, title, body, severity } = ctx.input;
  const finding = await withEvents(ctx, async (tx, outbox) => {
    const created = toFindingWire(
      await tx.finding.create({
        data: {
          cardId: ctx.cardId,
          authorId: ctx.actor.id,
          kind,
          title,
          body: body ?? null,
          severity: severity ?? null,
        },
      }),
    );
    outbox.publish(projectId, "finding.created", { finding: created });
    return created;
  });
  await recordActivity(ctx, ctx.cardId, "finding_recorded", { finding_id: finding.id, kind, title });
  return finding;
}
