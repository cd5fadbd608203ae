// The transport-neutral operations layer: `invoke(operation, input, actor)` parses the input with
// the operation's schemas once, builds the service context once and runs the implementation. The
// HTTP routes (routes/api.ts) and the MCP tools (mcp/) are thin siblings over it.
import type { BoardOperation, BoardOperationName } from "@org/contracts";
import type { Db } from "@org/db";
import {
  AppError,
  assertStorableParams,
  NotFoundError,
  type Mailer,
  type WindowCounter,
} from "@org/service-kit";
import type { Actor } from "../services/context.ts";
import type { BoardEvents } from "../services/context.ts";
import type { FileStore } from "../services/file-store.ts";
import type { WebhookPolicy } from "../services/webhook-delivery.ts";
import { notFoundMessage } from "../services/not-found.ts";
import { activityImplementations } from "./activity.ts";
import { attachmentImplementations } from "./attachments.ts";
import { attentionImplementations } from "./attention.ts";
import { cardImplementations } from "./cards.ts";
import { checklistImplementations } from "./checklist.ts";
import { claimImplementations } from "./claims.ts";
import { columnImplementations } from "./columns.ts";
import { commentImplementations } from "./comments.ts";
import { dependencyImplementations } from "./dependencies.ts";
import { eventImplementations } from "./events.ts";
import { findingImplementations } from "./findings.ts";
import { gateImplementations } from "./gates.ts";
import { runOnce } from "./idempotency.ts";
import { parseInput } from "./input-errors.ts";
import { labelImplementations } from "./labels.ts";
import { meImplementations } from "./me.ts";
import { memberImplementations } from "./members.ts";
import { notificationImplementations } from "./notifications.ts";
import { planImplementations } from "./plans.ts";
import { priorityImplementations } from "./priorities.ts";
import { projectImplementations } from "./projects.ts";
import { rotImplementations } from "./rot.ts";
import { tokenImplementations } from "./tokens.ts";
import { trashImplementations } from "./trash.ts";
import { webhookImplementations } from "./webhooks.ts";
import type { Implementation, Implementations, OperationContext } from "./types.ts";

export { checkIdempotencyKey, Replayed } from "./idempotency.ts";
export type { CustomOperationName, OperationContext } from "./types.ts";

/** What the operations need besides the caller. */
export interface OperationDeps {
  db: Db;
  files: FileStore;
  /** Live events (socket.io); absent: none are sent. */
  events?: BoardEvents | undefined;
  /** Outgoing mail; absent: none is sent and no address is ever verified. */
  mailer?: Mailer | undefined;
  /** PUBLIC_URL: where the links the board hands out point. */
  publicUrl: string;
  /** Where webhook receivers may be (WEBHOOK_ALLOW_PRIVATE, NODE_ENV); default: https, public only. */
  webhookPolicy?: WebhookPolicy | undefined;
  /** CARD_SEARCH_TIMEOUT_MS; absent: 1000 ms. */
  cardSearchTimeoutMs?: number | undefined;
  /** ATTACHMENT_QUOTA_PROJECT_BYTES and ATTACHMENT_QUOTA_USER_BYTES; absent: unlimited. */
  attachmentQuota?: { projectBytes: number; userBytes: number } | undefined;
  /** Invitations of strangers per inviter (INVITES_TO_STRANGERS_PER_HOUR); absent: unlimited. */
  strangerInvites?: WindowCounter | undefined;
}

/** The input of a call before parsing: path parameters, query and body as the transport has them. */
export interface RawInput {
  params?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
}

/** How a call is made besides its input. */
export interface InvokeOptions {
  /**
   * The client's idempotency key for a write (see idempotency.ts), already checked with
   * checkIdempotencyKey, and the field it came in (for error details).
   */
  idempotency?: { key: string; field: string } | undefined;
}

export interface Operations {
  /**
   * Runs a JSON operation of the registry as `actor`; throws the API's AppErrors. With an
   * idempotency key, a repeated request answers `Replayed` (the first answer) without acting.
   */
  invoke(op: BoardOperation, input: RawInput, actor: Actor, options?: InvokeOptions): Promise<unknown>;
  /** The context of a call as `actor` (for the byte-level HTTP routes). */
  context(actor: Actor): OperationContext;
}

const implementations: Implementations = {
  ...meImplementations,
  ...tokenImplementations,
  ...notificationImplementations,
  ...projectImplementations,
  ...memberImplementations,
  ...columnImplementations,
  ...cardImplementations,
  ...trashImplementations,
  ...commentImplementations,
  ...checklistImplementations,
  ...labelImplementations,
  ...priorityImplementations,
  ...attachmentImplementations,
  ...claimImplementations,
  ...dependencyImplementations,
  ...planImplementations,
  ...gateImplementations,
  ...rotImplementations,
  ...attentionImplementations,
  ...findingImplementations,
  ...activityImplementations,
  ...eventImplementations,
  ...webhookImplementations,
};
const byName = implementations as unknown as Record<string, Implementation<never> | undefined>;

/**
 * Path ids that are not ids (a card number, garbage) name nothing: not_found (never a 500),
 * whether they come from an HTTP path or an MCP tool's input, saying which operation gives such
 * ids. Only text PostgreSQL cannot store is refused first, as everywhere, with validation_failed.
 */
export function parseParams(op: BoardOperation, params: unknown): unknown {
  if (!op.params) return undefined;
  assertStorableParams(params as Record<string, string>);
  const result = op.params.safeParse(params);
  if (!result.success) {
    const idName = result.error.issues[0]?.path[0];
    throw new NotFoundError(notFoundMessage(String(idName), true, op.name as BoardOperationName));
  }
  return result.data;
}

export function createOperations(deps: OperationDeps): Operations {
  const context = (actor: Actor): OperationContext => ({
    db: deps.db,
    files: deps.files,
    events: deps.events,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    strangerInvites: deps.strangerInvites,
    attachmentQuota: deps.attachmentQuota,
    cardSearchTimeoutMs: deps.cardSearchTimeoutMs,
    webhookPolicy: deps.webhookPolicy ?? { protocols: ["https:"], allowPrivateAddresses: false },
    actor,
  });
  return {
    context,
    async invoke(op, raw, actor, options) {
      const implementation = byName[op.name];
      if (!implementation) throw new AppError("internal", `No implementation for ${op.name}.`);
      const input = {
        params: parseParams(op, raw.params),
        query: op.query ? parseInput(op.query, raw.query ?? {}) : undefined,
        body: op.body ? parseInput(op.body, raw.body ?? {}) : undefined,
      } as Parameters<Implementation<never>>[1];
      const idempotency = op.method === "get" ? undefined : options?.idempotency;
      if (!idempotency) return implementation(context(actor), input);
      return runOnce(deps.db, { actor, ...idempotency, op, input }, () =>
        implementation(context(actor), input),
      );
    },
  };
}
