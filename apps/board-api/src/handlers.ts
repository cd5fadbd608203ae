import type { Handlers } from "./http/operation.ts";
import { attachmentHandlers } from "./routes/attachments.ts";
import { attentionHandlers } from "./routes/attention.ts";
import { cardHandlers } from "./routes/cards.ts";
import { checklistHandlers } from "./routes/checklist.ts";
import { claimHandlers } from "./routes/claims.ts";
import { columnHandlers } from "./routes/columns.ts";
import { commentHandlers } from "./routes/comments.ts";
import type { RouteDeps } from "./routes/deps.ts";
import { findingHandlers } from "./routes/findings.ts";
import { gateHandlers } from "./routes/gates.ts";
import { invitationHandlers } from "./routes/invitations.ts";
import { labelHandlers } from "./routes/labels.ts";
import { meHandlers } from "./routes/me.ts";
import { memberHandlers } from "./routes/members.ts";
import { notificationHandlers } from "./routes/notifications.ts";
import { planHandlers } from "./routes/plans.ts";
import { priorityHandlers } from "./routes/priorities.ts";
import { projectHandlers } from "./routes/projects.ts";
import { rotHandlers } from "./routes/rot.ts";
import { tokenHandlers } from "./routes/tokens.ts";

/**
 * Every JSON operation of the registry bound to its handler, keyed by operation name. Callable
 * without Express (the MCP tools use the same map).
 */
export function createHandlers(deps: RouteDeps): Handlers {
  return {
    ...meHandlers(deps),
    ...tokenHandlers(deps),
    ...notificationHandlers(deps),
    ...projectHandlers(deps),
    ...memberHandlers(deps),
    ...invitationHandlers(deps),
    ...columnHandlers(deps),
    ...cardHandlers(deps),
    ...commentHandlers(deps),
    ...checklistHandlers(deps),
    ...labelHandlers(deps),
    ...priorityHandlers(deps),
    ...attachmentHandlers(deps),
    ...claimHandlers(deps),
    ...planHandlers(deps),
    ...gateHandlers(deps),
    ...rotHandlers(deps),
    ...attentionHandlers(deps),
    ...findingHandlers(deps),
  };
}
