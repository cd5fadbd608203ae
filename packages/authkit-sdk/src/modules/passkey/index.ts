import type { AuthKit } from "../../core/authkit.ts";
import type { AuthResponse } from "../../core/types.ts";
import { authenticateWithPasskey, type PasskeyAuthenticateOptions } from "./authenticate.ts";
import { registerPasskey, type PasskeyRegisterOptions } from "./register.ts";

export type { PasskeyAuthenticateOptions, PasskeyRegisterOptions };

/** Passkey login and registration on this device. */
export class PasskeyModule {
  constructor(private readonly auth: AuthKit) {}

  /** Signs in with a passkey. Resolves to an AuthResponse (failures too: `success: false`). */
  authenticate(options?: PasskeyAuthenticateOptions): Promise<AuthResponse> {
    return authenticateWithPasskey(this.auth, options);
  }

  /** Creates a passkey for the user of the token (or of the session cookie). */
  register(options: PasskeyRegisterOptions): Promise<AuthResponse> {
    return registerPasskey(this.auth, options);
  }
}
