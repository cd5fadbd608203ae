// Findings: operations of the registry (see registry.ts).
import { listOf, ListQuery } from "../../pagination.ts";
import { pathParams } from "../schemas/common.ts";
import { CreateFindingBody, FindingSchema } from "../schemas/findings.ts";
import { CREATE, defineOperations, LIST_NOTE, READ, READ_ERRORS, ROLE_NOTE, WRITE_ERRORS } from "./spec.ts";

export const findingOperations = defineOperations({
  list_findings: {
    method: "get",
    path: "/cards/{card_id}/findings",
    summary: "List a card's findings",
    description: `Findings recorded on the card, newest first. ${LIST_NOTE}`,
    group: "findings",
    params: pathParams({ card_id: "The card whose findings to list." }),
    query: ListQuery,
    response: listOf(FindingSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  create_finding: {
    method: "post",
    path: "/cards/{card_id}/findings",
    summary: "Record a finding on a card",
    description:
      "Records a `kind` (bug, risk, question, note) finding with `title`, optional `body` and optional " +
      `\`severity\` (low, medium, high, critical; null when absent). Needs member. ${ROLE_NOTE}`,
    group: "findings",
    params: pathParams({ card_id: "The card to record the finding on." }),
    body: CreateFindingBody,
    response: FindingSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },
});
