/**
 * A tenant's page: loads the SDK from the auth server with a plain module script tag, records
 * every component DOM event and every `authkit:*` window event in `window.__events` (in order),
 * and renders `body`.
 */
export function tenantPage(
  authUrl: string,
  body: string,
  { theme = "light" }: { theme?: "light" | "dark" } = {},
): string {
  return `<!doctype html>
<html lang="en" class="${theme}">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>Tenant site</title>
  <style>
    body { margin: 0; padding: 32px; font-family: system-ui, sans-serif; background: ${theme === "dark" ? "#0b0b0f" : "#f4f5f7"}; color: ${theme === "dark" ? "#f3f4f6" : "#111827"}; }
    .slot { max-width: 360px; padding: 8px; }
  </style>
  <link rel="icon" href="data:," />
  <script type="module" src="${authUrl}/sdk/authkit.js"></script>
</head>
<body>
<div class="slot">${body}</div>
<script>
    window.__events = [];
    const names = ["ready", "mode-detected", "success", "error", "expired", "qr-generated", "status-change", "refreshed", "cancelled", "loaded", "renamed", "deleted", "added"];
    const sdkEvents = ["start","success","error"].map((s) => "authkit:passkey:" + s)
      .concat(["authkit:passkey:added", "authkit:passkeys:loaded", "authkit:passkey:deleted", "authkit:auth:success", "authkit:auth:error"]);
    const plain = (detail) => JSON.parse(JSON.stringify(detail ?? null, (k, v) => v instanceof Error ? { name: v.name, message: v.message, code: v.code, retryAfter: v.retryAfter, detail: v.detail } : v));
    for (const name of sdkEvents) window.addEventListener(name, (e) => window.__events.push({ source: "window", name, detail: plain(e.detail) }));
    for (const el of document.querySelectorAll("[data-watch]"))
      for (const name of names) el.addEventListener(name, (e) => window.__events.push({ source: el.localName, name, detail: plain(e.detail) }));
  </script>
</body>
</html>`;
}

export interface RecordedEvent {
  source: string;
  name: string;
  detail: Record<string, unknown> | null;
}
