// Live events (socket.io).

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
  "card.claimed",
  "card.unclaimed",
  "card.decomposed",
  "card.handed_off",
  "plan.published",
  "column.created",
  "column.updated",
  "column.deleted",
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

/** The envelope of every live event: the socket.io event name is `type`. */
export interface BoardEvent {
  type: BoardEventName;
  project_id: string;
  /** The user whose request caused it. */
  actor_id: string;
  /** Sent to this user only (their `user:<id>` room), not to the project's room. */
  to_user_id?: string;
  at: string;
  data: Record<string, unknown>;
}
