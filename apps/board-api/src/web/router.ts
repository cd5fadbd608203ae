// Client-side routes under /app (the server answers every /app/* path with the same page).
export type Route =
  | { name: "projects" }
  | { name: "signin" }
  | { name: "signup" }
  | { name: "board"; projectId: string; cardId?: string }
  | { name: "settings"; projectId: string }
  | { name: "account" }
  | { name: "notifications" }
  | { name: "not-found" };

const ID = "([0-9a-f-]{36})";

export function parseRoute(pathname: string): Route {
  const path = pathname.replace(/\/+$/, "") || "/app";
  if (path === "/app") return { name: "projects" };
  if (path === "/app/signin") return { name: "signin" };
  if (path === "/app/signup") return { name: "signup" };
  if (path === "/app/account") return { name: "account" };
  if (path === "/app/notifications") return { name: "notifications" };
  let match = new RegExp(`^/app/projects/${ID}$`).exec(path);
  if (match) return { name: "board", projectId: match[1]! };
  match = new RegExp(`^/app/projects/${ID}/cards/${ID}$`).exec(path);
  if (match) return { name: "board", projectId: match[1]!, cardId: match[2]! };
  match = new RegExp(`^/app/projects/${ID}/settings$`).exec(path);
  if (match) return { name: "settings", projectId: match[1]! };
  return { name: "not-found" };
}

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
