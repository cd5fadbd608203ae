import type { Handlers } from "../http/operation.ts";
import { createPriority, deletePriority, listPriorities, updatePriority } from "../services/priorities.ts";
import { serviceContext, type RouteDeps } from "./deps.ts";

type PriorityOps = "list_priorities" | "create_priority" | "update_priority" | "delete_priority";

export const priorityHandlers = (deps: RouteDeps): Pick<Handlers, PriorityOps> => ({
  list_priorities: ({ actor, params, query }) =>
    listPriorities({ ...serviceContext(deps, actor), projectId: params.id, query }),
  create_priority: ({ actor, params, body }) =>
    createPriority({ ...serviceContext(deps, actor), projectId: params.id, input: body }),
  update_priority: ({ actor, params, body }) =>
    updatePriority({ ...serviceContext(deps, actor), priorityId: params.id, input: body }),
  delete_priority: ({ actor, params }) =>
    deletePriority({ ...serviceContext(deps, actor), priorityId: params.id }),
});
