// The components' languages: English, German, French and Spanish ship; a site overrides any
// sentence with `messages` (a partial catalog), in any language. English is built in; German,
// French and Spanish are small chunks loaded when first needed (`loadLocale`; the elements do it
// themselves), so a page pays only for the language it speaks.
import { ALREADY_REGISTERED, type AuthKitError } from "../core/errors.ts";
import { en, type MessageKey, type Messages } from "./en.ts";

export type { MessageKey, Messages };

/** The languages that ship. */
export type Locale = "en" | "de" | "fr" | "es";

const LOADERS: Record<Exclude<Locale, "en">, () => Promise<Messages>> = {
  de: () => import("./de.ts").then((module) => module.de),
  fr: () => import("./fr.ts").then((module) => module.fr),
  es: () => import("./es.ts").then((module) => module.es),
};

/** The catalogs loaded so far, by language (`en` always; the others after `loadLocale`). */
export const LOCALES: { en: Messages } & Partial<Record<Locale, Messages>> = { en };
const pending: Partial<Record<Locale, Promise<Messages>>> = {};

/** `de-AT`, `DE`, `de_CH` → `de`; anything not shipped → `en`. */
export function resolveLocale(tag: string | null | undefined): Locale {
  const primary = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return primary === "en" || primary in LOADERS ? (primary as Locale) : "en";
}

/** Loads the catalog of a language (once); `messagesFor` and `describeError` speak it afterwards. */
export function loadLocale(tag: string | null | undefined): Promise<Messages> {
  const locale = resolveLocale(tag);
  const loaded = LOCALES[locale];
  if (loaded) return Promise.resolve(loaded);
  return (pending[locale as Exclude<Locale, "en">] ??= LOADERS[locale as Exclude<Locale, "en">]().then(
    (catalog) => (LOCALES[locale] = catalog),
  ));
}

/** Whether `messagesFor(tag)` already speaks that language (else it answers in English). */
export const isLocaleLoaded = (tag: string | null | undefined): boolean =>
  Boolean(LOCALES[resolveLocale(tag)]);

/**
 * The catalog of a language, with the site's own sentences on top; English until that language
 * is loaded (`await loadLocale(locale)` first).
 */
export function messagesFor(
  locale: string | null | undefined,
  overrides?: Partial<Messages> | null,
): Messages {
  const base = LOCALES[resolveLocale(locale)] ?? en;
  if (!overrides) return base;
  const merged: Messages = { ...base };
  for (const key of Object.keys(base) as MessageKey[]) {
    const value = overrides[key];
    if (typeof value === "string" && value) merged[key] = value;
  }
  return merged;
}

/** Fills `{name}` placeholders. */
export const format = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** What the person was doing when the error happened: it words some messages. */
export type ErrorAction = "sign-in" | "registration" | "management";

type DescribedError = Pick<AuthKitError, "code" | "serverCode" | "retryAfter" | "message"> &
  Partial<Pick<AuthKitError, "detail">>;

/**
 * What a person reads for an error, in their language: `describeError(error, { locale: "de" })`,
 * or `describeError(error, auth.getConfig())` (after `await loadLocale("de")`: English until then). Never the error's own message, which is for the
 * site's developer (it may hold server or exception text).
 */
export function describeError(
  error: DescribedError,
  options: { locale?: string; messages?: Partial<Messages>; action?: ErrorAction } = {},
): string {
  return describeWith(error, messagesFor(options.locale, options.messages), options.action);
}

/** `describeError` with a resolved catalog (the components'). */
export function describeWith(
  error: DescribedError,
  messages: Messages,
  action: ErrorAction = "sign-in",
): string {
  // A security change made without a recent passkey (the auth server's, or a site's token URL).
  if (error.serverCode === "step_up_required") return messages.errorStepUp;
  switch (error.code) {
    case "user_cancelled":
      return action === "registration" ? messages.errorCancelledRegister : messages.errorCancelledSignIn;
    case "server_unreachable":
      return messages.errorUnreachable;
    case "credential_not_found":
      return error.serverCode ? messages.errorNotRegistered : messages.errorNoPasskeyHere;
    case "challenge_expired":
      return error.serverCode === "token_expired" ? messages.errorPageExpired : messages.errorExpired;
    case "webauthn_not_supported":
      return messages.errorUnsupported;
    case "user_disabled":
      return messages.errorDisabled;
    case "configuration_error":
      return action === "registration"
        ? messages.errorSetupRegister
        : action === "management"
          ? messages.errorSetupManage
          : messages.errorSetupSignIn;
    case "token_url_failed":
      return error.detail?.status === 401 || error.detail?.status === 403
        ? messages.errorSignedOut
        : messages.errorSite;
    case "invalid_credentials":
      return messages.errorWrongPassword;
    case "rate_limited":
      return error.retryAfter
        ? format(messages.errorRateLimitedFor, { seconds: error.retryAfter })
        : messages.errorRateLimited;
    case "server_error":
      return error.serverCode === "qr_failed" ? messages.errorPhoneFailed : messages.errorServer;
    default:
      return error.message === ALREADY_REGISTERED ? messages.errorAlreadyRegistered : messages.errorUnknown;
  }
}
