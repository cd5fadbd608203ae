import type { Handlers } from "../http/operation.ts";
import { createFinding, listFindings } from "../services/findings.ts";
import { serviceContext, type RouteDeps } from "./deps.ts";

export const findingHandlers = (deps: RouteDeps): Pick<Handlers, "list_findings" | "create_finding"> => ({
  list_findings: ({ actor, params, query }) =>
    listFindings({ ...serviceContext(deps, actor), cardId: params.id, query }),
  create_finding: ({ actor, params, body }) =>
    createFinding({ ...serviceContext(deps, actor), cardId: params.id, input: body }),
});
