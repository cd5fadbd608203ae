import { html, pageDocument, type SafeHtml } from "@org/service-kit";
import { embedScript } from "./assets.ts";

export type EmbedKind = "auth-embed" | "register-embed";

const TITLES: Record<EmbedKind, string> = {
  "auth-embed": "Passkey sign-in",
  "register-embed": "Create a passkey with your phone",
};

/**
 * An embed page: an empty mount point and the SDK's embed script, which waits for `init` from the
 * framing page. Framed by a tenant's origin only (the route sets frame-ancestors).
 */
export function embedPage(kind: EmbedKind): SafeHtml {
  return pageDocument({
    title: TITLES[kind],
    scripts: [embedScript(kind)],
    body: html`<main id="embed" aria-live="polite"></main>`,
  });
}

/** What an origin that is no tenant's gets (the browser also refuses to frame it). */
export function embedRefusedPage(kind: EmbedKind): SafeHtml {
  return pageDocument({
    title: TITLES[kind],
    colorScheme: "light dark",
    body: html`<main>
      <h1>Not available here</h1>
      <p>This page can only be embedded by a site registered with this authentication server.</p>
    </main>`,
  });
}
