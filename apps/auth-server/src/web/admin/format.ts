// Dates and event names as the dashboard shows them, in the page's language.
import type { AuditEventType } from "./api.ts";
import { locale, t } from "./i18n.ts";

const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(locale, { dateStyle: "medium" });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));

/** `datetime-local` input value (local time) → ISO 8601 UTC, or undefined when empty. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Every event type with its label (the type makes sure the catalog misses none). */
export const EVENT_LABELS: Record<AuditEventType, string> = t.events;

/** The badge colour of an event: failures and take-downs stand out. */
export function eventTone(type: AuditEventType): "ok" | "bad" | "neutral" | "accent" {
  if (/failure|regression|disabled|removed|deleted|refused|flagged|changed/.test(type)) return "bad";
  if (/created|enabled|added|registration|success/.test(type)) return "ok";
  if (type.startsWith("admin_")) return "accent";
  return "neutral";
}
