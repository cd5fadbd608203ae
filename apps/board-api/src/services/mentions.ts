// @mentions: text written in the web app names project members by `@handle`; each newly mentioned
// member (not the writer) gets a notification. Text that arrives through the API or MCP is stored
// as written and notifies nobody.
import { findMentions } from "@org/contracts/mentions";
import type { ServiceContext } from "./context.ts";
import { notifyUser } from "./notifications.ts";

/** The handles `@mentioned` in `text` (lower case); `x@y.com` is an address, not a mention. */
export function mentionedHandles(text: string): Set<string> {
  return new Set(findMentions(text).map((mention) => mention.handle));
}

/** About 160 characters of `text` around the first `@handle`, on one line. */
export function excerptAround(text: string, handle: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const at = flat.toLowerCase().indexOf(`@${handle}`);
  const start = Math.max(0, at - 60);
  const excerpt = flat.slice(start, start + 160);
  return `${start > 0 ? "…" : ""}${excerpt}${start + 160 < flat.length ? "…" : ""}`;
}

/**
 * Notifies the project members `text` mentions (and `previousText` did not), when the web app
 * wrote it. Returns how many were notified.
 */
export async function notifyMentions(
  ctx: Pick<ServiceContext, "db" | "actor" | "events">,
  {
    projectId,
    cardId,
    commentId,
    text,
    previousText = "",
  }: { projectId: string; cardId: string; commentId?: string; text: string; previousText?: string },
): Promise<number> {
  if (!ctx.actor.viaWebApp) return 0;
  const before = mentionedHandles(previousText);
  const handles = [...mentionedHandles(text)].filter((handle) => !before.has(handle));
  if (handles.length === 0) return 0;
  const members = await ctx.db.projectMember.findMany({
    where: { projectId, userId: { not: ctx.actor.id }, user: { handle: { in: handles } } },
    select: { userId: true, user: { select: { handle: true } } },
  });
  if (members.length === 0) return 0;
  for (const member of members) {
    await notifyUser(ctx, {
      userId: member.userId,
      kind: "mention",
      projectId,
      cardId,
      commentId,
      excerpt: excerptAround(text, member.user.handle),
    });
  }
  return members.length;
}
