// The secret of a link the board handed out (/app/invite#…, /app/verify-email#…): it travels in
// the URL's fragment, which browsers never send to a server. A person who must sign in first
// keeps it for this tab (sessionStorage) until they come back to the page; see board-app.ts.
const PENDING_KEY = "board:pending-link";

/** The fragment's secret, or "" (a fragment such as `#main` from a skip link is no secret). */
export function linkToken(): string {
  const token = decodeURIComponent(location.hash.replace(/^#/, ""));
  return /^(inv|ev)_[\w-]+$/.test(token) ? token : "";
}

/** Remembers the page and its secret while the person signs in or up. */
export function rememberPendingLink(): void {
  if (linkToken()) sessionStorage.setItem(PENDING_KEY, location.pathname + location.hash);
}

/** The page to go back to after signing in (once). */
export function takePendingLink(): string | null {
  const path = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  return path;
}
