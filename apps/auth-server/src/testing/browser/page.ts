import type { Page } from "@org/browser-testing";
import type { RecordedEvent } from "../tenant-page.ts";

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
