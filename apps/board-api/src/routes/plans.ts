import type { Handlers } from "../http/operation.ts";
import { decomposeCard, handoffCard, publishPlan } from "../services/plans.ts";
import { serviceContext, type RouteDeps } from "./deps.ts";

export const planHandlers = (
  deps: RouteDeps,
): Pick<Handlers, "publish_plan" | "decompose_card" | "handoff_card"> => ({
  publish_plan: ({ actor, params, body }) =>
    publishPlan({ ...serviceContext(deps, actor), cardId: params.id, input: body }),
  decompose_card: ({ actor, params, body }) =>
    decomposeCard({ ...serviceContext(deps, actor), cardId: params.id, input: body }),
  handoff_card: ({ actor, params, body }) =>
    handoffCard({ ...serviceContext(deps, actor), cardId: params.id, input: body }),
});
