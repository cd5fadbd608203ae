import { createFinding, listFindings } from "../services/findings.ts";
import type { Implementations } from "./types.ts";

export const findingImplementations = {
  list_findings: (ctx, { params, query }) => listFindings({ ...ctx, cardId: params.card_id, query }),
  create_finding: (ctx, { params, body }) => createFinding({ ...ctx, cardId: params.card_id, input: body }),
} satisfies Partial<Implementations>;
