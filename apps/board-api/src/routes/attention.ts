import type { Handlers } from "../http/operation.ts";
import { clearAttention, listAttention, setAttention } from "../services/attention.ts";
import { serviceContext, type RouteDeps } from "./deps.ts";

export const attentionHandlers = (
  deps: RouteDeps,
): Pick<Handlers, "set_attention" | "clear_attention" | "list_attention"> => ({
  set_attention: ({ actor, params, body }) =>
    setAttention({
      ...serviceContext(deps, actor),
      cardId: params.id,
      note: body.note,
      ttlSeconds: body.ttl_seconds,
    }),
  clear_attention: ({ actor }) => clearAttention(serviceContext(deps, actor)),
  list_attention: ({ actor, params }) =>
    listAttention({ ...serviceContext(deps, actor), projectId: params.id }),
});
