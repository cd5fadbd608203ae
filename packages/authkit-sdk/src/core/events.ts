import type { AuthKitError } from "./errors.ts";
import type { AuthKitErrorCode } from "./errors.ts";
import type { AuthResult, QRStatus } from "./types.ts";

/** Names of the SDK's events. Each fires on the AuthKit instance and on `window` (a CustomEvent). */
export const AuthKitEvents = {
  PASSKEY_START: "authkit:passkey:start",
  PASSKEY_SUCCESS: "authkit:passkey:success",
  PASSKEY_ERROR: "authkit:passkey:error",
  QR_GENERATED: "authkit:qr:generated",
  QR_STATUS_CHANGE: "authkit:qr:status-change",
  QR_REFRESHED: "authkit:qr:refreshed",
  QR_SUCCESS: "authkit:qr:success",
  QR_ERROR: "authkit:qr:error",
  QR_EXPIRED: "authkit:qr:expired",
  PASSKEY_ADDED: "authkit:passkey:added",
  PASSKEY_DELETED: "authkit:passkey:deleted",
  PASSKEYS_LOADED: "authkit:passkeys:loaded",
  AUTH_SUCCESS: "authkit:auth:success",
  AUTH_ERROR: "authkit:auth:error",
} as const;

export type AuthKitEventName = (typeof AuthKitEvents)[keyof typeof AuthKitEvents];

/** Detail of the error events. */
export interface ErrorDetail {
  error: AuthKitError;
  code?: AuthKitErrorCode;
}

/**
 * Detail of the login success events (PASSKEY_SUCCESS, AUTH_SUCCESS): the AuthResult; `prfOutput`
 * and `capabilities` only when PRF was requested.
 */
export type SuccessDetail = AuthResult;

/** The detail each event carries. */
export interface AuthKitEventMap {
  "authkit:passkey:start": { timestamp: number };
  "authkit:passkey:success": AuthResult;
  "authkit:passkey:error": ErrorDetail;
  "authkit:qr:generated": { qrUrl: string; challengeId: string };
  "authkit:qr:status-change": { status: QRStatus; message?: string };
  "authkit:qr:refreshed": { qrUrl: string; challengeId: string };
  "authkit:qr:success": AuthResult;
  "authkit:qr:error": ErrorDetail;
  "authkit:qr:expired": { challengeId: string };
  "authkit:passkey:added": { passkeyId: string; prfEnabled: boolean };
  "authkit:passkey:deleted": { passkeyId: string };
  "authkit:passkeys:loaded": { count: number };
  "authkit:auth:success": AuthResult;
  "authkit:auth:error": ErrorDetail;
}

export type AuthKitEventHandler<K extends AuthKitEventName> = (detail: AuthKitEventMap[K]) => void;

export const errorDetail = (error: AuthKitError): ErrorDetail => ({ error, code: error.code });

/**
 * Delivers SDK events to handlers registered on one instance, and mirrors each as a CustomEvent on
 * `window` so that pages using only the web components can listen too.
 */
export class EventHub {
  readonly #target = new EventTarget();
  readonly #listeners = new Map<string, Map<(detail: never) => void, EventListener>>();

  on<K extends AuthKitEventName>(event: K, handler: AuthKitEventHandler<K>, once = false): void {
    const byHandler = this.#listeners.get(event) ?? new Map<(detail: never) => void, EventListener>();
    this.#listeners.set(event, byHandler);
    if (byHandler.has(handler)) return;
    const listener: EventListener = (e) => {
      if (once) this.off(event, handler);
      handler((e as CustomEvent<AuthKitEventMap[K]>).detail);
    };
    byHandler.set(handler, listener);
    this.#target.addEventListener(event, listener);
  }

  off<K extends AuthKitEventName>(event: K, handler: AuthKitEventHandler<K>): void {
    const listener = this.#listeners.get(event)?.get(handler);
    if (!listener) return;
    this.#target.removeEventListener(event, listener);
    this.#listeners.get(event)?.delete(handler);
  }

  emit<K extends AuthKitEventName>(event: K, detail: AuthKitEventMap[K]): void {
    this.#target.dispatchEvent(new CustomEvent(event, { detail }));
    dispatchOnWindow(event, detail);
  }
}

/** An SDK event as a CustomEvent on `window` (also for what happened in an embed's iframe). */
export function dispatchOnWindow<K extends AuthKitEventName>(event: K, detail: AuthKitEventMap[K]): void {
  if (typeof window !== "undefined" && typeof window.dispatchEvent === "function") {
    window.dispatchEvent(new CustomEvent(event, { detail }));
  }
}

/** The SDK's events as `window` events: `window.addEventListener("authkit:auth:success", (e) => e.detail)`. */
export type AuthKitWindowEventMap = { [K in AuthKitEventName]: CustomEvent<AuthKitEventMap[K]> };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface WindowEventMap extends AuthKitWindowEventMap {}
}
