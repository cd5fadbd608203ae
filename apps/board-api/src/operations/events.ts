import { listEvents } from "../services/event-log.ts";
import type { Implementations } from "./types.ts";

export const eventImplementations = {
  wait_for_events: (ctx, { params, query }) =>
    listEvents({
      ...ctx,
      projectId: params.project_id,
      query: { after: query.after, limit: query.limit, wait: query.wait_seconds ?? query.wait ?? 0 },
    }),
} satisfies Partial<Implementations>;
