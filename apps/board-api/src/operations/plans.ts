import { decomposeCard, handoffCard, publishPlan } from "../services/plans.ts";
import type { Implementations } from "./types.ts";

export const planImplementations = {
  publish_plan: (ctx, { params, body }) => publishPlan({ ...ctx, cardId: params.card_id, input: body }),
  decompose_card: (ctx, { params, body }) => decomposeCard({ ...ctx, cardId: params.card_id, input: body }),
  handoff_card: (ctx, { params, body }) => handoffCard({ ...ctx, cardId: params.card_id, input: body }),
} satisfies Partial<Implementations>;
