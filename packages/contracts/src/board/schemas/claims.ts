// Claims: an agent's lease on a card.
import { z } from "../../zod.ts";

/** Lease length of a claim, seconds. */
export const LEASE_SECONDS = { min: 60, max: 86_400, default: 7_200 } as const;

export const ClaimBody = z
  .strictObject({
    lease_seconds: z
      .number()
      .int()
      .min(LEASE_SECONDS.min)
      .max(LEASE_SECONDS.max)
      .default(LEASE_SECONDS.default)
      .openapi({
        description: "Lease length, 60..86400 seconds (default 7200). The claim lapses when it runs out.",
      }),
  })
  .openapi("Claim");
