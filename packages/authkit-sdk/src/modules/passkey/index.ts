import type { AuthKitClient } from "../../core/client.ts";
import type { AuthResponse, LoginResult, RegistrationResult } from "../../core/types.ts";
import {
  authenticateWithPasskey,
  autofillPasskey,
  cancelAutofill,
  type PasskeyAuthenticateOptions,
} from "./authenticate.ts";
import type { PasskeyRegisterOptions } from "./register.ts";

export type { PasskeyAuthenticateOptions, PasskeyRegisterOptions };

/** Passkey login and registration on this device. */
export class PasskeyModule {
  constructor(private readonly auth: AuthKitClient) {}

  /** Signs in with a passkey. Resolves to an AuthResponse (failures too: `success: false`). */
  authenticate(options?: PasskeyAuthenticateOptions): Promise<AuthResponse<LoginResult>> {
    return authenticateWithPasskey(this.auth, options);
  }

  /**
   * Offers the site's passkeys in the browser's autofill of an `<input autocomplete="username
   * webauthn">` on this page; resolves when the person picks one (as `authenticate()` does), or
   * with `user_cancelled` after `cancelAutofill()` or a modal passkey request on the page.
   */
  autofill(options?: PasskeyAuthenticateOptions): Promise<AuthResponse<LoginResult>> {
    return autofillPasskey(this.auth, options);
  }

  /** Ends a pending `autofill()`. */
  cancelAutofill(): void {
    cancelAutofill();
  }

  /**
   * Creates a passkey for the user of the token (or of the session cookie). Loaded when first
   * used, so a sign-in page does not download the registration code.
   */
  async register(options: PasskeyRegisterOptions): Promise<AuthResponse<RegistrationResult>> {
    const { registerPasskey } = await import("./register.ts");
    return registerPasskey(this.auth, options);
  }
}
