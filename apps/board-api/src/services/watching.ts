// Watching cards: a member who watches a card is notified (kind watched) when someone else edits,
// moves, archives, comments on or hands off the card, through any client. The notifications are
// written in the change's own transaction (notifyWatchers in notifications.ts).
import type { CardWatch } from "@org/contracts";
import type { ServiceContext } from "./context.ts";
import { authorizeCard } from "./card-access.ts";
import { NEEDS } from "./permissions.ts";

async function cardWatch(ctx: ServiceContext, cardId: string): Promise<CardWatch> {
  const watchers = await ctx.db.cardWatcher.findMany({ where: { cardId }, select: { userId: true } });
  return {
    card_id: cardId,
    watching: watchers.some((watcher) => watcher.userId === ctx.actor.id),
    watcher_count: watchers.length,
  };
}

export async function getCardWatch(ctx: ServiceContext & { cardId: string }): Promise<CardWatch> {
  await authorizeCard(ctx, ctx.cardId, NEEDS.read);
  return cardWatch(ctx, ctx.cardId);
}

/** Any member may watch (viewers too: watching changes nothing on the card). */
export async function watchCard(ctx: ServiceContext & { cardId: string }): Promise<CardWatch> {
  await authorizeCard(ctx, ctx.cardId, NEEDS.read);
  await ctx.db.cardWatcher.createMany({
    data: [{ cardId: ctx.cardId, userId: ctx.actor.id }],
    skipDuplicates: true,
  });
  return cardWatch(ctx, ctx.cardId);
}

export async function unwatchCard(ctx: ServiceContext & { cardId: string }): Promise<CardWatch> {
  await authorizeCard(ctx, ctx.cardId, NEEDS.read);
  await ctx.db.cardWatcher.deleteMany({ where: { cardId: ctx.cardId, userId: ctx.actor.id } });
  return cardWatch(ctx, ctx.cardId);
}
