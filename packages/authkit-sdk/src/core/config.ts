import type { Messages } from "../i18n/en.ts";

/** Options of `new AuthKit(config)`. */
export interface AuthKitConfig {
  /** Server URL. Trailing slashes are stripped. */
  apiBaseUrl: string;
  /** Logs to the console with prefix [SDK] (never tokens). */
  debug?: boolean;
  /** Request timeout in ms (default 30000); an aborted request surfaces as `server_unreachable`. */
  timeout?: number;
  /** HTTP polling interval for QR status when WebSocket is unavailable, in ms (default 2000). */
  qrPollInterval?: number;
  /** Client-side QR expiration in ms (default 300000); the QR refreshes 1 minute before. */
  qrExpirationTime?: number;
  /** Registration (user) token or tenant session token, sent as `Authorization: Bearer`. */
  token?: string;
  /**
   * The person's language for `describeError(error, auth.getConfig())` and the components made from this
   * configuration: `en` (default), `de`, `fr`, `es` (`de-AT` counts as `de`).
   */
  locale?: string;
  /** The site's own wording of any sentence of the catalog, by key. */
  messages?: Partial<Messages>;
  /**
   * Set by the SDK's embeds (pages on the auth server in a site's iframe): the framing page's
   * origin, sent as `X-AuthKit-Embed-Origin` so the server can hold the token to its tenant's pages.
   */
  embedOrigin?: string;
}

/** The configuration with defaults applied. */
export type ResolvedAuthKitConfig = Required<Omit<AuthKitConfig, "token" | "messages" | "embedOrigin">> & {
  token?: string;
  messages?: Partial<Messages>;
  embedOrigin?: string;
};

const positive = (value: number | undefined, name: string, fallback: number): number => {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0)
    throw new TypeError(`AuthKit: ${name} must be a positive number`);
  return value;
};

export function resolveConfig(config: AuthKitConfig): ResolvedAuthKitConfig {
  if (!config || typeof config.apiBaseUrl !== "string" || config.apiBaseUrl.trim() === "") {
    throw new TypeError("AuthKit: apiBaseUrl is required");
  }
  return {
    apiBaseUrl: config.apiBaseUrl.trim().replace(/\/+$/, ""),
    debug: config.debug ?? false,
    timeout: positive(config.timeout, "timeout", 30_000),
    qrPollInterval: positive(config.qrPollInterval, "qrPollInterval", 2_000),
    qrExpirationTime: positive(config.qrExpirationTime, "qrExpirationTime", 300_000),
    locale: config.locale || "en",
    ...(config.token ? { token: config.token } : {}),
    ...(config.messages ? { messages: config.messages } : {}),
    ...(config.embedOrigin ? { embedOrigin: config.embedOrigin } : {}),
  };
}
