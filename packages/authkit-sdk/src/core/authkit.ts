import { ManagementModule } from "../modules/management/index.ts";
import { PasskeyModule } from "../modules/passkey/index.ts";
import { PasswordModule } from "../modules/password/index.ts";
import { QRModule } from "../modules/qr/index.ts";
import { resolveConfig, type AuthKitConfig, type ResolvedAuthKitConfig } from "./config.ts";
import { AuthKitError, AuthKitErrorCode } from "./errors.ts";
import {
  AuthKitEvents,
  EventHub,
  type AuthKitEventHandler,
  type AuthKitEventMap,
  type AuthKitEventName,
} from "./events.ts";
import type { AuthKitClient, ClientRequestOptions } from "./client.ts";
import { request } from "./http.ts";
import { debugLogger, type DebugLogger } from "./logger.ts";

/**
 * Entry point of the SDK: `new AuthKit({ apiBaseUrl, token })`, then the modules `passkey`, `qr`,
 * `password` and `management`. Events fire on the instance (`on`, `off`, `once`) and on `window`.
 */
export class AuthKit implements AuthKitClient {
  /** The SDK's error class, also for script-tag pages: `error instanceof AuthKit.AuthKitError`. */
  static readonly AuthKitError = AuthKitError;
  /** The events' names: `AuthKit.AuthKitEvents.AUTH_SUCCESS`. */
  static readonly AuthKitEvents = AuthKitEvents;
  /** The error codes by name: `AuthKit.AuthKitErrorCode.CONFIGURATION_ERROR`. */
  static readonly AuthKitErrorCode = AuthKitErrorCode;

  readonly #config: ResolvedAuthKitConfig;
  readonly #events = new EventHub();
  /** Console logging with the `[SDK]` prefix when `debug` is on. */
  readonly log: DebugLogger;
  /** Passkey login and registration. */
  readonly passkey: PasskeyModule;
  /** Cross-device login and registration by QR code. */
  readonly qr: QRModule;
  /** Username and password login. */
  readonly password: PasswordModule;
  /** The user's passkeys (a manage-scoped user token, or the auth server's session cookie). */
  readonly management: ManagementModule;

  constructor(config: AuthKitConfig) {
    this.#config = resolveConfig(config);
    this.log = debugLogger(() => this.#config.debug);
    this.passkey = new PasskeyModule(this);
    this.qr = new QRModule(this);
    this.password = new PasswordModule(this);
    this.management = new ManagementModule(this);
  }

  /** The server URL without trailing slashes. */
  getApiBaseUrl(): string {
    return this.#config.apiBaseUrl;
  }

  /** The configuration with defaults applied. */
  getConfig(): ResolvedAuthKitConfig {
    return { ...this.#config };
  }

  /** Replaces the token (for example a fresh session token after `expired`). */
  setToken(token: string | undefined): void {
    if (token) this.#config.token = token;
    else delete this.#config.token;
  }

  on<K extends AuthKitEventName>(event: K, handler: AuthKitEventHandler<K>): void {
    this.#events.on(event, handler);
  }

  off<K extends AuthKitEventName>(event: K, handler: AuthKitEventHandler<K>): void {
    this.#events.off(event, handler);
  }

  once<K extends AuthKitEventName>(event: K, handler: AuthKitEventHandler<K>): void {
    this.#events.on(event, handler, true);
  }

  emit<K extends AuthKitEventName>(event: K, detail: AuthKitEventMap[K]): void {
    this.log("event", event);
    this.#events.emit(event, detail);
  }

  /** A request to the auth server (or an absolute URL) with this instance's timeout and token. */
  request<T>(options: ClientRequestOptions): Promise<T> {
    const token = options.token === null ? undefined : (options.token ?? this.#config.token);
    return request<T>(
      {
        apiBaseUrl: this.#config.apiBaseUrl,
        timeout: this.#config.timeout,
        log: this.log,
        embedOrigin: this.#config.embedOrigin,
      },
      { ...options, token },
    );
  }
}
