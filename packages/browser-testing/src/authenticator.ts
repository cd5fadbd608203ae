import type { CDPSession, Page } from "playwright-core";

export interface VirtualAuthenticatorOptions {
  /** Supports the PRF extension (hmac-secret). Default false. */
  prf?: boolean;
  /** Reports the user as verified (false makes ceremonies that require UV fail like a dismissed dialog). Default true. */
  userVerified?: boolean;
  /** Stores discoverable credentials (passkeys). Default true. */
  residentKey?: boolean;
  /** 'internal' (a platform authenticator, default) or 'usb' (a security key: cross-platform). */
  transport?: "internal" | "usb" | "nfc" | "ble" | "hybrid";
}

export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  userHandle?: string;
  signCount: number;
}

export interface VirtualAuthenticator {
  authenticatorId: string;
  /** The credentials it holds now. */
  credentials(): Promise<VirtualCredential[]>;
  setUserVerified(verified: boolean): Promise<void>;
  remove(): Promise<void>;
}

/**
 * A DevTools (CDP) virtual authenticator on the page's browser context: a CTAP2 authenticator that
 * answers WebAuthn ceremonies without a person, including in iframes of the page.
 */
export async function addVirtualAuthenticator(
  page: Page,
  {
    prf = false,
    userVerified = true,
    residentKey = true,
    transport = "internal",
  }: VirtualAuthenticatorOptions = {},
): Promise<VirtualAuthenticator> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      ctap2Version: "ctap2_1",
      transport,
      hasResidentKey: residentKey,
      hasUserVerification: true,
      isUserVerified: userVerified,
      automaticPresenceSimulation: true,
      ...(prf ? { hasPrf: true } : {}),
    },
  });
  return {
    authenticatorId,
    async credentials() {
      const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
      return credentials as VirtualCredential[];
    },
    async setUserVerified(isUserVerified) {
      await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified });
    },
    async remove() {
      await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
    },
  };
}
