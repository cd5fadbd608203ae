// Entry gates: operations of the registry (see registry.ts).
import { listOf, ListQuery } from "../../pagination.ts";
import { pathParams } from "../schemas/common.ts";
import {
  CreateGateCriterionBody,
  GateAckBody,
  GateAckSchema,
  GateCriterionSchema,
  GateSchema,
  UpdateGateCriterionBody,
} from "../schemas/gates.ts";
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

export const gateOperations = defineOperations({
  get_card_gate: {
    method: "get",
    path: "/cards/{card_id}/gate",
    summary: "A card's entry gate",
    description:
      "The criteria that apply to the card (project-wide ones and those of its current column), each with " +
      "whether it is acked for this card. `satisfied` is true when every one is acked (or there are none); " +
      "claim_card refuses and claim_next_card skips a card whose gate is not satisfied.",
    group: "gates",
    params: pathParams({ card_id: "The card whose gate to read." }),
    response: GateSchema,
    status: 200,
    errors: READ_ERRORS,
    hints: READ,
  },
  ack_gate_criterion: {
    method: "post",
    path: "/cards/{card_id}/gate/acks",
    summary: "Acknowledge a gate criterion for a card",
    description:
      "Marks `criterion_id` (one that applies to the card, else validation_failed) as met for this card, " +
      `with an optional note; acking again replaces the note. Needs member. ${ROLE_NOTE}`,
    group: "gates",
    params: pathParams({ card_id: "The card the criterion is met for." }),
    body: GateAckBody,
    response: GateAckSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  remove_gate_ack: {
    method: "delete",
    path: "/cards/{card_id}/gate/acks/{criterion_id}",
    summary: "Withdraw a gate acknowledgement",
    description: `Removes the card's ack of the criterion (none: not_found). Needs member. ${ROLE_NOTE}`,
    group: "gates",
    params: pathParams({
      card_id: "The card whose acknowledgement to withdraw.",
      criterion_id: "The criterion whose acknowledgement to withdraw.",
    }),
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },
  list_gate_criteria: {
    method: "get",
    path: "/projects/{project_id}/gate-criteria",
    summary: "List gate criteria",
    description: `The project's entry-gate criteria, oldest first: column_id null applies to every card, otherwise to the cards of that column. ${LIST_NOTE}`,
    group: "gates",
    params: pathParams({ project_id: "The project whose criteria to list." }),
    query: ListQuery,
    response: listOf(GateCriterionSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  create_gate_criterion: {
    method: "post",
    path: "/projects/{project_id}/gate-criteria",
    summary: "Add a gate criterion",
    description:
      "Adds a criterion `text`, for every card (no column_id) or for the cards of `column_id` (a column of " +
      `the project, else validation_failed). Cards must ack it before they can be claimed. Needs admin. ${ROLE_NOTE}`,
    group: "gates",
    params: pathParams({ project_id: "The project to add the criterion to." }),
    body: CreateGateCriterionBody,
    response: GateCriterionSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },
  update_gate_criterion: {
    method: "patch",
    path: "/gate-criteria/{criterion_id}",
    summary: "Update a gate criterion",
    description: `Changes text and/or column_id (null: project-wide). Existing acks are kept. Needs admin. ${ROLE_NOTE}`,
    group: "gates",
    params: pathParams({ criterion_id: "The criterion to change." }),
    body: UpdateGateCriterionBody,
    response: GateCriterionSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  delete_gate_criterion: {
    method: "delete",
    path: "/gate-criteria/{criterion_id}",
    summary: "Delete a gate criterion",
    description: `Deletes the criterion and its acks. Needs admin. ${ROLE_NOTE}`,
    group: "gates",
    params: pathParams({ criterion_id: "The criterion to delete." }),
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },
});
