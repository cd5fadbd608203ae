import type { Comment, ListQuery } from "@org/contracts";
import { ForbiddenError } from "@org/service-kit";
import { authorizeCard, refuseInTrash } from "./card-access.ts";
import type { ServiceContext } from "./context.ts";
import { recordActivity } from "./activity.ts";
import { withEvents } from "./events.ts";
import { notifyMentions } from "./mentions.ts";
import { notifyWatchers, oneLine } from "./notifications.ts";
import { iso, pageArgs, toPage } from "./pagination.ts";
import { hasRole, loadAuthorized, NEEDS } from "./permissions.ts";
import { notFoundMessage } from "./not-found.ts";

interface CommentRow {
  id: string;
  cardId: string;
  authorId: string;
  body: string;
  kind: "comment" | "handoff";
  createdAt: Date;
  updatedAt: Date;
}

export function toCommentWire(row: CommentRow): Comment {
  return {
    id: row.id,
    card_id: row.cardId,
    author_id: row.authorId,
    body: row.body,
    kind: row.kind,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export const COMMENT_NOT_FOUND = notFoundMessage("comment_id");

/** A comment and the caller's role, after checking the caller may `needed` on it. */
export async function authorizeComment(
  ctx: ServiceContext,
  commentId: string,
  needed: (typeof NEEDS)[keyof typeof NEEDS],
) {
  const authorized = await loadAuthorized(
    ctx,
    ctx.db.comment.findUnique({
      where: { id: commentId },
      include: { card: { select: { projectId: true, deletedAt: true } } },
    }),
    (comment) => comment.card.projectId,
    needed,
    COMMENT_NOT_FOUND,
  );
  refuseInTrash(authorized.row.card.deletedAt);
  return authorized;
}

export async function listComments(ctx: ServiceContext & { cardId: string; query: ListQuery }) {
  await authorizeCard(ctx, ctx.cardId, NEEDS.read);
  const rows = await ctx.db.comment.findMany({
    where: { cardId: ctx.cardId },
    orderBy: { id: "asc" },
    ...pageArgs(ctx.query),
  });
  return toPage(ctx.query, rows, toCommentWire);
}

/**
 * Stores the comment as written, and tells the card's watchers. Through the API or MCP that is all;
 * written in the web app, its @mentions notify the members they name and the card's activity records it.
 */
export async function createComment(ctx: ServiceContext & { cardId: string; body: string }) {
  const { projectId } = await authorizeCard(ctx, ctx.cardId, NEEDS.work);
  const comment = await withEvents(ctx, async (tx, outbox) => {
    const created = toCommentWire(
      await tx.comment.create({ data: { cardId: ctx.cardId, authorId: ctx.actor.id, body: ctx.body } }),
    );
    outbox.publish(projectId, "comment.created", { comment: created });
    await notifyWatchers(tx, outbox, ctx.actor, {
      projectId,
      cardId: ctx.cardId,
      commentId: created.id,
      excerpt: oneLine(ctx.body),
    });
    return created;
  });
  await recordActivity(ctx, ctx.cardId, "commented", { comment_id: comment.id });
  await notifyMentions(ctx, { projectId, cardId: ctx.cardId, commentId: comment.id, text: ctx.body });
  return comment;
}

/**
 * Its author (member or above) may change a comment's body; written in the web app, the members it
 * newly @mentions are notified.
 */
export async function updateComment(ctx: ServiceContext & { commentId: string; body: string }) {
  const { row } = await authorizeComment(ctx, ctx.commentId, NEEDS.work);
  if (row.authorId !== ctx.actor.id) throw new ForbiddenError("Only its author can edit this comment.");
  if (row.body === ctx.body) return toCommentWire(row);
  const comment = await withEvents(ctx, async (tx, outbox) => {
    const updated = toCommentWire(
      await tx.comment.update({ where: { id: ctx.commentId }, data: { body: ctx.body } }),
    );
    outbox.publish(row.card.projectId, "comment.updated", { comment: updated });
    return updated;
  });
  await notifyMentions(ctx, {
    projectId: row.card.projectId,
    cardId: row.cardId,
    commentId: comment.id,
    text: ctx.body,
    previousText: row.body,
  });
  return comment;
}

/** Its author (member or above) or an admin may delete a comment; its files go with it. */
export async function deleteComment(ctx: ServiceContext & { commentId: string }) {
  const { row, role } = await authorizeComment(ctx, ctx.commentId, NEEDS.work);
  if (row.authorId !== ctx.actor.id && !hasRole(role, NEEDS.manage)) {
    throw new ForbiddenError("Only the author or an admin can delete this comment.");
  }
  const files = await withEvents(ctx, async (tx, outbox) => {
    const stored = await tx.attachment.findMany({
      where: { commentId: ctx.commentId },
      select: { storageKey: true },
    });
    await tx.comment.delete({ where: { id: ctx.commentId } });
    outbox.publish(row.card.projectId, "comment.deleted", { comment_id: ctx.commentId, card_id: row.cardId });
    return stored;
  });
  await ctx.files.remove(files.map((file) => file.storageKey));
}
