import type { AuthKit } from "../../core/authkit.ts";
import { AuthKitError, toAuthKitError } from "../../core/errors.ts";
import type { SessionTokenCheck } from "../../core/types.ts";
import { fetchFromTokenUrl } from "../base/token-url.ts";

/** With `session-token-url`, a fresh token is fetched this long before the current one expires. */
export const REFRESH_BEFORE_EXPIRY_MS = 60_000;

export interface SessionTokenOptions {
  /** An AuthKit of the element (its api-base-url, language, debug). */
  authKit: () => AuthKit;
  /** The `token` attribute. */
  token: () => string;
  /** The `session-token-url` attribute. */
  url: () => string;
  /** A fresh token from the URL (the element hands it to its iframe). */
  onRefreshed: (token: string) => void;
  /** The attribute's token expired (or the URL failed when refreshing). */
  onExpired: (error: AuthKitError) => void;
}

/**
 * The session token of `<authkit-authenticate>`: the `token` attribute, or fetched (with the
 * page's cookies) from `session-token-url`, which answers `{ token }`. Either way it is checked
 * with the auth server from this page (`GET /auth/v1/session-token`), so a wrong origin, an
 * unknown or expired token is known before the person clicks. From the URL it is fetched again
 * shortly before it expires, and when the page comes back from the background past that time; the
 * attribute's token fires `expired` when it runs out.
 */
export class SessionToken {
  current = "";
  /** The tenant's sign-in settings, from the last check (what `<authkit-login>` offers). */
  settings: Partial<Omit<SessionTokenCheck, "expiresAt">> = {};
  #expiresAt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: SessionTokenOptions) {}

  /** The token to use now, checked; rejects with an AuthKitError saying why it cannot sign in. */
  async acquire(): Promise<string> {
    const token = this.options.url() ? await this.#fetch() : this.options.token();
    const { expiresAt, ...settings } = await this.options
      .authKit()
      .request<SessionTokenCheck>({ path: "/auth/v1/session-token", token });
    this.current = token;
    this.settings = settings;
    this.#expiresAt = Date.parse(expiresAt);
    this.#schedule();
    document.addEventListener("visibilitychange", this.#onVisible);
    return token;
  }

  dispose(): void {
    clearTimeout(this.#timer);
    document.removeEventListener("visibilitychange", this.#onVisible);
  }

  /** A fresh token from the URL now (the iframe says the current one was refused as expired). */
  refresh(): Promise<void> {
    return this.#refresh();
  }

  #fetch(): Promise<string> {
    return fetchFromTokenUrl(this.options.authKit(), "session-token-url", this.options.url(), "token");
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    const margin = this.options.url() ? REFRESH_BEFORE_EXPIRY_MS : 0;
    const wait = Math.max(0, this.#expiresAt - margin - Date.now());
    this.#timer = setTimeout(() => void this.#due(), Math.min(wait, 2 ** 31 - 1));
  }

  async #due(): Promise<void> {
    if (this.options.url()) return this.#refresh();
    this.options.onExpired(
      new AuthKitError("challenge_expired", "The session token expired.", { serverCode: "token_expired" }),
    );
  }

  async #refresh(): Promise<void> {
    try {
      this.options.onRefreshed(await this.acquire());
    } catch (error) {
      this.options.onExpired(toAuthKitError(error));
    }
  }

  /** Timers stall while a laptop sleeps: on its return, refresh at once if it is due. */
  readonly #onVisible = () => {
    if (document.visibilityState !== "visible" || !this.#expiresAt) return;
    const margin = this.options.url() ? REFRESH_BEFORE_EXPIRY_MS : 0;
    if (Date.now() >= this.#expiresAt - margin) void this.#due();
  };
}
