// Fetching a URL a stranger chose (an OAuth client's metadata document, a webhook receiver) without
// letting them aim the server at its own network (SSRF): only public addresses unless configured
// otherwise — checked on the address actually connected to, so DNS rebinding cannot slip a private
// one in — no redirects, a size and a time limit, and a cache lifetime read from the answer's
// headers. A GET by default; a POST with a body and headers for webhooks.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";

export interface GuardedFetchOptions {
  /** Allow loopback, private, link-local and other non-public addresses (tests, closed networks). */
  allowPrivateAddresses?: boolean;
  /** Schemes allowed; default https only. */
  protocols?: ReadonlyArray<"https:" | "http:">;
  /** Largest body accepted, in bytes (default 64 KiB). */
  maxBytes?: number;
  /** The whole exchange must finish within this (default 5 s). */
  timeoutMs?: number;
  /** Cache lifetime bounds and the default when the answer says nothing (seconds). */
  minCacheSeconds?: number;
  maxCacheSeconds?: number;
  defaultCacheSeconds?: number;
  /** Extra trusted CAs (PEM), e.g. a test's own certificate. */
  ca?: string | undefined;
  /** GET (default) or POST. */
  method?: "GET" | "POST";
  /** Request headers added to (or replacing) the defaults (accept, user-agent). */
  headers?: Record<string, string>;
  /** The request body (a POST). */
  body?: string;
  /** Keep the first maxBytes of a larger answer instead of failing (the answer is not the point). */
  truncate?: boolean;
}

export interface GuardedFetchResult {
  status: number;
  contentType: string;
  body: string;
  /** How long the answer may be reused (Cache-Control max-age / Expires, within bounds). */
  cacheSeconds: number;
}

/** Why a guarded fetch refused or failed; the message is safe to show to the one who chose the URL. */
export class OutboundFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OutboundFetchError";
  }
}

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(address, prefix, "ipv6");
}

/** Whether `address` (an IP literal) is not on the public internet. */
export function isNonPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, "ipv4");
  return blocked.check(address, "ipv6");
}

/** Reads Cache-Control (no-store / no-cache / max-age) and Expires into seconds, within bounds. */
export function cacheSecondsOf(
  headers: http.IncomingHttpHeaders,
  { min, max, fallback }: { min: number; max: number; fallback: number },
): number {
  const control = String(headers["cache-control"] ?? "").toLowerCase();
  let seconds = fallback;
  if (/(^|,)\s*(no-store|no-cache)\b/.test(control)) seconds = 0;
  else {
    const maxAge = /(?:^|,)\s*max-age\s*=\s*"?(\d+)/.exec(control);
    if (maxAge) seconds = Number(maxAge[1]);
    else if (headers.expires) {
      const at = Date.parse(String(headers.expires));
      if (!Number.isNaN(at)) seconds = Math.floor((at - Date.now()) / 1000);
    }
  }
  return Math.min(max, Math.max(min, seconds));
}

/** GET `url` as described above; throws OutboundFetchError for every refusal and failure. */
export function guardedFetch(url: string, options: GuardedFetchOptions = {}): Promise<GuardedFetchResult> {
  const {
    allowPrivateAddresses = false,
    protocols = ["https:"],
    maxBytes = 64 * 1024,
    timeoutMs = 5000,
    minCacheSeconds = 60,
    maxCacheSeconds = 24 * 60 * 60,
    defaultCacheSeconds = 60 * 60,
  } = options;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.reject(new OutboundFetchError("not a URL"));
  }
  if (!protocols.includes(target.protocol as "https:")) {
    return Promise.reject(new OutboundFetchError(`only ${protocols.join(" or ")} URLs are fetched`));
  }
  if (target.username || target.password) {
    return Promise.reject(new OutboundFetchError("URLs with credentials are not fetched"));
  }
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivateAddresses && net.isIP(host) && isNonPublicAddress(host)) {
    return Promise.reject(new OutboundFetchError(`${host} is not a public address`));
  }
  // The connection's own lookup: whatever the name resolves to at connect time is what is checked.
  const lookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as LookupAddress[];
      const bad = allowPrivateAddresses ? undefined : list.find((entry) => isNonPublicAddress(entry.address));
      if (bad) {
        return callback(
          new OutboundFetchError(`${hostname} resolves to ${bad.address}, not a public address`),
          "",
          0,
        );
      }
      const first = list[0];
      if (!first) return callback(new OutboundFetchError(`${hostname} has no address`), "", 0);
      if ((lookupOptions as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      } else callback(null, first.address, first.family);
    });
  };
  const client = target.protocol === "https:" ? https : http;
  return new Promise<GuardedFetchResult>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(error instanceof OutboundFetchError ? error : new OutboundFetchError(messageOf(error)));
    };
    const body = options.body === undefined ? undefined : Buffer.from(options.body, "utf8");
    const request = client.request(
      target,
      {
        method: options.method ?? "GET",
        lookup,
        headers: {
          accept: "application/json",
          "user-agent": "board-api",
          ...options.headers,
          ...(body ? { "content-length": String(body.length) } : {}),
        },
        agent: false,
        ...(options.ca ? { ca: options.ca } : {}),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          fail(new OutboundFetchError(`answered a redirect (${status}); redirects are not followed`));
          return;
        }
        const declared = Number(response.headers["content-length"]);
        if (!options.truncate && Number.isFinite(declared) && declared > maxBytes) {
          fail(new OutboundFetchError(`the document is larger than ${maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes && options.truncate) {
            if (size - chunk.length < maxBytes)
              chunks.push(chunk.subarray(0, maxBytes - (size - chunk.length)));
          } else if (size > maxBytes)
            fail(new OutboundFetchError(`the document is larger than ${maxBytes} bytes`));
          else chunks.push(chunk);
        });
        response.on("error", fail);
        response.on("end", () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({
            status,
            contentType: String(response.headers["content-type"] ?? ""),
            body: Buffer.concat(chunks).toString("utf8"),
            cacheSeconds: cacheSecondsOf(response.headers, {
              min: minCacheSeconds,
              max: maxCacheSeconds,
              fallback: defaultCacheSeconds,
            }),
          });
        });
      },
    );
    request.on("error", fail);
    request.end(body);
    const timer = setTimeout(
      () => fail(new OutboundFetchError(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
}

function messageOf(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}
