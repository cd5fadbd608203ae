import type { Response } from "express";
import { html, type SafeHtml } from "./html.ts";
import { pagePolicy, type PagePolicy } from "./csp.ts";

export interface PageDocument {
  title: string;
  /** Module scripts (URLs on this origin). */
  scripts?: string[];
  /** Stylesheets (URLs on this origin). */
  styles?: string[];
  body: SafeHtml;
  /** <meta name="color-scheme">; embeds leave it out so their background stays transparent. */
  colorScheme?: string;
  description?: string;
  /** `<html lang>`: the language the page speaks (BCP 47; default "en"). */
  lang?: string;
}

/** A complete HTML document; all interpolation is escaped. */
export function pageDocument({
  title,
  scripts = [],
  styles = [],
  body,
  colorScheme,
  description,
  lang = "en",
}: PageDocument): SafeHtml {
  return html`<!doctype html>
    <html lang="${lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        ${colorScheme ? html`<meta name="color-scheme" content="${colorScheme}" />` : ""}
        ${description ? html`<meta name="description" content="${description}" />` : ""}
        <title>${title}</title>
        <link rel="icon" href="data:," />
        ${styles.map((href) => html`<link rel="stylesheet" href="${href}" />`)}
        ${scripts.map((src) => html`<script type="module" src="${src}"></script>`)}
      </head>
      <body>
        ${body}
      </body>
    </html> `;
}

export interface SendPageOptions {
  status?: number;
  policy?: PagePolicy;
}

/**
 * Sends a server-rendered page with its own CSP. A page that lists `frameAncestors` drops
 * X-Frame-Options (which would forbid the framing the CSP allows). Pages are never cached:
 * they may carry tokens.
 */
export function sendPage(
  res: Response,
  document: SafeHtml,
  { status = 200, policy = {} }: SendPageOptions = {},
): void {
  res.status(status);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Content-Security-Policy", pagePolicy(policy));
  res.setHeader("Cache-Control", "no-store");
  if (policy.frameAncestors?.length) res.removeHeader("X-Frame-Options");
  else res.setHeader("X-Frame-Options", "DENY");
  res.send(document.value);
}
