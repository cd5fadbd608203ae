import type { DetectionEnvironment } from "./environment.ts";
import { iosMajorVersion, isGecko, isMobile } from "./user-agent.ts";

/** The `mode` attribute of the composite components. */
export type RequestedMode = "auto" | "passkey" | "qr" | "qr-desktop";

/** What a composite component shows. */
export type DetectedMode = "passkey" | "qr" | "unavailable";

/** Why, as reported in `mode-detected`. */
export type ModeReason =
  | "override"
  | "passkey_unsupported"
  | "forced_qr_desktop"
  | "override_qr_desktop"
  | "insecure_mobile"
  | "insecure_desktop"
  | "webauthn_unsupported"
  | "ios_direct"
  | "mobile"
  | "platform_authenticator"
  | "desktop_platform"
  | "firefox"
  | "chromium_native_qr";

export interface ModeDecision {
  mode: DetectedMode;
  reason: ModeReason;
}

/**
 * Which component asks. The table has two reasons for steps 0d and 5; the sign-in component
 * reports `override_qr_desktop` / `platform_authenticator`, the registration component
 * `forced_qr_desktop` / `desktop_platform`.
 */
export type DetectingComponent = "authenticate" | "register";

/** Parses the attribute; anything unknown (or absent) is `auto`. */
export function requestedMode(value: string | null | undefined): RequestedMode {
  return value === "passkey" || value === "qr" || value === "qr-desktop" ? value : "auto";
}

/**
 * The component mode table (steps 0a–7). Asynchronous because the platform authenticator check is.
 * `mode` auto (or omitted) starts at step 1.
 */
export async function detectMode(
  env: DetectionEnvironment,
  mode: RequestedMode = "auto",
  component: DetectingComponent = "authenticate",
): Promise<ModeDecision> {
  const mobile = isMobile(env);
  const webAuthnUsable = env.isSecureContext && env.hasWebAuthn;
  // 0a, 0b
  if (mode === "passkey") {
    return webAuthnUsable
      ? { mode: "passkey", reason: "override" }
      : { mode: "unavailable", reason: "passkey_unsupported" };
  }
  // 0c
  if (mode === "qr") return { mode: "qr", reason: "override" };
  // 0d (0e: qr-desktop on mobile continues with step 1)
  if (mode === "qr-desktop" && !mobile) {
    return { mode: "qr", reason: component === "register" ? "forced_qr_desktop" : "override_qr_desktop" };
  }
  // 1, 2
  if (!env.isSecureContext) {
    return mobile
      ? { mode: "unavailable", reason: "insecure_mobile" }
      : { mode: "qr", reason: "insecure_desktop" };
  }
  // 3
  if (!env.hasWebAuthn) return { mode: "qr", reason: "webauthn_unsupported" };
  // 4a, 4b
  if (mobile) {
    const ios = iosMajorVersion(env);
    return ios !== undefined && ios < 18
      ? { mode: "passkey", reason: "ios_direct" }
      : { mode: "passkey", reason: "mobile" };
  }
  // 5
  if (await env.platformAuthenticator()) {
    return {
      mode: "passkey",
      reason: component === "register" ? "desktop_platform" : "platform_authenticator",
    };
  }
  // 6
  if (isGecko(env)) return { mode: "qr", reason: "firefox" };
  // 7
  return { mode: "passkey", reason: "chromium_native_qr" };
}
