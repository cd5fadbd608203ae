// The one registry of board API operations, assembled from one file per resource (operations/).
// The HTTP routes, the OpenAPI document, the MCP tools and /llms.txt are all generated from it;
// its order is the order of the OpenAPI document, /llms.txt and tools/list.
import type { z } from "../zod.ts";
import { activityOperations } from "./operations/activity.ts";
import { attachmentOperations } from "./operations/attachments.ts";
import { attentionOperations } from "./operations/attention.ts";
import { cardOperations } from "./operations/cards.ts";
import { checklistOperations } from "./operations/checklist.ts";
import { claimOperations } from "./operations/claims.ts";
import { columnOperations } from "./operations/columns.ts";
import { dependencyOperations } from "./operations/dependencies.ts";
import { commentOperations } from "./operations/comments.ts";
import { eventOperations } from "./operations/events.ts";
import { findingOperations } from "./operations/findings.ts";
import { gateOperations } from "./operations/gates.ts";
import { invitationOperations } from "./operations/invitations.ts";
import { labelOperations } from "./operations/labels.ts";
import { meOperations } from "./operations/me.ts";
import { memberOperations } from "./operations/members.ts";
import { notificationOperations } from "./operations/notifications.ts";
import { planOperations } from "./operations/plans.ts";
import { priorityOperations } from "./operations/priorities.ts";
import { projectOperations } from "./operations/projects.ts";
import { rotOperations } from "./operations/rot.ts";
import type { BoardOperation, EmptyResult } from "./operations/spec.ts";
import { tokenOperations } from "./operations/tokens.ts";
import { trashOperations } from "./operations/trash.ts";
import { watchingOperations } from "./operations/watching.ts";
import { webhookOperations } from "./operations/webhooks.ts";

export const boardOperations = {
  ...meOperations,
  ...tokenOperations,
  ...notificationOperations,
  ...watchingOperations,
  ...projectOperations,
  ...memberOperations,
  ...invitationOperations,
  ...columnOperations,
  ...cardOperations,
  ...trashOperations,
  ...commentOperations,
  ...checklistOperations,
  ...labelOperations,
  ...priorityOperations,
  ...attachmentOperations,
  ...claimOperations,
  ...dependencyOperations,
  ...planOperations,
  ...gateOperations,
  ...rotOperations,
  ...attentionOperations,
  ...findingOperations,
  ...activityOperations,
  ...eventOperations,
  ...webhookOperations,
};

export type BoardOperations = typeof boardOperations;
export type BoardOperationName = keyof BoardOperations;

/** Every operation, in declaration order. */
export const boardOperationList: BoardOperation[] = Object.values(boardOperations);

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
type Field<N extends BoardOperationName, K extends string> = BoardOperations[N] extends { [P in K]: infer S }
  ? Infer<S>
  : undefined;
export type OperationParams<N extends BoardOperationName> = Field<N, "params">;
export type OperationQuery<N extends BoardOperationName> = Field<N, "query">;
export type OperationBody<N extends BoardOperationName> = Field<N, "body">;
/**
 * What a handler returns: the response schema's input (timestamps as ISO strings), or nothing for
 * 204; an EmptyResult too for operations with `emptyStatus`.
 */
export type OperationResult<N extends BoardOperationName> = BoardOperations[N] extends { response: infer R }
  ? R extends z.ZodType
    ? BoardOperations[N] extends { emptyStatus: number }
      ? z.input<R> | EmptyResult
      : z.input<R>
    : void
  : void;
