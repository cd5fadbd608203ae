// Navigation inside the app: history entries without reloads, and in-app links.
export { parseRoute, type Route } from "./routes.ts";

/** Goes to `path` without reloading; the app shell re-renders on `popstate`. */
export function navigate(path: string, { replace = false } = {}): void {
  if (path === location.pathname) return;
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  window.dispatchEvent(new PopStateEvent("popstate"));
}

/** Anchor clicks inside the app navigate without a reload (modified clicks open tabs as usual). */
export function linkClick(event: MouseEvent): void {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return;
  const anchor = event.composedPath().find((node) => node instanceof HTMLAnchorElement) as
    HTMLAnchorElement | undefined;
  if (!anchor || anchor.target || anchor.hasAttribute("download") || anchor.origin !== location.origin)
    return;
  if (!anchor.pathname.startsWith("/app") || anchor.pathname.startsWith("/app/assets")) return;
  event.preventDefault();
  navigate(anchor.pathname);
}
