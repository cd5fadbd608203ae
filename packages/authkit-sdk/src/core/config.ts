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
}

/** The configuration with defaults applied. */
export type ResolvedAuthKitConfig = Required<Omit<AuthKitConfig, "token">> & { token?: string };

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
    ...(config.token ? { token: config.token } : {}),
  };
}
