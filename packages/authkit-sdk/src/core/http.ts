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

/** How long the reachability probe after a network error may take. */
const PROBE_TIMEOUT_MS = 3_000;

/**
 * After a network error on a request to the auth server from another origin: is the server up?
 * A `no-cors` request needs no permission from the server, so it succeeds whenever the server
 * answers. Then the browser withheld the first answer because the server does not allow this
 * page's origin (CORS): a setup to fix, said at once, rather than "unreachable". Returns that
 * message, or undefined (the server is down, or the request was not to it).
 */
async function blockedByCors(settings: HttpSettings, url: string): Promise<string | undefined> {
  if (typeof location === "undefined" || !url.startsWith(`${settings.apiBaseUrl}/`)) return undefined;
  const server = new URL(settings.apiBaseUrl).origin;
  if (server === location.origin) return undefined;
  try {
    await fetch(`${settings.apiBaseUrl}/healthz`, {
      mode: "no-cors",
      cache: "no-store",
      signal: AbortSignal.timeout(Math.min(settings.timeout, PROBE_TIMEOUT_MS)),
    });
  } catch {
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
