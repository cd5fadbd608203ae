import type { IncomingMessage } from "node:http";
import { ipKeyGenerator } from "express-rate-limit";
import proxyAddr from "proxy-addr";
import type { TrustProxy } from "./trust-proxy.ts";

/**
 * IPv6 clients are counted by their /64: one household, office or host gets a whole /64 from its
 * provider and could otherwise take a fresh address for every request.
 */
export const IPV6_PREFIX_BITS = 64;

/**
 * The key of a client address in every per-IP limit: an IPv4 address as it is (an IPv4-mapped
 * IPv6 address as its IPv4 address), an IPv6 address as its /64 network (`2001:db8:1:2::/64`).
 */
export function clientIpKey(ip: string | undefined): string {
  return ip ? ipKeyGenerator(ip, IPV6_PREFIX_BITS) : "unknown";
}

/**
 * The client address of a raw request (socket.io handshakes never reach Express): the connection's
 * address, or what `X-Forwarded-For` says when `TRUST_PROXY` names the proxies in front, with the
 * same rules as Express's `req.ip`.
 */
export function clientIpOf(req: IncomingMessage, trustProxy: TrustProxy = false): string | undefined {
  const trust =
    trustProxy === false
      ? () => false
      : typeof trustProxy === "number"
        ? (_address: string, hop: number) => hop < trustProxy
        : proxyAddr.compile(trustProxy);
  try {
    return proxyAddr(req, trust);
  } catch {
    return req.socket.remoteAddress;
  }
}
