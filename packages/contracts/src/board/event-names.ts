// The live events' names, and which of them a project webhook can take. No dependencies, so the
// web app's pages can import them alone (`@org/contracts/event-names`).

/**
 * Every event board-api emits: to the `project:<id>` room of the project that changed, or (the
 * notification and invitation events) to the `user:<id>` room of the one person they are for.
 */
export const BOARD_EVENT_NAMES = [
  "card.created",
  "card.updated",
  "card.moved",
  "card.archived",
  "card.unarchived",
  "card.deleted",
  "card.restored",
  "card.claimed",
  "card.unclaimed",
  "card.decomposed",
  "card.handed_off",
  "card.blocker_added",
  "card.blocker_removed",
  "plan.published",
  "column.created",
  "column.updated",
  "column.deleted",
  "label.created",
  "label.updated",
  "label.deleted",
  "priority.created",
  "priority.updated",
  "priority.deleted",
  "comment.created",
  "comment.updated",
  "comment.deleted",
  "gate.criterion_created",
  "gate.criterion_updated",
  "gate.criterion_deleted",
  "gate.acked",
  "gate.ack_removed",
  "attention.changed",
  "finding.created",
  "notification.created",
  "invitation.created",
  "invitation.deleted",
] as const;
export type BoardEventName = (typeof BOARD_EVENT_NAMES)[number];

/** The events a webhook can take: those of a project's log (not the ones sent to one person). */
export const WEBHOOK_EVENT_TYPES: readonly BoardEventName[] = BOARD_EVENT_NAMES.filter(
  (name) => name !== "notification.created" && name !== "invitation.created" && name !== "invitation.deleted",
);
