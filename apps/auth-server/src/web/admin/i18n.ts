// The dashboard's sentences, dates and numbers in the page's language. The server chooses it as for
// its other pages (`?lang=`, then Accept-Language), says it in <html lang>, and hands over that one
// catalog as JSON in <admin-app data-messages>: the bundle carries no sentences, a page pays for its
// own language only, and a data attribute needs no inline script (the page's CSP forbids those).
import { html, type TemplateResult } from "lit";
import type { DashboardMessages } from "../../pages/i18n/dashboard/en.ts";

export type { DashboardMessages };

/** The page's language (`de`, `fr`, …). */
export const locale = document.documentElement.lang || "en";

/** The catalog the server chose. */
export const t = JSON.parse(
  document.querySelector("admin-app")?.getAttribute("data-messages") ?? "{}",
) as DashboardMessages;

const parts = (template: string) => template.split(/\{(\w+)\}/);

/** A sentence with `{name}` placeholders filled with text (for toasts, titles, labels). */
export const format = (template: string, values: Record<string, string | number>): string =>
  parts(template)
    .map((part, index) => (index % 2 ? String(values[part] ?? `{${part}}`) : part))
    .join("");

/**
 * A sentence with `{name}` placeholders filled with markup or text (Lit escapes the text): the
 * sentence is translated whole, wherever its language puts the name.
 */
export const fill = (template: string, values: Record<string, TemplateResult | string>): TemplateResult =>
  html`${parts(template).map((part, index) => (index % 2 ? (values[part] ?? `{${part}}`) : part))}`;

const numbers = new Intl.NumberFormat(locale);
const plurals = new Intl.PluralRules(locale);

/** A count in the language's plural form: `one` or `other` (both with `{count}`). */
export const countOf = (count: number, one: string, other: string): string =>
  format(plurals.select(count) === "one" ? one : other, { count: numbers.format(count) });

// The catalog's English is British: "a, b and c", without the serial comma of plain "en".
const conjunction = new Intl.ListFormat(locale === "en" ? "en-GB" : locale, { type: "conjunction" });

/** `a, b and c` in the page's language, as text. */
export const listText = (items: string[]): string => conjunction.format(items);

/** `a, b and c` in the page's language, each item markup. */
export function listOf(items: TemplateResult[]): TemplateResult {
  const list = conjunction;
  // "{0}, {1} and {2}": the language's joining words around placeholders, filled with the items.
  const template = list.format(items.map((_item, index) => `{${index}}`));
  return fill(template, Object.fromEntries(items.map((item, index) => [String(index), item])));
}
