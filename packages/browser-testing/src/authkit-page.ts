// A tenant's site in the SDK's browser tests: the page that loads the SDK from an auth server,
// the events it records, and what a test does on it through the SDK (a passkey registered with the
// JS API, the browser's passkey dialog dismissed).
// `window.AuthKit`'s type (the SDK's global declaration), for registerWithApi's page code.
/// <reference types="@org/authkit-sdk" />
import type { Page } from "playwright-core";

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

/** The events recorded so far on the page (see tenantPage). */
export const eventsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: RecordedEvent[] }).__events);

/** Waits until an event with this source and name was recorded; returns it. */
export async function waitForEvent(
  page: Page,
  source: string,
  name: string,
  timeout = 10_000,
): Promise<RecordedEvent> {
  await page.waitForFunction(
    ([s, n]) =>
      (window as unknown as { __events: RecordedEvent[] }).__events.some(
        (e) => e.source === s && e.name === n,
      ),
    [source, name] as const,
    { timeout },
  );
  const events = await eventsOf(page);
  return events.find((event) => event.source === source && event.name === name) as RecordedEvent;
}

/** Registers a passkey for the token's user with the JS API on the page (quicker than clicking). */
export async function registerWithApi(page: Page, apiBaseUrl: string, userToken: string, prf = false) {
  return page.evaluate(
    async ([url, token, withPrf]) => {
      const auth = new window.AuthKit({ apiBaseUrl: url, token });
      return auth.passkey.register({ name: "Test key", ...(withPrf ? { prf: "event" as const } : {}) });
    },
    [apiBaseUrl, userToken, prf] as const,
  );
}

/**
 * The person closes the browser's passkey dialog after reading it for `ms`, in every frame of the
 * page. Chromium's virtual authenticators cannot do that (a refused user verification fails at
 * once, like a device with no passkey), so this stands in for the dialog's Cancel button.
 */
export async function dismissPasskeyDialogs(page: Page, ms = 1500) {
  await page.addInitScript((delay) => {
    const get = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options?: CredentialRequestOptions) =>
      options?.mediation === "conditional"
        ? get(options)
        : new Promise((_resolve, reject) =>
            setTimeout(
              () =>
                reject(
                  new DOMException("The operation either timed out or was not allowed.", "NotAllowedError"),
                ),
              delay,
            ),
          );
  }, ms);
}
