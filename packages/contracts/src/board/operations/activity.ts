// Card activity: operations of the registry (see registry.ts).
import { listOf, ListQuery } from "../../pagination.ts";
import { CardActivitySchema } from "../schemas/activity.ts";
import { pathParams } from "../schemas/common.ts";
import { defineOperations, LIST_NOTE, READ, READ_ERRORS } from "./spec.ts";

export const activityOperations = defineOperations({
  list_card_activity: {
    method: "get",
    path: "/cards/{card_id}/activity",
    summary: "A card's activity",
    description:
      "What happened to the card in the web app, newest first: created, edited (which fields, from and " +
      "to), moved, archived, commented, claimed, handed off, … with who (`actor_id`) and when. Changes " +
      `made through the API or MCP write none. ${LIST_NOTE}`,
    group: "activity",
    params: pathParams({ card_id: "The card whose activity to list." }),
    query: ListQuery,
    response: listOf(CardActivitySchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
});
