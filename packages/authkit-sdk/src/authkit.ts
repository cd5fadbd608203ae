import { resolveConfig, type AuthKitConfig, type ResolvedAuthKitConfig } from "./config";

/**
 * Entry point of the SDK. This is the package shell: configuration and events; the passkey,
 * QR, password and management modules arrive with the SDK issue.
 */
export class AuthKit {
  readonly #config: ResolvedAuthKitConfig;
  readonly #events = new EventTarget();

  constructor(config: AuthKitConfig) {
    this.#config = resolveConfig(config);
  }

  /** The server URL without trailing slashes. */
  getApiBaseUrl(): string {
    return this.#config.apiBaseUrl;
  }

  /** The configuration with defaults applied. */
  getConfig(): ResolvedAuthKitConfig {
    return { ...this.#config };
  }

  on<T = unknown>(event: string, handler: (detail: T) => void): void {
    this.#events.addEventListener(event, this.#wrap(handler));
  }

  off<T = unknown>(event: string, handler: (detail: T) => void): void {
    const wrapped = this.#wrapped.get(handler as (detail: unknown) => void);
    if (wrapped) this.#events.removeEventListener(event, wrapped);
  }

  once<T = unknown>(event: string, handler: (detail: T) => void): void {
    this.#events.addEventListener(event, this.#wrap(handler), { once: true });
  }

  emit<T = unknown>(event: string, detail: T): void {
    if (this.#config.debug) console.debug("[SDK]", event, detail);
    this.#events.dispatchEvent(new CustomEvent(event, { detail }));
  }

  readonly #wrapped = new WeakMap<(detail: unknown) => void, EventListener>();

  #wrap<T>(handler: (detail: T) => void): EventListener {
    const key = handler as (detail: unknown) => void;
    let listener = this.#wrapped.get(key);
    if (!listener) {
      listener = (event: Event) => handler((event as CustomEvent<T>).detail);
      this.#wrapped.set(key, listener);
    }
    return listener;
  }
}
