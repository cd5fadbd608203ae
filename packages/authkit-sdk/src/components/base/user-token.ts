import type { AuthKit } from "../../core/authkit.ts";
import { AuthKitError } from "../../core/errors.ts";

/**
 * A user token from the site's own server: `GET <url>` with the page's cookies, answering
 * `{ userToken }` (the `assertion-url` of `<authkit-register>` and `<authkit-passkeys>`).
 */
export async function fetchUserToken(auth: AuthKit, url: string): Promise<string> {
  const answer = await auth.request<{ userToken?: unknown }>({
    path: new URL(url, location.href).href,
    token: null,
  });
  if (typeof answer?.userToken !== "string" || !answer.userToken) {
    throw new AuthKitError("configuration_error", "assertion-url did not answer { userToken }.");
  }
  return answer.userToken;
}
