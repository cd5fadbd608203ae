import { EmptyResult } from "@org/contracts";
import type { Handlers } from "../http/operation.ts";
import { claimCard, claimNextCard, unclaimCard, whyNothingToClaim } from "../services/claims.ts";
import { serviceContext, type RouteDeps } from "./deps.ts";

export const claimHandlers = (
  deps: RouteDeps,
): Pick<Handlers, "claim_card" | "unclaim_card" | "claim_next_card"> => ({
  claim_card: ({ actor, params, body }) =>
    claimCard({ ...serviceContext(deps, actor), cardId: params.id, leaseSeconds: body.lease_seconds }),
  unclaim_card: ({ actor, params }) => unclaimCard({ ...serviceContext(deps, actor), cardId: params.id }),
  claim_next_card: async ({ actor, params, body }) => {
    const ctx = { ...serviceContext(deps, actor), projectId: params.id };
    const card = await claimNextCard({ ...ctx, leaseSeconds: body.lease_seconds });
    return card ?? new EmptyResult(() => whyNothingToClaim(ctx));
  },
});
