// Which language a server-rendered page speaks: the one a link asked for (`?lang=de`, e.g. the QR
// code of a German site), else the browser's first acceptable one (`Accept-Language`), else the
// first supported (English). Only the primary subtag counts: `de-AT` and `de_CH` are `de`.
import type { Request } from "express";

const primary = (tag: string): string => tag.trim().toLowerCase().split(/[-_]/)[0] ?? "";

/**
 * The supported language `tag` names (`de-DE` → `de`), or undefined. `supported[0]` is the fallback
 * of `negotiateLocale`, never matched by `*`.
 */
export function matchLocale<L extends string>(
  tag: string | undefined | null,
  supported: readonly L[],
): L | undefined {
  const wanted = primary(tag ?? "");
  return supported.find((locale) => locale === wanted);
}

/** `Accept-Language` (`de-DE,de;q=0.9,en;q=0.5`): the first supported language by quality, else undefined. */
export function acceptedLocale<L extends string>(
  header: string | undefined,
  supported: readonly L[],
): L | undefined {
  const ranges = (header ?? "")
    .split(",")
    .map((part, order) => {
      const [tag = "", ...params] = part.split(";");
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), order };
    })
    .filter((range) => range.tag && range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  for (const range of ranges) {
    const match = matchLocale(range.tag, supported);
    if (match) return match;
  }
  return undefined;
}

/** The language of a page for `req`: `?lang=`, then `Accept-Language`, then `supported[0]`. */
export function negotiateLocale<L extends string>(req: Request, supported: readonly [L, ...L[]]): L {
  const lang = typeof req.query.lang === "string" ? req.query.lang : undefined;
  return (
    matchLocale(lang, supported) ?? acceptedLocale(req.headers["accept-language"], supported) ?? supported[0]
  );
}
