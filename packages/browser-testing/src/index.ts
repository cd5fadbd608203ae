export { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from "./chromium.ts";
export {
  addVirtualAuthenticator,
  type VirtualAuthenticator,
  type VirtualAuthenticatorOptions,
  type VirtualCredential,
} from "./authenticator.ts";
export { servePages, type PageRoute, type PageServer } from "./page-server.ts";
export { screenshot, SCREENSHOT_DIR } from "./screenshots.ts";
export { watchProblems } from "./problems.ts";
// The SDK's browser tests: a tenant's page with its recorded events, and a phone with a QR camera.
export {
  dismissPasskeyDialogs,
  eventsOf,
  registerWithApi,
  tenantPage,
  waitForEvent,
  type RecordedEvent,
} from "./authkit-page.ts";
export { DESKTOP_USER_AGENT, openPhone, PHONE_USER_AGENT, scanQr } from "./phone.ts";
export type { Browser, BrowserContext, Frame, FrameLocator, Locator, Page, Route } from "playwright-core";
