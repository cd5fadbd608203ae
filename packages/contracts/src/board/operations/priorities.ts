// Priorities: operations of the registry (see registry.ts).
import { listOf, ListQuery } from "../../pagination.ts";
import { pathParams } from "../schemas/common.ts";
import { CreatePriorityBody, PrioritySchema, UpdatePriorityBody } from "../schemas/priorities.ts";
import {
  CREATE,
  defineOperations,
  DELETE,
  LIST_NOTE,
  READ,
  READ_ERRORS,
  ROLE_NOTE,
  UPDATE,
  WRITE_ERRORS,
} from "./spec.ts";

export const priorityOperations = defineOperations({
  list_priorities: {
    method: "get",
    path: "/projects/{project_id}/priorities",
    summary: "List the priority ladder",
    description: `Priorities most urgent first (position 0). ${LIST_NOTE}`,
    group: "priorities",
    params: pathParams({ project_id: "The project whose priority ladder to list." }),
    query: ListQuery,
    response: listOf(PrioritySchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  create_priority: {
    method: "post",
    path: "/projects/{project_id}/priorities",
    summary: "Add a priority",
    description: `Appends a priority at the bottom of the ladder (least urgent). Needs admin. ${ROLE_NOTE}`,
    group: "priorities",
    params: pathParams({ project_id: "The project to add the priority to." }),
    body: CreatePriorityBody,
    response: PrioritySchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },
  update_priority: {
    method: "patch",
    path: "/priorities/{priority_id}",
    summary: "Update a priority",
    description: `Sets name, color and/or the 0-based rung \`position\` (0 = most urgent; past the end: last; rungs stay dense). Needs admin. ${ROLE_NOTE}`,
    group: "priorities",
    params: pathParams({ priority_id: "The priority to change." }),
    body: UpdatePriorityBody,
    response: PrioritySchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  delete_priority: {
    method: "delete",
    path: "/priorities/{priority_id}",
    summary: "Delete a priority",
    description: `Removes the rung; cards carrying it fall back to no priority (priority_id null). Needs admin. ${ROLE_NOTE}`,
    group: "priorities",
    params: pathParams({ priority_id: "The priority to delete." }),
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },
});
