// Checklist: operations of the registry (see registry.ts).
import { listOf, ListQuery } from "../../pagination.ts";
import {
  ChecklistItemSchema,
  CreateChecklistItemBody,
  UpdateChecklistItemBody,
} from "../schemas/checklist.ts";
import { pathParams } from "../schemas/common.ts";
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

export const checklistOperations = defineOperations({
  list_checklist: {
    method: "get",
    path: "/cards/{card_id}/checklist",
    summary: "List checklist items",
    description: `Checklist items of the card in position order. ${LIST_NOTE}`,
    group: "checklist",
    params: pathParams({ card_id: "The card whose checklist to list." }),
    query: ListQuery,
    response: listOf(ChecklistItemSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  create_checklist_item: {
    method: "post",
    path: "/cards/{card_id}/checklist",
    summary: "Add a checklist item",
    description: `Appends an item with \`text\` to the card's checklist. Needs member. ${ROLE_NOTE}`,
    group: "checklist",
    params: pathParams({ card_id: "The card whose checklist gets the item." }),
    body: CreateChecklistItemBody,
    response: ChecklistItemSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },
  update_checklist_item: {
    method: "patch",
    path: "/checklist/{item_id}",
    summary: "Update a checklist item",
    description: `Sets text, done and/or the 0-based position (past the end: last; positions stay dense). Needs member. ${ROLE_NOTE}`,
    group: "checklist",
    params: pathParams({ item_id: "The checklist item to change." }),
    body: UpdateChecklistItemBody,
    response: ChecklistItemSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  delete_checklist_item: {
    method: "delete",
    path: "/checklist/{item_id}",
    summary: "Delete a checklist item",
    description: `Removes the item; the others close ranks. Needs member. ${ROLE_NOTE}`,
    group: "checklist",
    params: pathParams({ item_id: "The checklist item to delete." }),
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },
});
