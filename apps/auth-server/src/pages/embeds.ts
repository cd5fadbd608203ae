import { html, pageDocument, type SafeHtml } from "@org/service-kit";
import { embedScript } from "./assets.ts";
import type { PageMessageKey, PageText } from "./i18n/index.ts";

export type EmbedKind = "auth-embed" | "register-embed";

const TITLES: Record<EmbedKind, PageMessageKey> = {
  "auth-embed": "embedSignInTitle",
  "register-embed": "embedRegisterTitle",
};

/**
 * An embed page: an empty mount point and the SDK's embed script, which waits for `init` from the
 * framing page. Framed by a tenant's origin only (the route sets frame-ancestors). The element's
 * language (`?lang=`) is the document's; the script shows the text `init` asks for.
 */
export function embedPage(kind: EmbedKind, { locale, t }: PageText): SafeHtml {
  return pageDocument({
    lang: locale,
    title: t[TITLES[kind]],
    scripts: [embedScript(kind)],
    body: html`<main id="embed" aria-live="polite"></main>`,
  });
}

/** What an origin that is no tenant's gets (the browser also refuses to frame it). */
export function embedRefusedPage(kind: EmbedKind, { locale, t }: PageText): SafeHtml {
  return pageDocument({
    lang: locale,
    title: t[TITLES[kind]],
    colorScheme: "light dark",
    body: html`<main>
      <h1>${t.embedRefusedTitle}</h1>
      <p>${t.embedRefusedText}</p>
    </main>`,
  });
}
