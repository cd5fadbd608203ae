import type { DetectionEnvironment } from "./environment.ts";
import { isGecko, isMobile } from "./user-agent.ts";

/**
 * The `authenticatorAttachment` the register component asks for: on mobile none (all kinds); on a
 * desktop with a platform authenticator, and on desktop Chromium without one, `cross-platform`
 * (a security key or a phone). Other desktops (which use QR) get none.
 */
export async function registerAttachment(
  env: DetectionEnvironment,
): Promise<AuthenticatorAttachment | undefined> {
  if (isMobile(env)) return undefined;
  if (await env.platformAuthenticator()) return "cross-platform";
  return isGecko(env) ? undefined : "cross-platform";
}

/** A value the server put in the creation options wins over the component's own choice. */
export function effectiveAttachment(
  serverValue: AuthenticatorAttachment | undefined,
  requested: AuthenticatorAttachment | undefined,
): AuthenticatorAttachment | undefined {
  return serverValue ?? requested;
}
