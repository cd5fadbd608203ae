import { isIPv4 } from "node:net";
import type { QrNetwork } from "@org/contracts";
import { clientIpKey } from "@org/service-kit";

/**
 * The network a client address belongs to, as the phone page compares it: an IPv4 address's /24,
 * an IPv6 address's /64 (an IPv4-mapped address counts as IPv4). A phone on the same Wi-Fi as the
 * computer reaches the server from the same one; a phone elsewhere (mobile data, another place)
 * does not, and neither does a victim shown an attacker's code.
 */
export function networkOf(ip: string | undefined): string | null {
  if (!ip) return null;
  const key = clientIpKey(ip);
  if (isIPv4(key)) return `${key.split(".").slice(0, 3).join(".")}.0/24`;
  return key.includes("/") ? key : null;
}

/** The phone's network against the starter's. */
export function compareNetworks(starter: string | null, phoneIp: string | undefined): QrNetwork {
  const phone = networkOf(phoneIp);
  if (!starter || !phone) return "unknown";
  return starter === phone ? "same" : "different";
}
