import { createPriority, deletePriority, listPriorities, updatePriority } from "../services/priorities.ts";
import type { Implementations } from "./types.ts";

export const priorityImplementations = {
  list_priorities: (ctx, { params, query }) =>
    listPriorities({ ...ctx, projectId: params.project_id, query }),
  create_priority: (ctx, { params, body }) =>
    createPriority({ ...ctx, projectId: params.project_id, input: body }),
  update_priority: (ctx, { params, body }) =>
    updatePriority({ ...ctx, priorityId: params.priority_id, input: body }),
  delete_priority: (ctx, { params }) => deletePriority({ ...ctx, priorityId: params.priority_id }),
} satisfies Partial<Implementations>;
