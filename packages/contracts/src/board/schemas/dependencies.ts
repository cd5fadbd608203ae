// Dependencies between cards: "#7 is blocked by #3". A card is ready when every blocker is done
// (in a done column) or archived.
import { queryInteger } from "../../query.ts";
import { z } from "../../zod.ts";
import { CardSchema } from "./cards.ts";
import { IdSchema, TimestampSchema } from "./common.ts";

export const BlockerBody = z
  .strictObject({
    blocker_id: IdSchema.openapi({
      description:
        "The card that must be done first (a card id of the same project, not its #number: find_cards with `number` gives it).",
    }),
  })
  .openapi("AddBlocker");

export const BlockerSchema = z
  .object({
    card_id: IdSchema.openapi({ description: "The card that waits." }),
    blocker_id: IdSchema.openapi({ description: "The card it waits for." }),
    created_at: TimestampSchema,
  })
  .openapi("Blocker");

/** A card on the other end of a dependency, as get_card and the blocker lists show it. */
export const CardRefSchema = z
  .object({
    id: IdSchema,
    number: z.number().int(),
    title: z.string(),
    done: z.boolean().openapi({
      description: "true when the card is in a done column or archived: it no longer holds anything back.",
    }),
  })
  .openapi("CardRef");
export type CardRef = z.infer<typeof CardRefSchema>;

export const CardRefListSchema = z
  .object({
    data: z.array(CardRefSchema),
    next_cursor: z.null().openapi({ description: "Always null: the whole list in one page." }),
  })
  .openapi("CardRefList");

/** Most cards one list_ready_cards call returns. */
export const READY_MAX = 200;

export const ReadyQuery = z.object({
  limit: queryInteger(z.number().int().min(1).max(READY_MAX))
    .default(20)
    .openapi({
      description: `How many of the first ready cards to list, 1..${READY_MAX} (default 20), base-10 digits.`,
    }),
});

export const ReadyCardsSchema = z
  .object({
    data: z.array(CardSchema),
    next_cursor: z
      .null()
      .openapi({ description: "Always null: raise `limit` to see further down the queue." }),
  })
  .openapi("ReadyCards");
