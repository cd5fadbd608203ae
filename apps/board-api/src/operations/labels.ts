import {
  attachLabel,
  createLabel,
  deleteLabel,
  detachLabel,
  listCardLabels,
  listLabels,
  updateLabel,
} from "../services/labels.ts";
import type { Implementations } from "./types.ts";

export const labelImplementations = {
  list_labels: (ctx, { params, query }) => listLabels({ ...ctx, projectId: params.project_id, query }),
  create_label: (ctx, { params, body }) => createLabel({ ...ctx, projectId: params.project_id, input: body }),
  update_label: (ctx, { params, body }) => updateLabel({ ...ctx, labelId: params.label_id, input: body }),
  delete_label: (ctx, { params }) => deleteLabel({ ...ctx, labelId: params.label_id }),
  list_card_labels: (ctx, { params, query }) => listCardLabels({ ...ctx, cardId: params.card_id, query }),
  attach_label: (ctx, { params, body }) =>
    attachLabel({ ...ctx, cardId: params.card_id, labelId: body.label_id }),
  detach_label: (ctx, { params }) =>
    detachLabel({ ...ctx, cardId: params.card_id, labelId: params.label_id }),
} satisfies Partial<Implementations>;
