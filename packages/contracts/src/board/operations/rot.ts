// Stale-work report: operations of the registry (see registry.ts).
import { listOf } from "../../pagination.ts";
import { pathParams } from "../schemas/common.ts";
import { RotEntrySchema, RotQuery } from "../schemas/rot.ts";
import { defineOperations, READ, READ_ERRORS } from "./spec.ts";

export const rotOperations = defineOperations({
  get_rot_report: {
    method: "get",
    path: "/projects/{project_id}/rot",
    summary: "Stale-work report",
    description:
      "Non-archived cards outside done columns with at least one reason, most idle first (not paginated; next_cursor is null). " +
      "Last activity is the latest of the card's updated_at, claimed_at and its newest comment, plan, " +
      "finding or gate ack; idle_hours is the time since then. Reasons: claimed_idle (live claim, idle ≥ " +
      "stale_hours), claim_expired (the lease ran out), no_activity (not claimed, idle ≥ stale_hours), " +
      "overdue (due_at passed). stale_hours: whole hours in base-10 digits, 1..8760, default 72.",
    toolDescription:
      "Stale work, most idle first: open cards (not archived, not in a done column) with a reason: claimed_idle (live claim idle ≥ stale_hours, default 72), claim_expired, no_activity (unclaimed, idle ≥ stale_hours), overdue. idle_hours counts from the latest update, claim, comment, plan, finding or gate ack.",
    group: "rot",
    params: pathParams({ project_id: "The project to report on." }),
    query: RotQuery,
    response: listOf(RotEntrySchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
});
