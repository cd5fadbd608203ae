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
export type { Browser, BrowserContext, Frame, FrameLocator, Locator, Page, Route } from "playwright-core";
