import { getRotReport } from "../services/rot.ts";
import type { Implementations } from "./types.ts";

export const rotImplementations = {
  get_rot_report: (ctx, { params, query }) =>
    getRotReport({ ...ctx, projectId: params.project_id, staleHours: query.stale_hours }),
} satisfies Partial<Implementations>;
