// What an AuthKit instance is to its modules (passkey, QR, password, management) and to a QR status
// watcher: its configuration, requests and events, without the modules. Declared apart from the
// class (core/authkit.ts), which creates the modules: they import this, not the class.
import type { ResolvedAuthKitConfig } from "./config.ts";
import type { AuthKitEventHandler, AuthKitEventMap, AuthKitEventName } from "./events.ts";
import type { RequestOptions } from "./http.ts";
import type { DebugLogger } from "./logger.ts";

/** A request through an instance: its token unless `token` names another (`null`: none). */
export type ClientRequestOptions = Omit<RequestOptions, "token"> & { token?: string | undefined | null };

/** An AuthKit instance's own methods (the class implements it). */
export interface AuthKitClient {
  /** Console logging with the `[SDK]` prefix when `debug` is on. */
  readonly log: DebugLogger;
  /** The server URL without trailing slashes. */
  getApiBaseUrl(): string;
  /** The configuration with defaults applied. */
  getConfig(): ResolvedAuthKitConfig;
  /** Replaces the token (for example a fresh session token after `expired`). */
  setToken(token: string | undefined): void;
  on<K extends AuthKitEventName>(event: K, handler: AuthKitEventHandler<K>): void;
  off<K extends AuthKitEventName>(event: K, handler: AuthKitEventHandler<K>): void;
  once<K extends AuthKitEventName>(event: K, handler: AuthKitEventHandler<K>): void;
  emit<K extends AuthKitEventName>(event: K, detail: AuthKitEventMap[K]): void;
  /** A request to the auth server (or an absolute URL) with this instance's timeout and token. */
  request<T>(options: ClientRequestOptions): Promise<T>;
}
