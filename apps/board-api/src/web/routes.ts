// The web app's client routes under /app: one table, read by the page's router (src/web/router.ts)
// and by the server (routes/web-app.ts), which answers every /app URL with the app's page and says
// 404 for the ones this table does not know. Pure: no DOM.
export type Route =
  | { name: "projects" }
  | { name: "signin" }
  | { name: "signup" }
  | { name: "signup-passkey" }
  | { name: "board"; projectId: string; cardId?: string }
  | { name: "settings"; projectId: string }
  | { name: "trash"; projectId: string }
  | { name: "account" }
  | { name: "notifications" }
  | { name: "my-cards" }
  | { name: "invite" }
  | { name: "verify-email" }
  | { name: "oauth-authorize" }
  | { name: "not-found" };

const ID = "([0-9a-f-]{36})";

const FIXED = new Map<string, Route>([
  ["/app", { name: "projects" }],
  ["/app/signin", { name: "signin" }],
  ["/app/signup", { name: "signup" }],
  ["/app/signup/passkey", { name: "signup-passkey" }],
  ["/app/account", { name: "account" }],
  ["/app/notifications", { name: "notifications" }],
  ["/app/my-cards", { name: "my-cards" }],
  // Links handed out by the board: the secret follows in the fragment (#…), never sent to a server.
  ["/app/invite", { name: "invite" }],
  ["/app/verify-email", { name: "verify-email" }],
  // OAuth: an agent's host asks for access (the query carries the request; see src/oauth).
  ["/app/oauth/authorize", { name: "oauth-authorize" }],
]);

const PATTERNS: Array<[RegExp, (match: RegExpExecArray) => Route]> = [
  [new RegExp(`^/app/projects/${ID}$`), (m) => ({ name: "board", projectId: m[1]! })],
  [
    new RegExp(`^/app/projects/${ID}/cards/${ID}$`),
    (m) => ({ name: "board", projectId: m[1]!, cardId: m[2]! }),
  ],
  [new RegExp(`^/app/projects/${ID}/settings$`), (m) => ({ name: "settings", projectId: m[1]! })],
  [new RegExp(`^/app/projects/${ID}/trash$`), (m) => ({ name: "trash", projectId: m[1]! })],
];

export function parseRoute(pathname: string): Route {
  const path = pathname.replace(/\/+$/, "") || "/app";
  const fixed = FIXED.get(path);
  if (fixed) return fixed;
  for (const [pattern, route] of PATTERNS) {
    const match = pattern.exec(path);
    if (match) return route(match);
  }
  return { name: "not-found" };
}
