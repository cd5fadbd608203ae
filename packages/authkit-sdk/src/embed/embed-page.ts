import { toAuthKitError } from "../core/errors.ts";
import { isSafeCssValue, THEME_VARIABLES, type ResolvedTheme } from "../components/base/theme.ts";
import type { ComponentErrorDetail } from "../components/events.ts";
import type { ParentChannel } from "./parent-channel.ts";

/**
 * The embed page's own styles, as a constructed stylesheet (the page's CSP allows no inline style):
 * a transparent, margin-free document with room for the focus ring, which the iframe would clip.
 */
export function styleEmbedPage(): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(`html, body { margin: 0; padding: 0; background: transparent; }
    #embed { padding: ${EMBED_PADDING_PX}px; }`);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/** Space around the embed's content; the component's iframe has the same negative margin. */
export const EMBED_PADDING_PX = 6;

/** Applies the parent's theme and its safe `--authkit-*` values to the embed page. */
export function applyTheme(theme: ResolvedTheme, vars: Record<string, string>): void {
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
  const { error } = (event as CustomEvent<ComponentErrorDetail>).detail;
  const authError = toAuthKitError(error);
  channel.post({
    type: "error",
    code: authError.code,
    message: authError.message,
    ...(authError.retryAfter !== undefined ? { retryAfter: authError.retryAfter } : {}),
    ...(authError.serverCode ? { serverCode: authError.serverCode } : {}),
  });
  if (authError.serverCode === "unauthenticated") channel.post({ type: "expired" });
}

/** The page's mount point, emptied. */
export function mountPoint(): HTMLElement {
  const root = document.getElementById("embed") ?? document.body;
  root.replaceChildren();
  return root;
}
