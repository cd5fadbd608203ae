// The languages of the auth server's own pages. A page speaks the QR link's or the URL's `lang`,
// else the browser's `Accept-Language`, else English (`negotiateLocale` of @org/service-kit), and
// says so in `<html lang>`. The same four languages as the SDK's elements (`@org/authkit-sdk/i18n`).
import { html, negotiateLocale, type SafeHtml } from "@org/service-kit";
import type { Request } from "express";
import { de } from "./de.ts";
import { en, type PageMessageKey, type PageMessages } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { PAGE_LOCALES, type PageLocale } from "./locales.ts";

export type { PageMessageKey, PageMessages };
export { PAGE_LOCALES, type PageLocale };
const CATALOGS: Record<PageLocale, PageMessages> = { en, de, fr, es };

/** A page's language and sentences. */
export interface PageText {
  locale: PageLocale;
  t: PageMessages;
}

/** The language of the page `req` asks for (`?lang=`, then `Accept-Language`, then English). */
export function pageText(req: Request): PageText {
  const locale = negotiateLocale(req, PAGE_LOCALES);
  return { locale, t: CATALOGS[locale] };
}

/**
 * A sentence with `{name}` placeholders filled with markup or text (escaped): the sentence is
 * translated whole, wherever its language puts the name.
 */
export function fill(template: string, values: Record<string, SafeHtml | string>): SafeHtml {
  const parts = template.split(/\{(\w+)\}/);
  return html`${parts.map((part, index) => (index % 2 ? (values[part] ?? `{${part}}`) : part))}`;
}
