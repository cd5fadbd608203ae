import { isIP } from "node:net";

/**
 * Express's `trust proxy` setting: `false` (the socket's address is the client), a hop count (the
 * client is that many `X-Forwarded-For` entries in from the right), or the addresses, subnets and
 * presets of the proxies to trust.
 */
export type TrustProxy = false | number | string[];

const PRESETS = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrSubnet(entry: string): boolean {
  if (PRESETS.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Parses `TRUST_PROXY`. Empty, `false` or `0`: off. A positive integer: that many proxies in front.
 * Otherwise a comma-separated list of IPs, CIDR subnets and the presets `loopback`, `linklocal`,
 * `uniquelocal`. `true` (trust every hop, so any client could name its own address) is refused.
 * Returns an error message for anything else.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | { error: string } {
  const text = (value ?? "").trim();
  if (text === "" || text === "false" || text === "0") return false;
  if (/^[1-9]\d{0,2}$/.test(text)) return Number(text);
  if (text === "true") {
    return {
      error: "true would trust any client's X-Forwarded-For; give a hop count or the proxies' addresses",
    };
  }
  const entries = text.split(",").map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrSubnet(entry));
  if (bad.length > 0) {
    return { error: `not a hop count, IP address, subnet or preset: ${bad.join(", ")}` };
  }
  return entries;
}
