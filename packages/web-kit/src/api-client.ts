// The one fetch client of the apps' pages: same-origin with the session cookie, the session's CSRF
// token on every change, an error answer turned into ApiError, a 401 reported to the page (its
// session ended). Each API says how its error envelope reads, as the two servers' envelopes differ.
// Pages call operations by name through `createOperationClient` (operation-client.ts) on top of it.

/** A field the server named in a validation error. */
export interface ErrorDetail {
  path: string;
  message: string;
}

/** A failed call: the HTTP status (0 when the server could not be reached), code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

export interface ApiClientOptions {
  /** Prefix of every path: "/api/v1", "/admin/api". */
  base: string;
  /** The session's CSRF token, sent as X-CSRF-Token on every method but GET. */
  csrfToken: () => string | Promise<string>;
  /** The error an answer that is not ok stands for (`body` is its JSON, undefined when it has none). */
  readError: (status: number, body: unknown) => ApiError;
  /** The error when the request never got an answer (offline, server down). */
  unreachable: () => ApiError;
  /** Called on a 401, before its error is thrown: the session ended. */
  onUnauthorized?: () => void;
  /** Headers of every request (e.g. Accept). */
  headers?: Record<string, string>;
  /** Answers with no body to read besides 204 (e.g. 202 Accepted). */
  emptyStatuses?: number[];
}

export type Send = <T>(method: HttpMethod, path: string, body?: unknown) => Promise<T>;

/** A `send(method, path, body?)` for one API: JSON bodies, FormData as multipart. */
export function createApiClient(options: ApiClientOptions): Send {
  const empty = new Set([204, ...(options.emptyStatuses ?? [])]);
  return async function send<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { ...options.headers };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      payload = JSON.stringify(body);
    }
    if (method !== "GET") headers["X-CSRF-Token"] = await options.csrfToken();
    let response: Response;
    try {
      response = await fetch(`${options.base}${path}`, {
        method,
        headers,
        credentials: "same-origin",
        ...(payload !== undefined ? { body: payload } : {}),
      });
    } catch {
      throw options.unreachable();
    }
    if (response.status === 401) options.onUnauthorized?.();
    if (empty.has(response.status) && response.ok) return undefined as T;
    const json: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw options.readError(response.status, json);
    return json as T;
  };
}

/**
 * One path segment from an id: percent-encoded, and never a segment a URL parser resolves away.
 * encodeURIComponent keeps "." and "..", and fetch (like every browser) resolves
 * `/tenants/T/users/../disable` to `/tenants/T/disable`: Disable on a user whose id is ".." would
 * disable the tenant. No encoding survives that (`%2e%2e` is resolved too), so such an id is
 * refused here, before any request (the servers refuse it in paths as well).
 */
export function pathSegment(id: string): string {
  const segment = encodeURIComponent(id);
  if (/^(?:\.|%2e){1,2}$/i.test(segment)) {
    throw new ApiError(
      400,
      "validation_failed",
      `The id "${id}" cannot be sent in an address (browsers resolve "." and ".." to another path), so nothing was done.`,
    );
  }
  return segment;
}

/** `?a=1&b=2` from the parameters that have a value ("" when none has). */
export function queryString(params: Record<string, unknown>): "" | `?${string}` {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** A message for the person: the server's, with the fields it names. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return "Something went wrong. Try again.";
  if (!error.details.length) return error.message;
  return error.details
    .map((detail) => (detail.path ? `${detail.path}: ${detail.message}` : detail.message))
    .join(" · ");
}
