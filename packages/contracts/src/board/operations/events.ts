// The durable event feed: operations of the registry (see registry.ts).
import { pathParams } from "../schemas/common.ts";
import { EventPageSchema, EventsQuery } from "../schemas/events.ts";
import { defineOperations, READ, READ_ERRORS } from "./spec.ts";

export const eventOperations = defineOperations({
  wait_for_events: {
    method: "get",
    path: "/projects/{project_id}/events",
    summary: "Follow a project's events",
    description:
      "What happened in the project after seq `after`, oldest first, from its durable log: every change " +
      "the live socket.io events announce (card.created, card.moved, card.claimed, comment.created, …), " +
      "each with an increasing `seq` (a string). Absent `after`: from the oldest event kept. With `wait` " +
      "(or `wait_seconds`) 1..30 and nothing new yet, the call is held until something happens (on any " +
      "instance) or the time passes (then `data` is []). Pass `next_after` as `after` next time. Events " +
      "are kept 30 days: an `after` older than that is `gone`, naming the oldest seq available.",
    toolDescription:
      "The project's events after seq `after` (the last answer's `next_after`; absent: the oldest kept), oldest first: every change live clients hear of (card.created, card.moved, card.claimed, comment.created, …), each with its `seq`. With `wait` (or `wait_seconds`) 1..30 and nothing new, the call waits until something happens or the time passes (then `data` is []). Events are kept 30 days; an older `after` is gone.",
    group: "events",
    params: pathParams({ project_id: "The project to follow." }),
    query: EventsQuery,
    response: EventPageSchema,
    status: 200,
    errors: [...READ_ERRORS, "validation_failed", "gone"],
    hints: READ,
  },
});
