// The shape of the operations layer: one implementation per JSON operation of the registry, called
// with the service context and the parsed input, whatever the transport (HTTP or MCP).
import type {
  BoardOperationName,
  BoardOperations,
  OperationBody,
  OperationParams,
  OperationQuery,
  OperationResult,
} from "@org/contracts";
import type { Mailer } from "@org/service-kit";
import type { ServiceContext } from "../services/context.ts";
import type { WebhookPolicy } from "../services/webhook-delivery.ts";

/** What an implementation gets besides its input: the service context and the service's settings. */
export interface OperationContext extends ServiceContext {
  /** Outgoing mail; absent: none is sent and no address is ever verified. */
  mailer?: Mailer | undefined;
  /** PUBLIC_URL: where the links the board hands out point. */
  publicUrl: string;
  /** Where webhook receivers may be. */
  webhookPolicy: WebhookPolicy;
}

/** Operations with bytes instead of JSON on one side: HTTP only (see routes/attachments.ts). */
export type CustomOperationName = {
  [N in BoardOperationName]: BoardOperations[N] extends { multipart: true } | { binaryResponse: true }
    ? N
    : never;
}[BoardOperationName];
export type JsonOperationName = Exclude<BoardOperationName, CustomOperationName>;

/** An operation's input, parsed with its schemas. */
export interface OperationInput<N extends BoardOperationName> {
  params: OperationParams<N>;
  query: OperationQuery<N>;
  body: OperationBody<N>;
}

export type Implementation<N extends BoardOperationName> = (
  ctx: OperationContext,
  input: OperationInput<N>,
) => Promise<OperationResult<N>>;

/** One implementation per JSON operation, keyed by operation name. */
export type Implementations = { [N in JsonOperationName]: Implementation<N> };
