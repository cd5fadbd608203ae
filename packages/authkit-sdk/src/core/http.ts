import { AuthKitError, codeOfServerError, parseRetryAfter } from "./errors.ts";
import type { DebugLogger } from "./logger.ts";

export interface HttpSettings {
  apiBaseUrl: string;
  /** ms before the request is aborted (→ server_unreachable). */
  timeout: number;
  log: DebugLogger;
}

export interface RequestOptions {
  method?: "GET" | "POST" | "DELETE";
  /** Path under apiBaseUrl (`/auth/v1/…`), or an absolute URL (assertion-url, prfCallback). */
  path: string;
  body?: unknown;
  /** Sent as `Authorization: Bearer`; never logged. */
  token?: string | undefined;
  /** Cancels the request from outside (the caller's own abort). */
  signal?: AbortSignal | undefined;
}

/** The header this server's embed pages put on their requests: the tenant page that frames them. */
export const PARENT_ORIGIN_HEADER = "X-AuthKit-Parent-Origin";
let embedParentOrigin: string | undefined;

/**
 * Called by the embed pages (/auth-embed, /register-embed) with the origin of the page framing
 * them (their `?origin=`, which the server enforced with frame-ancestors): every request then
 * names it, and the server accepts a token only from a page of the token's own tenant.
 */
export function bindEmbedParent(origin: string | undefined): void {
  embedParentOrigin = origin;
}

interface ServerFailure {
  error_code?: unknown;
  error?: unknown;
}

/**
 * The one request function of the SDK: JSON in and out, cookies included (same-origin sessions),
 * the timeout enforced with an AbortController, failures turned into AuthKitError
 * (`server_unreachable` for network errors and timeouts, the server's `error_code` mapped, and
 * `retryAfter` from `Retry-After`).
 */
export async function request<T>(settings: HttpSettings, options: RequestOptions): Promise<T> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const url = /^https?:\/\//.test(options.path) ? options.path : `${settings.apiBaseUrl}${options.path}`;
  const label = `${method} ${url.replace(/\?.*$/, "")}`;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, settings.timeout);
  const abortFromCaller = () => controller.abort();
  options.signal?.addEventListener("abort", abortFromCaller, { once: true });

  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (embedParentOrigin) headers[PARENT_ORIGIN_HEADER] = embedParentOrigin;
  const started = Date.now();
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: "include",
      signal: controller.signal,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
  } catch (cause) {
    const message = timedOut
      ? `The server did not answer within ${settings.timeout} ms.`
      : options.signal?.aborted
        ? "The request was cancelled."
        : "The server could not be reached.";
    settings.log(`${label} failed: ${message}`);
    throw new AuthKitError("server_unreachable", message, { cause });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", abortFromCaller);
  }
  settings.log(`${label} → ${response.status} (${Date.now() - started} ms)`);

  const text = await response.text().catch(() => "");
  let payload: unknown;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }
  if (response.ok) {
    if (payload === undefined && text) {
      throw new AuthKitError("server_error", `${label} did not answer JSON.`, { status: response.status });
    }
    return payload as T;
  }
  const failure = (payload && typeof payload === "object" ? payload : {}) as ServerFailure;
  const serverCode = typeof failure.error_code === "string" ? failure.error_code : undefined;
  const code = codeOfServerError(serverCode, response.status);
  const retryAfter =
    code === "rate_limited" ? parseRetryAfter(response.headers.get("Retry-After")) : undefined;
  const message =
    typeof failure.error === "string" && failure.error
      ? failure.error
      : `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}.`;
  throw new AuthKitError(code, message, { serverCode, status: response.status, retryAfter });
}
