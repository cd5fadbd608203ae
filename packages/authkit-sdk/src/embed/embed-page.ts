import { toAuthKitError } from "../core/errors.ts";
import { AuthKitEvents } from "../core/events.ts";
import { isSafeCssValue, THEME_VARIABLES, type ResolvedTheme } from "../components/base/theme.ts";
import type { ComponentErrorDetail } from "../components/events.ts";
import type { QRStatus } from "../core/types.ts";
import type { ParentChannel } from "./parent-channel.ts";
import { serializeDetail, serializeError, type InitMessage } from "./protocol.ts";

/** Space around the embed's content; the component's iframe has the same negative margin. */
export const EMBED_PADDING_PX = 6;

/**
 * The embed page's own styles, as a constructed stylesheet (the page's CSP allows no inline style):
 * a transparent, margin-free document with room for the focus ring, which the iframe would clip,
 * and the quiet "use your phone" button under the passkey button.
 */
export function styleEmbedPage(): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(`html, body { margin: 0; padding: 0; background: transparent; }
    #embed { padding: ${EMBED_PADDING_PX}px; display: grid; gap: 8px; }
    .link-button { justify-self: center; margin: 0; padding: 4px 6px; border: 0; border-radius: 6px;
      background: none; color: var(--authkit-primary, #4f46e5); font: 600 14px/1.4 var(--authkit-font-family, system-ui, sans-serif);
      text-decoration: underline; text-underline-offset: 3px; cursor: pointer; }
    :root[data-theme="dark"] .link-button { color: var(--authkit-primary, #a5b4fc); }
    .link-button:focus-visible { outline: 3px solid var(--authkit-focus-ring, #6366f1); outline-offset: 2px; }`);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/** The theme of an `init` that named none: the system's. */
export const themeOf = (init: InitMessage): ResolvedTheme =>
  init.theme ?? (window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light");

/** Applies the parent's theme and its safe `--authkit-*` values to the embed page. */
export function applyTheme(theme: ResolvedTheme, vars: Record<string, string> = {}): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  // Matches the iframe element's color-scheme, which keeps the frame transparent.
  root.style.colorScheme = theme;
  for (const name of THEME_VARIABLES) {
    const value = vars[name];
    if (typeof value === "string" && isSafeCssValue(value)) root.style.setProperty(name, value);
    else root.style.removeProperty(name);
  }
  for (const element of document.querySelectorAll("[data-themed]")) element.setAttribute("theme", theme);
}

/** Relays a component's `error` event to the parent (and `expired` for an expired token). */
export function relayError(channel: ParentChannel, event: Event): void {
  const error = toAuthKitError((event as CustomEvent<ComponentErrorDetail>).detail.error);
  channel.post({ type: "error", error: serializeError(error) });
  if (error.serverCode === "token_expired") channel.post({ type: "expired", reason: "token" });
}

/**
 * Every SDK event that fires in the iframe (the embed's AuthKit instances emit them on its window)
 * goes to the parent, which fires it again on its own window: a page hears `authkit:auth:success`
 * for a login in the iframe exactly as for one through the JS API.
 */
export function forwardEvents(channel: ParentChannel): void {
  for (const name of Object.values(AuthKitEvents)) {
    window.addEventListener(name, (event) => {
      channel.post({ type: "event", name, detail: serializeDetail((event as CustomEvent).detail) });
    });
  }
}

/** What every element of an embed gets from `init`: the language, the wording, the frame's parent. */
export function configure(
  element: HTMLElement & { debug: boolean; silent: boolean; pageOrigin: string; messages: unknown },
  init: InitMessage,
  parentOrigin: string,
): void {
  element.setAttribute("api-base-url", location.origin);
  element.setAttribute("data-themed", "");
  element.debug = init.debug === true;
  element.silent = init.silent === true;
  element.pageOrigin = parentOrigin;
  if (typeof init.lang === "string") element.lang = init.lang;
  if (init.messages && typeof init.messages === "object") element.messages = init.messages;
}

/** The page's mount point, emptied. */
export function mountPoint(): HTMLElement {
  const root = document.getElementById("embed") ?? document.body;
  root.replaceChildren();
  return root;
}

/** Relays a QR code's statuses (scanned, cancelled, …) and its expiry to the parent. */
export function relayQrStatus(channel: ParentChannel, qr: HTMLElement): void {
  qr.addEventListener("status-change", (event) => {
    const { status, message } = (event as CustomEvent<{ status: QRStatus; message?: string }>).detail;
    channel.post({ type: "status", status, ...(message ? { message } : {}) });
  });
  qr.addEventListener("expired", () => channel.post({ type: "expired", reason: "qr" }));
}

/** A fresh token for the elements shown; a ceremony under way is not disturbed. */
export function setToken(token: string): void {
  for (const element of document.querySelectorAll<HTMLElement & { token: string }>(
    "authkit-passkey, authkit-qr",
  )) {
    element.token = token;
  }
}
