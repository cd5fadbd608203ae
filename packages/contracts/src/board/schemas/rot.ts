// The stale-work (rot) report.
import { queryInteger } from "../../query.ts";
import { z } from "../../zod.ts";
import { CardSchema } from "./cards.ts";

export const RotReasonSchema = z
  .enum(["claimed_idle", "claim_expired", "no_activity", "overdue"])
  .openapi("RotReason", {
    description:
      "claimed_idle: live claim, idle ≥ stale_hours; claim_expired: the claim's lease ran out; " +
      "no_activity: not claimed, idle ≥ stale_hours; overdue: due_at has passed.",
  });
export const RotQuery = z.object({
  stale_hours: queryInteger(
    z
      .number()
      .int()
      .min(1)
      .max(24 * 365),
  )
    .default(72)
    .openapi({ description: "Whole idle hours after which a card counts as stale, 1..8760 (default 72)." }),
});
export const RotEntrySchema = z
  .object({
    card: CardSchema,
    reasons: z.array(RotReasonSchema),
    idle_hours: z.number().openapi({ description: "Hours since the card's last activity (2 decimals)." }),
  })
  .openapi("RotEntry");
