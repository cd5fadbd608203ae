export interface PagePolicy {
  /** Extra script origins besides 'self' (an SDK served by another service). */
  scriptSrc?: string[];
  /** Who may frame the page: `'none'` (default) or exact origins. */
  frameAncestors?: string[];
  /** Extra sources for fetch/XHR/WebSocket besides 'self'. */
  connectSrc?: string[];
  /** Extra image sources besides 'self' and data:. */
  imgSrc?: string[];
  /** Frames the page may contain besides 'self'. */
  frameSrc?: string[];
}

/**
 * The Content-Security-Policy of a server-rendered page: scripts only from the page's own origin
 * (no inline script, no eval), styles from files or constructed stylesheets (no inline styles),
 * nothing else unless listed; framing only by `frameAncestors`.
 */
export function pagePolicy({
  scriptSrc = [],
  frameAncestors = [],
  connectSrc = [],
  imgSrc = [],
  frameSrc = [],
}: PagePolicy = {}): string {
  const list = (values: string[]) => values.join(" ");
  return [
    "default-src 'none'",
    `script-src 'self' ${list(scriptSrc)}`.trim(),
    "style-src 'self'",
    `img-src 'self' data: ${list(imgSrc)}`.trim(),
    `connect-src 'self' ${list(connectSrc)}`.trim(),
    `frame-src 'self' ${list(frameSrc)}`.trim(),
    "font-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.length ? list(frameAncestors) : "'none'"}`,
  ].join("; ");
}
