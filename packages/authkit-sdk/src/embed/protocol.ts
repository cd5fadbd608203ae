// The postMessage protocol between a component on the tenant's page and its iframe on the auth
// server (/auth-embed, /register-embed). Both sides check `event.origin` (and the source window)
// and always post with an explicit target origin; the token travels only in `init`.
import type { AuthKitErrorCode } from "../core/errors.ts";
import type { PrfCapabilities, QRStatus, UserInfo } from "../core/types.ts";
import type { ModeDecision } from "../detection/mode.ts";
import type { ResolvedTheme } from "../components/base/theme.ts";

/** Every message carries this marker, so unrelated postMessage traffic is ignored. */
export const PROTOCOL = "authkit-embed/1";

/** Parent → iframe: configuration and the token (auth-embed: session token; register-embed: user token). */
export interface InitMessage {
  type: "init";
  token: string;
  /** auth-embed: the mode the component detected. */
  mode?: ModeDecision;
  /** register-embed: the new passkey's name. */
  name?: string;
  label?: string;
  /** auth-embed: ask for the tenant's PRF output. */
  prf?: boolean;
  silent?: boolean;
  debug?: boolean;
  theme: ResolvedTheme;
  /** The site's `--authkit-*` values, applied inside the iframe when safe. */
  vars: Record<string, string>;
}

/** Parent → iframe: the theme changed. */
export interface ThemeMessage {
  type: "theme";
  theme: ResolvedTheme;
  vars: Record<string, string>;
}

export type ParentMessage = InitMessage | ThemeMessage;

/** Iframe → parent. */
export type FrameMessage =
  /** The iframe rendered after init. */
  | { type: "ready" }
  /** The iframe's content height in CSS pixels. */
  | { type: "resize"; height: number }
  /** A QR challenge status (scanned, cancelled, …). */
  | { type: "status"; status: QRStatus; message?: string }
  | {
      type: "success";
      challengeId?: string;
      passkeyId?: string;
      user?: UserInfo;
      redirectUrl?: string;
      prfOutput?: string;
      capabilities?: PrfCapabilities;
    }
  | { type: "error"; code: AuthKitErrorCode; message: string; retryAfter?: number; serverCode?: string }
  /** The token (or the QR code) expired: give the element a new token. */
  | { type: "expired" };

type Envelope<M> = M & { protocol: typeof PROTOCOL };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The message, when `data` is one of ours. */
export function openEnvelope<M extends { type: string }>(data: unknown): M | undefined {
  if (!isRecord(data) || data.protocol !== PROTOCOL || typeof data.type !== "string") return undefined;
  const { protocol: _protocol, ...message } = data;
  return message as M;
}

export function seal<M extends { type: string }>(message: M): Envelope<M> {
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
