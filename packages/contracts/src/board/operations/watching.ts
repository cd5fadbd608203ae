// Watching a card: operations of the registry (see registry.ts). A watcher is notified (kind
// watched) when someone else changes the card.
import { pathParams } from "../schemas/common.ts";
import { CardWatchSchema } from "../schemas/notifications.ts";
import { defineOperations, READ, READ_ERRORS, ROLE_NOTE, UPDATE } from "./spec.ts";

const WATCHED =
  "A watcher gets a notification (kind watched; list_notifications) whenever someone else edits, moves, " +
  "archives, comments on or hands off the card, through any client; their own changes notify nobody.";

export const watchingOperations = defineOperations({
  get_card_watch: {
    method: "get",
    path: "/cards/{card_id}/watch",
    summary: "Whether you watch a card",
    description: `Whether the caller watches the card, and how many members do. ${ROLE_NOTE}`,
    group: "notifications",
    params: pathParams({ card_id: "The card (get_card, find_cards)." }),
    response: CardWatchSchema,
    status: 200,
    errors: READ_ERRORS,
    hints: READ,
  },
  watch_card: {
    method: "post",
    path: "/cards/{card_id}/watch",
    summary: "Watch a card",
    description: `Starts watching the card (watching it already changes nothing). ${WATCHED} Any member may, viewers too. ${ROLE_NOTE}`,
    group: "notifications",
    params: pathParams({ card_id: "The card to watch (get_card, find_cards)." }),
    response: CardWatchSchema,
    status: 200,
    errors: READ_ERRORS,
    hints: UPDATE,
  },
  unwatch_card: {
    method: "delete",
    path: "/cards/{card_id}/watch",
    summary: "Stop watching a card",
    description: `Stops watching the card (not watching it changes nothing). ${ROLE_NOTE}`,
    group: "notifications",
    params: pathParams({ card_id: "The card to stop watching." }),
    response: CardWatchSchema,
    status: 200,
    errors: READ_ERRORS,
    hints: UPDATE,
  },
});
