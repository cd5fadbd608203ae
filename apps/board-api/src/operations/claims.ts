import { EmptyResult } from "@org/contracts";
import { claimCard, claimNextCard, unclaimCard, whyNothingToClaim } from "../services/claims.ts";
import type { Implementations } from "./types.ts";

export const claimImplementations = {
  claim_card: (ctx, { params, body }) =>
    claimCard({ ...ctx, cardId: params.card_id, leaseSeconds: body.lease_seconds }),
  unclaim_card: (ctx, { params }) => unclaimCard({ ...ctx, cardId: params.card_id }),
  claim_next_card: async (ctx, { params, body }) => {
    const project = { ...ctx, projectId: params.project_id };
    const card = await claimNextCard({ ...project, leaseSeconds: body.lease_seconds });
    return card ?? new EmptyResult(() => whyNothingToClaim(project));
  },
} satisfies Partial<Implementations>;
