import { AuthKitError, codeOfServerError, parseRetryAfter } from "./errors.ts";
import type { DebugLogger } from "./logger.ts";

/** The header that names an embed's framing page (see AuthKitConfig.embedOrigin). */
export const EMBED_ORIGIN_HEADER = "X-AuthKit-Embed-Origin";

export interface HttpSettings {
  apiBaseUrl: string;
  /** Sent as EMBED_ORIGIN_HEADER on requests to the auth server. */
  embedOrigin?: string | undefined;
  /** ms before the request is aborted (→ server_unreachable). */
  timeout: number;
  log: DebugLogger;
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  /** Path under apiBaseUrl (`/auth/v1/…`), or an absolute URL (assertion-url, prfCallback). */
  path: string;
  body?: unknown;
  /** Sent as `Authorization: Bearer`; never logged. */
  token?: string | undefined;
  /** Cancels the request from outside (the caller's own abort). */
  signal?: AbortSignal | undefined;
}

interface ServerFailure {
  error_code?: unknown;
  error?: unknown;
}

/** How long each probe after a network error may take. */
const PROBE_TIMEOUT_MS = 3_000;

const probe = (url: string, init: RequestInit, timeout: number) =>
  fetch(url, {
    cache: "no-store",
    signal: AbortSignal.timeout(Math.min(timeout, PROBE_TIMEOUT_MS)),
    ...init,
  }).then(
    () => true,
    () => false,
  );

/**
 * After a network error on a request to the auth server from another origin, tells a CORS
 * refusal (this page's origin is no tenant's: a setup to fix, said at once) from a server that is
 * down or a connection that broke. Two small requests: a CORS one that needs no preflight (it
 * succeeds when the server allows this origin: then the first failure was the network), and a
 * `no-cors` one (it succeeds whenever the server answers). Returns the configuration message, or
 * undefined.
 */
async function blockedByCors(settings: HttpSettings, url: string): Promise<string | undefined> {
  if (typeof location === "undefined" || !url.startsWith(`${settings.apiBaseUrl}/`)) return undefined;
  const server = new URL(settings.apiBaseUrl).origin;
  if (server === location.origin) return undefined;
  const base = settings.apiBaseUrl;
  if (await probe(`${base}/auth/v1/session-token`, { credentials: "omit" }, settings.timeout))
    return undefined;
  // The SDK's own script: any origin may load it (a JSON answer would be withheld by the browser's
  // opaque-response blocking and look like a failure).
  if (!(await probe(`${base}/sdk/authkit.js`, { method: "HEAD", mode: "no-cors" }, settings.timeout))) {
    return undefined;
  }
  return `The auth server at ${server} answered, but not to this page: ${location.origin} is not an allowed origin of the tenant. Add it to the tenant's origins (cli tenant update <id> --add-origin ${location.origin}).`;
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
  if (settings.embedOrigin && url.startsWith(`${settings.apiBaseUrl}/`)) {
    headers[EMBED_ORIGIN_HEADER] = settings.embedOrigin;
  }
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
    const blocked = !timedOut && !options.signal?.aborted && (await blockedByCors(settings, url));
    if (blocked) {
      settings.log(`${label} failed: ${blocked}`);
      throw new AuthKitError("configuration_error", blocked, { cause });
    }
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
  // The auth server answers {error, error_code}; a site's own URL (assertion-url, session-token-url)
  // may answer the common {error: {code, message}} envelope instead (the board does).
  const nested =
    failure.error && typeof failure.error === "object"
      ? (failure.error as { code?: unknown; message?: unknown })
      : undefined;
  const serverCode =
    typeof failure.error_code === "string"
      ? failure.error_code
      : typeof nested?.code === "string"
        ? nested.code
        : undefined;
  const code = codeOfServerError(serverCode, response.status);
  const retryAfter =
    code === "rate_limited" || response.status === 503
      ? parseRetryAfter(response.headers.get("Retry-After"))
      : undefined;
  const message =
    typeof failure.error === "string" && failure.error
      ? failure.error
      : typeof nested?.message === "string" && nested.message
        ? nested.message
        : `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}.`;
  throw new AuthKitError(code, message, { serverCode, status: response.status, retryAfter });
}
