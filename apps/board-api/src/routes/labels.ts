import type { Handlers } from "../http/operation.ts";
import {
  attachLabel,
  createLabel,
  deleteLabel,
  detachLabel,
  listCardLabels,
  listLabels,
  updateLabel,
} from "../services/labels.ts";
import { serviceContext, type RouteDeps } from "./deps.ts";

type LabelOps =
  | "list_labels"
  | "create_label"
  | "update_label"
  | "delete_label"
  | "list_card_labels"
  | "attach_label"
  | "detach_label";

export const labelHandlers = (deps: RouteDeps): Pick<Handlers, LabelOps> => ({
  list_labels: ({ actor, params, query }) =>
    listLabels({ ...serviceContext(deps, actor), projectId: params.id, query }),
  create_label: ({ actor, params, body }) =>
    createLabel({ ...serviceContext(deps, actor), projectId: params.id, input: body }),
  update_label: ({ actor, params, body }) =>
    updateLabel({ ...serviceContext(deps, actor), labelId: params.id, input: body }),
  delete_label: ({ actor, params }) => deleteLabel({ ...serviceContext(deps, actor), labelId: params.id }),
  list_card_labels: ({ actor, params, query }) =>
    listCardLabels({ ...serviceContext(deps, actor), cardId: params.id, query }),
  attach_label: ({ actor, params, body }) =>
    attachLabel({ ...serviceContext(deps, actor), cardId: params.id, labelId: body.label_id }),
  detach_label: ({ actor, params }) =>
    detachLabel({ ...serviceContext(deps, actor), cardId: params.id, labelId: params.label_id }),
});
