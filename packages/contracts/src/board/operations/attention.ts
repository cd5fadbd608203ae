// Attention: operations of the registry (see registry.ts).
import { listOf } from "../../pagination.ts";
import { AttentionSchema, SetAttentionBody } from "../schemas/attention.ts";
import { pathParams } from "../schemas/common.ts";
import {
  BASE,
  defineOperations,
  DELETE,
  READ,
  READ_ERRORS,
  ROLE_NOTE,
  UPDATE,
  WRITE_ERRORS,
} from "./spec.ts";

export const attentionOperations = defineOperations({
  set_attention: {
    method: "post",
    path: "/cards/{card_id}/attention",
    summary: "Say you are looking at a card",
    description:
      "Sets the caller's live attention record on the card with an optional `note` for `ttl_seconds` " +
      "(10..3600, default 300). A user has at most one record: a new one replaces the old (on any card). " +
      `Expired records are never listed. Needs member. ${ROLE_NOTE}`,
    toolDescription:
      "Says you are looking at the card, with an optional `note`, for `ttl_seconds` (10..3600, default 300); it replaces your previous record (on any card).",
    group: "attention",
    params: pathParams({ card_id: "The card you are looking at." }),
    body: SetAttentionBody,
    response: AttentionSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  clear_attention: {
    method: "delete",
    path: "/attention",
    summary: "Clear your attention record",
    description: "Removes the caller's attention record, if any.",
    group: "attention",
    status: 204,
    errors: BASE,
    hints: DELETE,
  },
  list_attention: {
    method: "get",
    path: "/projects/{project_id}/attention",
    summary: "Who is looking at what",
    description: "Live (unexpired) attention records on the project's cards, oldest first (not paginated).",
    group: "attention",
    params: pathParams({ project_id: "The project whose attention records to list." }),
    response: listOf(AttentionSchema),
    status: 200,
    errors: READ_ERRORS,
    hints: READ,
  },
});
