import {
  createChecklistItem,
  deleteChecklistItem,
  listChecklist,
  updateChecklistItem,
} from "../services/checklist.ts";
import type { Implementations } from "./types.ts";

export const checklistImplementations = {
  list_checklist: (ctx, { params, query }) => listChecklist({ ...ctx, cardId: params.card_id, query }),
  create_checklist_item: (ctx, { params, body }) =>
    createChecklistItem({ ...ctx, cardId: params.card_id, input: body }),
  update_checklist_item: (ctx, { params, body }) =>
    updateChecklistItem({ ...ctx, itemId: params.item_id, input: body }),
  delete_checklist_item: (ctx, { params }) => deleteChecklistItem({ ...ctx, itemId: params.item_id }),
} satisfies Partial<Implementations>;
