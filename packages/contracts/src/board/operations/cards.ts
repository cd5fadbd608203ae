// Cards: operations of the registry (see registry.ts).
import { listOf } from "../../pagination.ts";
import {
  CardSchema,
  CreateCardBody,
  FindCardsQuery,
  MoveCardBody,
  MyCardsQuery,
  UpdateCardBody,
} from "../schemas/cards.ts";
import { pathParams } from "../schemas/common.ts";
import { CardWithPlanSchema } from "../schemas/plans.ts";
import {
  BASE,
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

export const cardOperations = defineOperations({
  create_card: {
    method: "post",
    path: "/columns/{column_id}/cards",
    summary: "Create a card",
    description:
      "Creates a card in the column (last, or at `position`) with `title`, any card fields, `label_ids` " +
      "and `checklist` items, all or nothing (a bad label id creates nothing). Numbers are per project, " +
      "never reused. assignee_id and shepherds: project members (list_members); priority_id: list_priorities. " +
      "`owner_type` defaults to human, which claim_next_card never offers: use agent for work an agent may " +
      "take. An assignee other than the caller gets an assigned notification; no @mention parsing or " +
      "activity. " +
      `Needs member. ${ROLE_NOTE}`,
    toolDescription:
      "Creates a card in the column (last, or at `position`) with `title`, any card fields, `label_ids` and `checklist`, all or nothing. `owner_type` defaults to human, which claim_next_card never offers: use agent for work an agent may take. assignee_id: a member (list_members), who is notified.",
    group: "cards",
    params: pathParams({ column_id: "The column to create the card in." }),
    body: CreateCardBody,
    response: CardSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },
  find_cards: {
    method: "get",
    path: "/projects/{project_id}/cards",
    summary: "Find cards",
    description:
      "The project's cards matching every filter given, in number order: by `number` (#7 → its card_id), " +
      `text \`q\`, column, label, assignee, priority, live claim (\`claimed_by\` one person, \`claimed\` anyone or no one), due (overdue, this week), owner_type. ${LIST_NOTE}`,
    group: "cards",
    params: pathParams({ project_id: "The project whose cards to search." }),
    query: FindCardsQuery,
    response: listOf(CardSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  list_my_cards: {
    method: "get",
    path: "/me/cards",
    summary: "Your cards",
    description:
      "Your work: unarchived cards outside done columns that you hold a live claim on (`claimed`), are assigned to " +
      `(\`assigned\`), or either (neither flag, or both), oldest first. ${LIST_NOTE}`,
    group: "cards",
    query: MyCardsQuery,
    response: listOf(CardSchema),
    status: 200,
    errors: [...BASE, "validation_failed"],
    hints: READ,
  },
  get_card: {
    method: "get",
    path: "/cards/{card_id}",
    summary: "Get a card",
    description:
      "One card by id (archived cards too), with `plan`: its latest published plan, or null. A card " +
      "number is not an id: find_cards with `number` gives its card_id.",
    group: "cards",
    params: pathParams({ card_id: "The card to read." }),
    response: CardWithPlanSchema,
    status: 200,
    errors: READ_ERRORS,
    hints: READ,
  },
  update_card: {
    method: "patch",
    path: "/cards/{card_id}",
    summary: "Update a card",
    description:
      "Changes any of title, body, assignee_id, due_at, priority_id, owner_type, shepherds, work_phase. " +
      "An empty string clears assignee_id, due_at, priority_id and work_phase; shepherds [] clears shepherds; " +
      'shepherds "" and title "" are validation_failed. assignee_id and shepherds must be project members ' +
      "(list_members), priority_id a priority of the same project (list_priorities). A new assignee other " +
      `than the caller gets an assigned notification. Needs member. ${ROLE_NOTE}`,
    toolDescription:
      "Changes any of title, body, assignee_id (a member, see list_members, who is notified), due_at, priority_id, owner_type, shepherds, work_phase. An empty string clears assignee_id, due_at, priority_id and work_phase; shepherds [] clears shepherds.",
    group: "cards",
    params: pathParams({ card_id: "The card to change." }),
    body: UpdateCardBody,
    response: CardSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  delete_card: {
    method: "delete",
    path: "/cards/{card_id}",
    summary: "Delete a card",
    description:
      "Moves the card to the project's trash (list_trash) with its comments, checklist and files: every other " +
      "read leaves it out, restore_card brings it back, and it is deleted for good after 30 days (or by " +
      "empty_trash). Only the card's creator or a project admin or owner may delete it (others get forbidden); " +
      "archive_card files a card away instead. Needs member.",
    group: "cards",
    params: pathParams({ card_id: "The card to move to the trash." }),
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },
  move_card: {
    method: "post",
    path: "/cards/{card_id}/move",
    summary: "Move a card",
    description:
      "Puts the card in `to_column_id` (same project, else validation_failed) at 0-based `position` among " +
      "its non-archived cards; no position, or one past the end, places it last; negative is " +
      "validation_failed. Positions in both columns stay dense. Into a done column: the card's claim is " +
      "released, and a parent whose children (made by decomposing it) are not all done (in a done column, or archived) " +
      "is conflict naming them, unless `force` is true. An archived card, or one that other " +
      `clients keep moving while this request waits, is conflict (retry the latter). Needs member. ${ROLE_NOTE}`,
    toolDescription:
      "Puts the card in `to_column_id` (same project) at 0-based `position` (absent or past the end: last). Into a done column the claim is released, and a parent whose children are not all done is conflict naming them, unless `force` is true. An archived card is conflict.",
    group: "cards",
    params: pathParams({ card_id: "The card to move." }),
    body: MoveCardBody,
    response: CardSchema,
    status: 200,
    errors: [...WRITE_ERRORS, "conflict"],
    hints: UPDATE,
  },
  archive_card: {
    method: "post",
    path: "/cards/{card_id}/archive",
    summary: "Archive a card",
    description: `Files the card away: it keeps its number, leaves the board listing and stays readable by id. Preferred over delete. Needs member. ${ROLE_NOTE}`,
    group: "cards",
    params: pathParams({ card_id: "The card to archive." }),
    response: CardSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  unarchive_card: {
    method: "post",
    path: "/cards/{card_id}/unarchive",
    summary: "Unarchive a card",
    description: `Brings an archived card back, last in its column. Needs member. ${ROLE_NOTE}`,
    group: "cards",
    params: pathParams({ card_id: "The archived card to bring back." }),
    response: CardSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
});
