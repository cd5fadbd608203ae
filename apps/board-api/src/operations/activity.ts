import { listCardActivity } from "../services/activity.ts";
import type { Implementations } from "./types.ts";

export const activityImplementations = {
  list_card_activity: (ctx, { params, query }) => listCardActivity({ ...ctx, cardId: params.card_id, query }),
} satisfies Partial<Implementations>;
