/** The languages of the auth server's pages, English first (the fallback): the SDK's four. */
export const PAGE_LOCALES = ["en", "de", "fr", "es"] as const;
export type PageLocale = (typeof PAGE_LOCALES)[number];
