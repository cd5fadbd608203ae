import type { Handlers } from "../http/operation.ts";
import {
  createChecklistItem,
  deleteChecklistItem,
  listChecklist,
  updateChecklistItem,
} from "../services/checklist.ts";
import { serviceContext, type RouteDeps } from "./deps.ts";

type ChecklistOps =
  "list_checklist" | "create_checklist_item" | "update_checklist_item" | "delete_checklist_item";

export const checklistHandlers = (deps: RouteDeps): Pick<Handlers, ChecklistOps> => ({
  list_checklist: ({ actor, params, query }) =>
    listChecklist({ ...serviceContext(deps, actor), cardId: params.id, query }),
  create_checklist_item: ({ actor, params, body }) =>
    createChecklistItem({ ...serviceContext(deps, actor), cardId: params.id, input: body }),
  update_checklist_item: ({ actor, params, body }) =>
    updateChecklistItem({ ...serviceContext(deps, actor), itemId: params.id, input: body }),
  delete_checklist_item: ({ actor, params }) =>
    deleteChecklistItem({ ...serviceContext(deps, actor), itemId: params.id }),
});
