// Dependencies between cards and the ready queue: operations of the registry (see registry.ts).
import { pathParams } from "../schemas/common.ts";
import {
  BlockerBody,
  BlockerSchema,
  CardRefListSchema,
  ReadyCardsSchema,
  ReadyQuery,
} from "../schemas/dependencies.ts";
import { DELETE, defineOperations, READ, READ_ERRORS, ROLE_NOTE, UPDATE, WRITE_ERRORS } from "./spec.ts";

export const READY_RULE =
  "A card is ready when every card blocking it is done (in a done column) or archived.";

export const dependencyOperations = defineOperations({
  add_blocker: {
    method: "post",
    path: "/cards/{card_id}/blockers",
    summary: "Say a card waits for another",
    description:
      "Records that the card is blocked by `blocker_id` (a card of the same project, else validation_failed). " +
      `${READY_RULE} claim_next_card never offers a card that is not ready, and list_ready_cards leaves it out. ` +
      "A link that would close a cycle is conflict naming the path (`#3 → #7 → #3`, each card blocked by the " +
      "next). Adding a link that exists returns it unchanged. get_card shows both sides (blocked_by, blocks). " +
      `Needs member. ${ROLE_NOTE}`,
    toolDescription:
      "Records that the card is blocked by `blocker_id` (same project) until that card is done or archived; claim_next_card and list_ready_cards skip it meanwhile. A link closing a cycle is conflict naming the path (#3 → #7 → #3); an existing one is returned unchanged. get_card shows blocked_by and blocks.",
    group: "dependencies",
    params: pathParams({ card_id: "The card that waits." }),
    body: BlockerBody,
    response: BlockerSchema,
    status: 201,
    errors: [...WRITE_ERRORS, "conflict"],
    hints: UPDATE,
  },
  remove_blocker: {
    method: "delete",
    path: "/cards/{card_id}/blockers/{blocker_id}",
    summary: "Remove a dependency",
    description:
      "The card no longer waits for `blocker_id`. Removing a link that does not exist does nothing and " +
      `succeeds. Needs member. ${ROLE_NOTE}`,
    group: "dependencies",
    params: pathParams({
      card_id: "The card that waits.",
      blocker_id: "The card it should no longer wait for.",
    }),
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },
  list_blockers: {
    method: "get",
    path: "/cards/{card_id}/blockers",
    summary: "What a card waits for",
    description: `The cards blocking this one, by number, each with \`done\`. ${READY_RULE}`,
    group: "dependencies",
    params: pathParams({ card_id: "The card whose blockers to list." }),
    response: CardRefListSchema,
    status: 200,
    errors: READ_ERRORS,
    hints: READ,
  },
  list_blocking: {
    method: "get",
    path: "/cards/{card_id}/blocking",
    summary: "What waits for a card",
    description: "The cards this one blocks (that wait for it), by number, each with `done`.",
    group: "dependencies",
    params: pathParams({ card_id: "The card whose dependents to list." }),
    response: CardRefListSchema,
    status: 200,
    errors: READ_ERRORS,
    hints: READ,
  },
  list_ready_cards: {
    method: "get",
    path: "/projects/{project_id}/ready",
    summary: "Preview what claim-next would offer",
    description:
      "The cards claim_next_card could give the caller now, in the order it would give them, without claiming " +
      "anything: owner_type agent, not archived, not in a done column, unassigned or assigned to the caller, " +
      `unclaimed (or its lease ran out), entry gate satisfied, and ready. ${READY_RULE} ` +
      "Another agent may claim one before you do: claim_card it (or claim_next_card) and take what you get.",
    toolDescription:
      "What claim_next_card would give you now, in its order, without claiming: agent cards, not archived or done, unassigned or yours, unclaimed, entry gate satisfied, every blocker done or archived. Another agent may take one first: claim_card it and take what you get.",
    group: "claims",
    params: pathParams({ project_id: "The project whose ready cards to list." }),
    query: ReadyQuery,
    response: ReadyCardsSchema,
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
});
