import { clearAttention, listAttention, setAttention } from "../services/attention.ts";
import type { Implementations } from "./types.ts";

export const attentionImplementations = {
  set_attention: (ctx, { params, body }) =>
    setAttention({
      ...ctx,
      cardId: params.card_id,
      note: body.note,
      ttlSeconds: body.ttl_seconds,
    }),
  clear_attention: (ctx) => clearAttention(ctx),
  list_attention: (ctx, { params }) => listAttention({ ...ctx, projectId: params.project_id }),
} satisfies Partial<Implementations>;
