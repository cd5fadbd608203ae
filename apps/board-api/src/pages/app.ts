import { html, pageDocument, type SafeHtml } from "@org/service-kit";
import { pageAsset } from "./assets.ts";

export interface AppPageData {
  /** Where browsers reach the auth server (the SDK's api-base-url); absent: sign-in is not configured. */
  authServerUrl: string | undefined;
}

/** The web app's one page: a mount point and its bundle; the client routes /app/* itself. */
export function appPage({ authServerUrl }: AppPageData): SafeHtml {
  return pageDocument({
    title: "Board",
    description: "Projects, boards and cards for people and AI agents.",
    colorScheme: "light dark",
    styles: [pageAsset("app-style")],
    scripts: [pageAsset("app")],
    body: html`<board-app data-auth-server-url="${authServerUrl ?? ""}"></board-app>
      <noscript>This app needs JavaScript. The API is at /api/v1 (see /llms.txt).</noscript>`,
  });
}
