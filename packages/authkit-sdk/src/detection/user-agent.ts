import type { DetectionEnvironment } from "./environment.ts";

type Agent = Pick<DetectionEnvironment, "userAgent" | "maxTouchPoints">;

/** iPadOS 13+ reports a Mac user agent; touch points tell it apart. */
function isIPadWithMacAgent({ userAgent, maxTouchPoints }: Agent): boolean {
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}

/** iOS / iPadOS (every browser there is WebKit). */
export function isIOS(agent: Agent): boolean {
  return /iPhone|iPad|iPod/.test(agent.userAgent) || isIPadWithMacAgent(agent);
}

/** A phone or tablet. */
export function isMobile(agent: Agent): boolean {
  return isIOS(agent) || /Android|Mobile|webOS|BlackBerry|IEMobile|Opera Mini/i.test(agent.userAgent);
}

/**
 * The iOS major version: `OS 17_4` in iPhone/iPad user agents, else Safari's `Version/17.4`
 * (iPad with a Mac agent). Undefined when not iOS or not stated.
 */
export function iosMajorVersion(agent: Agent): number | undefined {
  if (!isIOS(agent)) return undefined;
  const match = /OS (\d+)[_.]\d+/.exec(agent.userAgent) ?? /Version\/(\d+)/.exec(agent.userAgent);
  return match?.[1] ? Number(match[1]) : undefined;
}

/** Firefox, Waterfox or another Gecko browser (`Gecko/` followed by a date; Chromium says "like Gecko"). */
export function isGecko({ userAgent }: Agent): boolean {
  return /Firefox\/|Waterfox\/|FxiOS\/|Gecko\/\d/.test(userAgent);
}
