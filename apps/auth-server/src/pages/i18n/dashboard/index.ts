// The admin dashboard's catalogs, one per language of the pages (PAGE_LOCALES).
import type { PageLocale } from "../locales.ts";
import { de } from "./de.ts";
import { en, type DashboardMessages } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";

export type { DashboardMessages };

const CATALOGS: Record<PageLocale, DashboardMessages> = { en, de, fr, es };

/** The dashboard's sentences in `locale`. */
export const dashboardMessages = (locale: PageLocale): DashboardMessages => CATALOGS[locale];
