// Claims: operations of the registry (see registry.ts).
import { CardSchema } from "../schemas/cards.ts";
import { ClaimBody } from "../schemas/claims.ts";
import { pathParams } from "../schemas/common.ts";
import { CREATE, defineOperations, ROLE_NOTE, UPDATE, WRITE_ERRORS } from "./spec.ts";

export const claimOperations = defineOperations({
  claim_card: {
    method: "post",
    path: "/cards/{card_id}/claim",
    summary: "Claim a card (or renew your claim)",
    description:
      "Takes the card for the caller as a lease of `lease_seconds` (60..86400, default 7200): the card gets " +
      "claimed_by = caller, claimed_at and claim_expires_at. Calling it again as the holder renews the lease " +
      "(heartbeat; claimed_at is kept). A lease that ran out counts as unclaimed everywhere, so anyone may " +
      "claim the card then. Claimed by someone else with a live lease: conflict. The card's entry gate " +
      "not satisfied (see get_card_gate): conflict. Archived: conflict. Any owner_type can be claimed. " +
      `Needs member. ${ROLE_NOTE}`,
    toolDescription:
      "Takes the card for you as a lease of `lease_seconds` (60..86400, default 7200); calling again as the holder renews it (heartbeat). A lease that ran out counts as unclaimed. Conflict: someone else's live lease, an entry gate not satisfied (get_card_gate), an archived card.",
    group: "claims",
    params: pathParams({ card_id: "The card to claim (or whose claim to renew)." }),
    body: ClaimBody,
    response: CardSchema,
    status: 200,
    errors: [...WRITE_ERRORS, "conflict"],
    hints: UPDATE,
  },
  unclaim_card: {
    method: "delete",
    path: "/cards/{card_id}/claim",
    summary: "Release a claim",
    description:
      "Clears claimed_by, claimed_at and claim_expires_at and returns the card. Only the holder or an " +
      "admin/owner may release a live claim (else forbidden); a card that is unclaimed or whose lease ran " +
      `out is simply returned unclaimed. Needs member. ${ROLE_NOTE}`,
    group: "claims",
    params: pathParams({ card_id: "The card whose claim to release." }),
    response: CardSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  claim_next_card: {
    method: "post",
    path: "/projects/{project_id}/claim-next",
    summary: "Claim the next eligible agent card",
    description:
      "Atomically claims the most urgent eligible card of the project for the caller (lease as in claim_card) " +
      "and returns it. When no card is eligible it claims nothing and answers empty, with the reason why " +
      "(no agent cards, assigned to others, all claimed, waiting for their entry gate, or blocked by open cards). " +
      "Eligible: owner_type agent (human cards are never offered), " +
      "not archived, not in a done column, unassigned or assigned to the caller, unclaimed (or its lease ran " +
      "out), entry gate satisfied, ready (every blocker, see add_blocker, done or archived). " +
      "list_ready_cards previews the same queue without claiming. Order: priority rung (most urgent first, cards without a priority last), then " +
      `column position, then card position. Concurrent callers never get the same card. Needs member. ${ROLE_NOTE}`,
    toolDescription:
      "Claims the most urgent eligible card of the project for you (lease as in claim_card) and returns it; when none is, nothing is claimed and the reason says why. Eligible: owner_type agent, not archived, not in a done column, unassigned or yours, unclaimed (or the lease ran out), entry gate satisfied, every blocker (add_blocker) done or archived. Order: priority (none last), column, card position. list_ready_cards previews it. Concurrent callers never get the same card.",
    group: "claims",
    params: pathParams({ project_id: "The project to claim the next card of." }),
    body: ClaimBody,
    response: CardSchema,
    status: 200,
    emptyStatus: 204,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },
});
