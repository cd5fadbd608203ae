import { z } from "../../zod.ts";
import { IdSchema, TimestampSchema } from "./common.ts";
import { queryInteger } from "../../query.ts";

// Live events (socket.io).

export { BOARD_EVENT_NAMES, type BoardEventName } from "../event-names.ts";
import type { BoardEventName } from "../event-names.ts";

/** The envelope of every live event: the socket.io event name is `type`. */
export interface BoardEvent {
  type: BoardEventName;
  project_id: string;
  /** The user whose request caused it; null: the server itself (a webhook it disabled). */
  actor_id: string | null;
  /** Sent to this user only (their `user:<id>` room), not to the project's room. */
  to_user_id?: string;
  at: string;
  data: Record<string, unknown>;
}

/** An event of a project's durable log (GET /projects/{project_id}/events, MCP wait_for_events). */
export const ProjectEventSchema = z
  .object({
    seq: z.string().openapi({
      description: "The event's place in its project's log: an increasing integer, as a string.",
      example: "42",
    }),
    type: z.string().openapi({ description: "The socket.io event name (card.created, card.moved, …)." }),
    project_id: IdSchema,
    actor_id: IdSchema.openapi({ description: "The user whose request caused it." }),
    at: TimestampSchema,
    data: z.record(z.string(), z.unknown()).openapi({ description: "As the socket.io event's data." }),
  })
  .openapi("ProjectEvent");
export type ProjectEvent = z.infer<typeof ProjectEventSchema>;

export const EventPageSchema = z
  .object({
    data: z.array(ProjectEventSchema),
    next_after: z.string().openapi({
      description: "Pass as `after` next time: the last event's seq (or, with none, the `after` used).",
    }),
  })
  .openapi("EventPage");

const waitSeconds = queryInteger(z.number().int().min(0).max(30));

export const EventsQuery = z.object({
  after: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,18})$/, "Expected a seq: base-10 digits.")
    .optional()
    .openapi({
      description:
        "Events after this seq (the previous answer's next_after). Absent: from the oldest event kept.",
    }),
  limit: queryInteger(z.number().int().min(1).max(200))
    .default(50)
    .openapi({ description: "1..200, default 50." }),
  wait: waitSeconds.optional().openapi({
    description: "Seconds (0..30, default 0) to hold the request when nothing happened after `after` yet.",
  }),
  wait_seconds: waitSeconds.optional().openapi({ description: "Same as wait (the MCP tool's name for it)." }),
});
