import { addBlocker, listCardRefs, listReadyCards, removeBlocker } from "../services/dependencies.ts";
import type { Implementations } from "./types.ts";

export const dependencyImplementations = {
  add_blocker: (ctx, { params, body }) =>
    addBlocker({ ...ctx, cardId: params.card_id, blockerId: body.blocker_id }),
  remove_blocker: (ctx, { params }) =>
    removeBlocker({ ...ctx, cardId: params.card_id, blockerId: params.blocker_id }),
  list_blockers: (ctx, { params }) => listCardRefs({ ...ctx, cardId: params.card_id, side: "blocked_by" }),
  list_blocking: (ctx, { params }) => listCardRefs({ ...ctx, cardId: params.card_id, side: "blocks" }),
  list_ready_cards: (ctx, { params, query }) =>
    listReadyCards({ ...ctx, projectId: params.project_id, limit: query.limit }),
} satisfies Partial<Implementations>;
