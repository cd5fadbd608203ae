import { emptyTrash, listTrash, restoreCard, trashCard } from "../services/trash.ts";
import type { Implementations } from "./types.ts";

export const trashImplementations = {
  delete_card: (ctx, { params }) => trashCard({ ...ctx, cardId: params.card_id }),
  list_trash: (ctx, { params, query }) => listTrash({ ...ctx, projectId: params.project_id, query }),
  restore_card: (ctx, { params }) => restoreCard({ ...ctx, cardId: params.card_id }),
  empty_trash: (ctx, { params }) => emptyTrash({ ...ctx, projectId: params.project_id }),
} satisfies Partial<Implementations>;
