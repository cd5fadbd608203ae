// Dates and event names as the dashboard shows them.
import type { AuditEventType } from "./api.ts";

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));

/** `datetime-local` input value (local time) → ISO 8601 UTC, or undefined when empty. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Every event type (the keys: the type makes sure none is missing) with its label. */
export const EVENT_LABELS: Record<AuditEventType, string> = {
  registration: "Passkey registered",
  registration_failure: "Passkey not saved",
  login_success: "Sign-in",
  login_failure: "Sign-in refused",
  passkey_deleted: "Passkey deleted",
  user_disabled: "User disabled",
  user_enabled: "User enabled",
  counter_regression: "Counter regression",
  tenant_created: "Tenant created",
  tenant_updated: "Tenant edited",
  tenant_disabled: "Tenant disabled",
  tenant_enabled: "Tenant enabled",
  tenant_key_rotated: "API key rotated",
  signing_key_rotated: "Signing key rotated",
  admin_invited: "Admin invited",
  admin_removed: "Admin removed",
  admin_signed_in: "Admin signed in",
  admin_signed_out: "Admin signed out",
  admin_invite_spent: "Invite link used",
  admin_request_refused: "Admin request refused",
  admin_passkey_flagged: "Admin passkey flagged",
  backup_eligibility_changed: "Backup eligibility changed",
};

/** The badge colour of an event: failures and take-downs stand out. */
export function eventTone(type: AuditEventType): "ok" | "bad" | "neutral" | "accent" {
  if (/failure|regression|disabled|removed|deleted|refused|flagged|changed/.test(type)) return "bad";
  if (/created|enabled|registration|success/.test(type)) return "ok";
  if (type.startsWith("admin_")) return "accent";
  return "neutral";
}
