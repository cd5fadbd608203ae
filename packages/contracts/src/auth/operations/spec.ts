// One operation of the auth server: what its routes, its OpenAPI document and its drift tests share.
import type { OperationContract } from "../../operation.ts";

/** "none": the operation also answers without credentials. */
export type Security =
  "apiKey" | "userToken" | "sessionToken" | "cookie" | "adminSession" | "qrSecret" | "phoneToken" | "none";

/** An operation of the auth server: the shared OperationContract, with its OpenAPI details. */
export interface AuthOperation extends OperationContract<Security> {
  /**
   * The OpenAPI operationId (camelCase, unique): what generated clients name the call, and the
   * operation's name in the server's implementations and the typed clients.
   */
  operationId: string;
  /**
   * What it does, for whom, and what it answers: the OpenAPI description (its first sentence is the
   * summary).
   */
  summary: string;
  /** A response that is not JSON (the audit log's CSV export): its media type. */
  responseType?: "text/csv";
  /** Failure codes this operation can answer, besides bad_request, rate_limited and server_error. */
  errors: readonly string[];
  /**
   * The scope a user token (`userToken` in `security`) must have: `manage` for passkey management;
   * absent, either scope (registration). The session cookie is not scoped.
   */
  scope?: "manage";
}

/**
 * The list as written, each operation's literal method and path kept in its type: the pages'
 * fetch clients are typed from them (`@org/web-kit/registry-paths`).
 */
export function defineAuthOperations<const T extends readonly AuthOperation[]>(operations: T): T {
  return operations;
}
