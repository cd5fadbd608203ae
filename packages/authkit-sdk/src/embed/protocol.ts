// The postMessage protocol between a page and an embed on the auth server (/auth-embed,
// /register-embed). Both sides check `event.origin` (and the source window) and always post with
// an explicit target origin; the token travels only in `init`.
//
// A page without the SDK needs only the seed's `{ type: "init", token, name? }`; everything else
// is optional. The SDK's own messages carry a `protocol` marker, so unrelated traffic is ignored.
import { AuthKitError, type AuthKitErrorCode } from "../core/errors.ts";
import { AuthKitEvents, type AuthKitEventName } from "../core/events.ts";
import type { AuthResult, QRStatus } from "../core/types.ts";
import type { ModeDecision } from "../detection/mode.ts";
import type { ResolvedTheme } from "../components/base/theme.ts";
import type { Messages } from "../i18n/index.ts";

export const PROTOCOL = "authkit-embed/1";

/** Parent → iframe: the token (auth-embed: session token; register-embed: user token) and options. */
export interface InitMessage {
  type: "init";
  token: string;
  /** register-embed: the new passkey's name. */
  name?: string;
  /** auth-embed: the mode the component detected (the embed detects it itself when absent). */
  mode?: ModeDecision;
  label?: string;
  /** auth-embed: ask for the tenant's PRF output. */
  prf?: boolean;
  silent?: boolean;
  debug?: boolean;
  /** Default: the embed follows the system's colour scheme. */
  theme?: ResolvedTheme;
  /** The site's `--authkit-*` values, applied inside the iframe when safe. */
  vars?: Record<string, string>;
  /** The language of the texts (`en`, `de`, `fr`, `es`). */
  lang?: string;
  /** The site's own wording. */
  messages?: Partial<Messages>;
}

/** Parent → iframe: the theme changed. */
export interface ThemeMessage {
  type: "theme";
  theme: ResolvedTheme;
  vars: Record<string, string>;
}

/** Parent → iframe: a fresh token for the elements shown (nothing is rendered again). */
export interface TokenMessage {
  type: "token";
  token: string;
}

export type ParentMessage = InitMessage | ThemeMessage | TokenMessage;

/** An AuthKitError as it crosses the frame: what the other side rebuilds it from. */
export interface SerializedError {
  code: AuthKitErrorCode;
  message: string;
  retryAfter?: number;
  serverCode?: string;
  status?: number;
}

/** Iframe → parent. */
export type FrameMessage =
  /** The iframe rendered after init. */
  | { type: "ready" }
  /** The iframe's content height in CSS pixels. */
  | { type: "resize"; height: number }
  /** A QR challenge status (scanned, cancelled, …). */
  | { type: "status"; status: QRStatus; message?: string }
  /** The login or registration done in the iframe: its AuthResult, as the element there reported it. */
  | { type: "success"; result: AuthResult }
  | { type: "error"; error: SerializedError }
  /** The token was refused as expired (give the iframe a new one), or the QR code ran out. */
  | { type: "expired"; reason: "token" | "qr" }
  /** An SDK event that fired in the iframe, to fire again on the page's window. */
  | { type: "event"; name: AuthKitEventName; detail: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The SDK's message, when `data` is one (it carries the protocol marker). */
export function openEnvelope<M extends { type: string }>(data: unknown): M | undefined {
  if (!isRecord(data) || data.protocol !== PROTOCOL || typeof data.type !== "string") return undefined;
  const { protocol: _protocol, ...message } = data;
  return message as M;
}

/**
 * What the embed accepts from its parent: the SDK's messages, and the seed's bare
 * `{ type: "init", token, name? }` from a page without the SDK.
 */
export function parentMessage(data: unknown): ParentMessage | undefined {
  const sealed = openEnvelope<ParentMessage>(data);
  const message =
    sealed ?? (isRecord(data) && data.type === "init" ? (data as unknown as InitMessage) : undefined);
  if (message?.type === "init") {
    return typeof message.token === "string" && message.token ? message : undefined;
  }
  return message;
}

export function seal<M extends { type: string }>(message: M): M & { protocol: typeof PROTOCOL } {
  return { ...message, protocol: PROTOCOL };
}

/** The origin of a URL, or undefined. */
export function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

export function serializeError(error: AuthKitError): SerializedError {
  return {
    code: error.code,
    message: error.message,
    ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}),
    ...(error.serverCode !== undefined ? { serverCode: error.serverCode } : {}),
    ...(error.status !== undefined ? { status: error.status } : {}),
  };
}

export function deserializeError(error: SerializedError): AuthKitError {
  return new AuthKitError(error.code, error.message, {
    retryAfter: error.retryAfter,
    serverCode: error.serverCode,
    status: error.status,
  });
}

const EVENT_NAMES: readonly string[] = Object.values(AuthKitEvents);
export const isEventName = (name: unknown): name is AuthKitEventName =>
  typeof name === "string" && EVENT_NAMES.includes(name);

/** An event detail made postable: its `error` (an AuthKitError) serialised. */
export function serializeDetail(detail: unknown): unknown {
  if (!isRecord(detail) || !(detail.error instanceof AuthKitError)) return detail;
  return { ...detail, error: serializeError(detail.error) };
}

/** The detail again, with its `error` an AuthKitError. */
export function deserializeDetail(detail: unknown): unknown {
  if (!isRecord(detail) || !isRecord(detail.error) || typeof detail.error.code !== "string") return detail;
  return { ...detail, error: deserializeError(detail.error as unknown as SerializedError) };
}
