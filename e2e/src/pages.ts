// A page and everything it loads from its own origin (scripts, styles, icons) answer 200.

/** The same-origin URLs a page's HTML loads: `<script src>`, `<link href>`. */
export function pageAssets(pageUrl: string, html: string): string[] {
  const origin = new URL(pageUrl).origin;
  const found = [...html.matchAll(/<(?:script|link)\b[^>]*?\s(?:src|href)="([^"]+)"/g)].map(
    ([, ref]) => new URL(ref!.replace(/&amp;/g, "&"), pageUrl),
  );
  return [...new Set(found.filter((url) => url.origin === origin).map((url) => url.href))];
}

export interface CheckedPage {
  status: number;
  html: string;
  /** `url status` of every asset that did not answer 200. */
  brokenAssets: string[];
}

export async function checkPage(url: string, init: RequestInit = {}): Promise<CheckedPage> {
  const res = await fetch(url, init);
  const html = await res.text();
  const brokenAssets: string[] = [];
  for (const asset of pageAssets(url, html)) {
    const assetRes = await fetch(asset);
    await assetRes.arrayBuffer();
    if (assetRes.status !== 200) brokenAssets.push(`${asset} ${assetRes.status}`);
  }
  return { status: res.status, html, brokenAssets };
}
