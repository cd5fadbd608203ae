import { platformAuthenticatorAvailable, supportsWebAuthn } from "../webauthn/ceremony.ts";

/** What mode detection looks at, injected so that the decision is a pure function. */
export interface DetectionEnvironment {
  /** `window.isSecureContext` (https, or http://localhost). */
  isSecureContext: boolean;
  /** The WebAuthn API is present (`window.PublicKeyCredential`). */
  hasWebAuthn: boolean;
  /** Resolves whether a user-verifying platform authenticator (Touch ID, Windows Hello, …) is available. */
  platformAuthenticator(): Promise<boolean>;
  userAgent: string;
  /** `navigator.maxTouchPoints`: tells an iPad (which reports a Mac user agent) from a Mac. */
  maxTouchPoints: number;
}

/** The environment of the page this code runs in. */
export function browserEnvironment(): DetectionEnvironment {
  const hasWindow = typeof window !== "undefined";
  return {
    isSecureContext: hasWindow && window.isSecureContext,
    hasWebAuthn: hasWindow && supportsWebAuthn(),
    platformAuthenticator: platformAuthenticatorAvailable,
    userAgent: typeof navigator === "undefined" ? "" : navigator.userAgent,
    maxTouchPoints: typeof navigator === "undefined" ? 0 : navigator.maxTouchPoints || 0,
  };
}
