// The stale-work report. A card's last activity is the latest of its updated_at, claimed_at and
// its newest comment, plan, finding or gate ack; idle time is measured from there.
import type { z, RotEntrySchema } from "@org/contracts";
import { loadCardsByIds } from "./card-loader.ts";
import { SQL_NOW, type ServiceContext } from "./context.ts";
import { NEEDS, requireRole } from "./permissions.ts";
import { PROJECT_NOT_FOUND } from "./projects.ts";

type RotEntry = z.input<typeof RotEntrySchema>;
type RotReason = RotEntry["reasons"][number];

interface RotRow {
  id: string;
  idle_hours: number;
  claimed: boolean;
  live: boolean;
  overdue: boolean;
}

export async function getRotReport(
  ctx: ServiceContext & { projectId: string; staleHours: number },
): Promise<{ data: RotEntry[]; next_cursor: null }> {
  await requireRole(ctx, ctx.projectId, NEEDS.read, PROJECT_NOT_FOUND);
  const rows = await ctx.db.$queryRaw<RotRow[]>`
    SELECT c.id::text AS id,
      (EXTRACT(EPOCH FROM ${SQL_NOW} - GREATEST(c.updated_at, c.claimed_at,
        (SELECT max(created_at) FROM comments WHERE card_id = c.id),
        (SELECT max(created_at) FROM plans WHERE card_id = c.id),
        (SELECT max(created_at) FROM findings WHERE card_id = c.id),
        (SELECT max(acked_at) FROM gate_acks WHERE card_id = c.id))) / 3600)::float8 AS idle_hours,
      c.claimed_by IS NOT NULL AS claimed,
      (c.claimed_by IS NOT NULL AND c.claim_expires_at >= ${SQL_NOW}) AS live,
      (c.due_at IS NOT NULL AND c.due_at < ${SQL_NOW}) AS overdue
    FROM cards c
    WHERE c.project_id = ${ctx.projectId}::uuid AND c.archived_at IS NULL AND c.deleted_at IS NULL
      AND NOT c.column_done`;
  const entries = rows
    .map((row) => {
      const stale = row.idle_hours >= ctx.staleHours;
      const reasons: RotReason[] = [];
      if (row.live && stale) reasons.push("claimed_idle");
      if (row.claimed && !row.live) reasons.push("claim_expired");
      if (!row.live && stale) reasons.push("no_activity");
      if (row.overdue) reasons.push("overdue");
      return { id: row.id, reasons, idle_hours: Math.max(0, Math.round(row.idle_hours * 100) / 100) };
    })
    .filter((entry) => entry.reasons.length > 0)
    .sort((a, b) => b.idle_hours - a.idle_hours || a.id.localeCompare(b.id));
  const cards = new Map(
    (
      await loadCardsByIds(
        ctx.db,
        entries.map((entry) => entry.id),
      )
    ).map((c) => [c.id, c]),
  );
  return {
    data: entries.flatMap(({ id, reasons, idle_hours }) => {
      const card = cards.get(id);
      return card ? [{ card, reasons, idle_hours }] : [];
    }),
    next_cursor: null,
  };
}
