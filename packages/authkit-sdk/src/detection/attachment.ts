import type { AttachmentPolicy } from "../core/types.ts";
import type { DetectionEnvironment } from "./environment.ts";
import { isGecko, isMobile } from "./user-agent.ts";

/** The `authenticator-attachment` attribute of `<authkit-register>`: `any` asks for no kind in particular. */
export type AttachmentSetting = AuthenticatorAttachment | "any";

/** Parses the attribute; anything else (or absent) is undefined: detection decides. */
export function attachmentSetting(value: string | null | undefined): AttachmentSetting | undefined {
  return value === "platform" || value === "cross-platform" || value === "any" ? value : undefined;
}

/**
 * The seed's detection: the `authenticatorAttachment` the register component asks for when
 * neither its attribute nor the tenant says. On mobile none (all kinds); on a desktop with a
 * platform authenticator, and on desktop Chromium without one, `cross-platform` (a security key or
 * a phone). Other desktops (which use QR) get none.
 */
export async function registerAttachment(
  env: DetectionEnvironment,
): Promise<AuthenticatorAttachment | undefined> {
  if (isMobile(env)) return undefined;
  if (await env.platformAuthenticator()) return "cross-platform";
  return isGecko(env) ? undefined : "cross-platform";
}

/**
 * What the register component asks the server for: its `authenticator-attachment` attribute
 * beats detection (`any`: no kind at all). The tenant's policy, applied by `effectiveAttachment`
 * once the server answers, beats both.
 */
export async function requestedAttachment(
  env: DetectionEnvironment,
  setting: AttachmentSetting | undefined,
): Promise<AuthenticatorAttachment | undefined> {
  if (setting === "any") return undefined;
  return setting ?? registerAttachment(env);
}

/**
 * The attachment the browser is asked for. The precedence rule: the tenant's policy
 * (`attachmentPolicy`, `any` meaning none) beats everything; without one, a value the server put in
 * the creation options beats the client's own request.
 */
export function effectiveAttachment(
  serverValue: AuthenticatorAttachment | undefined,
  requested: AuthenticatorAttachment | undefined,
  policy?: AttachmentPolicy,
): AuthenticatorAttachment | undefined {
  if (policy) return policy === "any" ? undefined : policy;
  return serverValue ?? requested;
}
