// Live attention ("I am looking at this card"), kept in PostgreSQL so every instance sees the
// same records: one row per user, replaced by each new record, listed only until it expires.
import type { Attention } from "@org/contracts";
import { Prisma } from "@org/db";
import { authorizeCard } from "./card-access.ts";
import { SQL_NOW, type ServiceContext } from "./context.ts";
import { withEvents } from "./events.ts";
import { grantedProjects, NEEDS, requireRole } from "./permissions.ts";
import { PROJECT_NOT_FOUND } from "./projects.ts";
import { iso } from "./pagination.ts";

interface AttentionRow {
  user_id: string;
  card_id: string;
  project_id: string;
  note: string | null;
  since: Date;
  expires_at: Date;
}

const toAttentionWire = (row: AttentionRow): Attention => ({
  user_id: row.user_id,
  card_id: row.card_id,
  note: row.note,
  since: iso(new Date(row.since)),
  expires_at: iso(new Date(row.expires_at)),
});

/**
 * Sets the caller's record on the card for `ttlSeconds`, replacing any other. `since` is kept when
 * the caller's live record was already on this card (a refresh), else it is now.
 */
export async function setAttention(
  ctx: ServiceContext & { cardId: string; note?: string | undefined; ttlSeconds: number },
): Promise<Attention> {
  const { projectId } = await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  return withEvents(ctx, async (tx, outbox) => {
    const [previous] = await tx.$queryRaw<Array<{ project_id: string; live: boolean }>>`
    SELECT project_id::text AS project_id, expires_at > ${SQL_NOW} AS live FROM attention
    WHERE user_id = ${ctx.actor.id}::uuid`;
    const [row] = await tx.$queryRaw<AttentionRow[]>`
    INSERT INTO attention (user_id, project_id, card_id, note, since, expires_at)
    VALUES (${ctx.actor.id}::uuid, ${projectId}::uuid, ${ctx.cardId}::uuid, ${ctx.note ?? null},
      ${SQL_NOW}, ${SQL_NOW} + ${ctx.ttlSeconds}::int * interval '1 second')
    ON CONFLICT (user_id) DO UPDATE SET project_id = EXCLUDED.project_id, card_id = EXCLUDED.card_id,
      note = EXCLUDED.note, expires_at = EXCLUDED.expires_at,
      since = CASE WHEN attention.card_id = EXCLUDED.card_id AND attention.expires_at > ${SQL_NOW}
        THEN attention.since ELSE EXCLUDED.since END
    RETURNING user_id::text AS user_id, card_id::text AS card_id, project_id::text AS project_id, note,
      since, expires_at`;
    const attention = toAttentionWire(row as AttentionRow);
    if (previous?.live && previous.project_id !== projectId) {
      outbox.publish(previous.project_id, "attention.changed", { user_id: ctx.actor.id, attention: null });
    }
    outbox.publish(projectId, "attention.changed", { user_id: ctx.actor.id, attention });
    return attention;
  });
}

/**
 * `DELETE /attention`: removes the caller's record, if any (with an OAuth grant limited to chosen
 * projects, only a record in one of them: another project's is not the app's to touch).
 */
export async function clearAttention(ctx: ServiceContext): Promise<void> {
  const granted = grantedProjects(ctx.actor);
  await withEvents(ctx, async (tx, outbox) => {
    const removed = await tx.$queryRaw<Array<{ project_id: string; live: boolean }>>`
    DELETE FROM attention WHERE user_id = ${ctx.actor.id}::uuid
      ${granted ? Prisma.sql`AND project_id = ANY(${[...granted]}::uuid[])` : Prisma.empty}
    RETURNING project_id::text AS project_id, expires_at > ${SQL_NOW} AS live`;
    const [row] = removed;
    if (row?.live)
      outbox.publish(row.project_id, "attention.changed", { user_id: ctx.actor.id, attention: null });
  });
}

/** Live records on the project's cards, oldest first. */
export async function listAttention(ctx: ServiceContext & { projectId: string }) {
  await requireRole(ctx, ctx.projectId, NEEDS.read, PROJECT_NOT_FOUND);
  const rows = await ctx.db.$queryRaw<AttentionRow[]>`
    SELECT user_id::text AS user_id, card_id::text AS card_id, project_id::text AS project_id, note,
      since, expires_at
    FROM attention WHERE project_id = ${ctx.projectId}::uuid AND expires_at > ${SQL_NOW}
    ORDER BY since, user_id`;
  return { data: rows.map(toAttentionWire), next_cursor: null };
}
