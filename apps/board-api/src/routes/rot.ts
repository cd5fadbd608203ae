import type { Handlers } from "../http/operation.ts";
import { getRotReport } from "../services/rot.ts";
import { serviceContext, type RouteDeps } from "./deps.ts";

export const rotHandlers = (deps: RouteDeps): Pick<Handlers, "get_rot_report"> => ({
  get_rot_report: ({ actor, params, query }) =>
    getRotReport({ ...serviceContext(deps, actor), projectId: params.id, staleHours: query.stale_hours }),
});
