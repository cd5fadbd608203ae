// Plans, decomposition and handoff: operations of the registry (see registry.ts).
import { CardSchema } from "../schemas/cards.ts";
import { pathParams } from "../schemas/common.ts";
import {
  DecomposeBody,
  DecomposeResultSchema,
  HandoffBody,
  PlanSchema,
  PublishPlanBody,
} from "../schemas/plans.ts";
import { CREATE, defineOperations, ROLE_NOTE, WRITE_ERRORS } from "./spec.ts";

export const planOperations = defineOperations({
  publish_plan: {
    method: "post",
    path: "/cards/{card_id}/plan",
    summary: "Publish a plan for a card",
    description:
      "Stores a new plan version (`summary`, ordered `steps`); versions count 1, 2, … per card and get_card " +
      "shows the latest as `plan`. `as_checklist: true` also appends every step to the card's checklist. " +
      `Needs member. ${ROLE_NOTE}`,
    group: "plans",
    params: pathParams({ card_id: "The card the plan is for." }),
    body: PublishPlanBody,
    response: PlanSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },
  decompose_card: {
    method: "post",
    path: "/cards/{card_id}/decompose",
    summary: "Split a card into child cards",
    description:
      "Creates 1..50 child cards in one transaction: each gets a new number, parent_id = the card, the " +
      "parent's column, and they are placed right after the parent in the given order. owner_type, " +
      "priority_id and label_ids default to the parent's; each child may bring a body and checklist items. " +
      "A parent moves into a done column only when its children are done (see move_card). The parent must not be archived (conflict). Returns the parent " +
      `and the children. Needs member. ${ROLE_NOTE}`,
    toolDescription:
      "Splits the card into 1..50 child cards (parent_id = the card), placed after it in its column in the given order. Children take owner_type, priority_id and label_ids from the parent unless given, and may bring a body and checklist. The parent enters a done column only when its children are done. Returns the parent and the children.",
    group: "plans",
    params: pathParams({ card_id: "The card to split." }),
    body: DecomposeBody,
    response: DecomposeResultSchema,
    status: 201,
    errors: [...WRITE_ERRORS, "conflict"],
    hints: CREATE,
  },
  handoff_card: {
    method: "post",
    path: "/cards/{card_id}/handoff",
    summary: "Hand a card on",
    description:
      "Releases the claim, sets assignee_id to `to_user_id` (a project member, see list_members; they get " +
      "a handoff notification, see list_notifications), and " +
      "owner_type and work_phase when given; the `note` is kept as a comment with kind handoff " +
      "(list_comments). Not idempotent: every call writes another handoff comment. A card claimed by " +
      "someone else with a live lease can only be handed off by its holder or an admin (forbidden). " +
      `Needs member. ${ROLE_NOTE}`,
    toolDescription:
      "Releases the claim, sets assignee_id to `to_user_id` (a member, see list_members, who is notified), and owner_type and work_phase when given; `note` is kept as a handoff comment (list_comments). Not idempotent. Someone else's live claim: only its holder or an admin (forbidden).",
    group: "plans",
    params: pathParams({ card_id: "The card to hand on." }),
    body: HandoffBody,
    response: CardSchema,
    status: 200,
    errors: WRITE_ERRORS,
    // Each call adds a handoff comment: not idempotent.
    hints: CREATE,
  },
});
