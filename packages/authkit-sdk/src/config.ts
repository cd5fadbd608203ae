/** Options of `new AuthKit(config)`. */
export interface AuthKitConfig {
  /** Server URL. Trailing slashes are stripped. */
  apiBaseUrl: string;
  /** Logs to the console with prefix [SDK]. */
  debug?: boolean;
  /** Request timeout in ms; an aborted request surfaces as `server_unreachable`. */
  timeout?: number;
  /** HTTP polling interval for QR status when WebSocket is unavailable, in ms. */
  qrPollInterval?: number;
  /** Client-side QR expiration in ms. */
  qrExpirationTime?: number;
  /** Registration (user) token or tenant session token, sent as `Authorization: Bearer`. */
  token?: string;
}

export type ResolvedAuthKitConfig = Required<Omit<AuthKitConfig, "token">> & { token?: string };

export function resolveConfig(config: AuthKitConfig): ResolvedAuthKitConfig {
  if (!config || typeof config.apiBaseUrl !== "string" || config.apiBaseUrl.trim() === "") {
    throw new TypeError("AuthKit: apiBaseUrl is required");
  }
  return {
    apiBaseUrl: config.apiBaseUrl.replace(/\/+$/, ""),
    debug: config.debug ?? false,
    timeout: config.timeout ?? 30_000,
    qrPollInterval: config.qrPollInterval ?? 2_000,
    qrExpirationTime: config.qrExpirationTime ?? 300_000,
    ...(config.token ? { token: config.token } : {}),
  };
}
