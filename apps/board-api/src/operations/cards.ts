import { moveCard } from "../services/card-move.ts";
import { archiveCard, createCard, getCard, unarchiveCard, updateCard } from "../services/cards.ts";
import { findCards, listMyCards } from "../services/card-search.ts";
import type { Implementations } from "./types.ts";

export const cardImplementations = {
  create_card: (ctx, { params, body }) => createCard({ ...ctx, columnId: params.column_id, input: body }),
  find_cards: (ctx, { params, query }) => findCards({ ...ctx, projectId: params.project_id, query }),
  list_my_cards: (ctx, { query }) => listMyCards({ ...ctx, query }),
  get_card: (ctx, { params }) => getCard({ ...ctx, cardId: params.card_id }),
  update_card: (ctx, { params, body }) => updateCard({ ...ctx, cardId: params.card_id, input: body }),
  move_card: (ctx, { params, body }) =>
    moveCard({
      ...ctx,
      cardId: params.card_id,
      toColumnId: body.to_column_id,
      position: body.position,
      force: body.force ?? false,
    }),
  archive_card: (ctx, { params }) => archiveCard({ ...ctx, cardId: params.card_id }),
  unarchive_card: (ctx, { params }) => unarchiveCard({ ...ctx, cardId: params.card_id }),
} satisfies Partial<Implementations>;
