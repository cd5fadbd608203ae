import type { AuthKit } from "../../core/authkit.ts";
import { AuthKitError, toAuthKitError } from "../../core/errors.ts";

/** The attributes naming one of the site's own token URLs. */
export type TokenUrlAttribute = "session-token-url" | "assertion-url";

/**
 * A token from one of the site's own URLs: `GET <url>` with the page's cookies, answering
 * `{ <field> }` (`{ token }` for `session-token-url`, `{ userToken }` for `assertion-url`).
 *
 * Its failures say whose fault they are:
 * - the URL answers 429: `rate_limited` with `retryAfter` (its `Retry-After`);
 * - the URL fails with a 5xx or no answer at all: the site's server usually failed because the auth
 *   server did, so the auth server is asked once itself (from this page, as the iframe would):
 *   down, or its database away (503) → `server_unreachable` with `retryAfter`, as in the iframe;
 * - anything else (a 404 typo, a signed-out page's 401, a wrong API key's 500, no token in the
 *   answer): `token_url_failed` with `detail: { attribute, status }`.
 * Every error of a token URL carries that `detail`.
 */
export async function fetchFromTokenUrl(
  auth: AuthKit,
  attribute: TokenUrlAttribute,
  url: string,
  field: "token" | "userToken",
): Promise<string> {
  let answer: Record<string, unknown> | undefined;
  try {
    answer = await auth.request<Record<string, unknown> | undefined>({
      path: new URL(url, location.href).href,
      token: null,
    });
  } catch (thrown) {
    throw await tokenUrlFailure(auth, attribute, url, toAuthKitError(thrown));
  }
  const value = answer && typeof answer === "object" ? answer[field] : undefined;
  if (typeof value !== "string" || !value) {
    throw new AuthKitError("token_url_failed", `${attribute}: no ${field} in the answer`, {
      status: 200,
      detail: { attribute, status: 200 },
    });
  }
  return value;
}

async function tokenUrlFailure(
  auth: AuthKit,
  attribute: TokenUrlAttribute,
  url: string,
  cause: AuthKitError,
): Promise<AuthKitError> {
  const status = cause.status ?? 0;
  const detail = { attribute, status };
  if (cause.code === "rate_limited") {
    return new AuthKitError("rate_limited", `${attribute} answered 429`, {
      retryAfter: cause.retryAfter,
      status,
      detail,
      cause,
    });
  }
  if (status === 0 || status >= 500) {
    // One request: is the auth server behind the site's URL itself reachable and well?
    const server = await auth
      .request({ path: "/auth/v1/session-token", token: null })
      .then(() => undefined, toAuthKitError);
    if (server?.code === "server_unreachable" || server?.code === "rate_limited") {
      return new AuthKitError(
        server.code,
        `${attribute} answered ${status}; auth server: ${server.message}`,
        { retryAfter: server.retryAfter, serverCode: server.serverCode, status, detail, cause },
      );
    }
  }
  return new AuthKitError("token_url_failed", `${attribute} (${url}) answered ${status}: ${cause.message}`, {
    serverCode: cause.serverCode,
    status,
    detail,
    cause,
  });
}
