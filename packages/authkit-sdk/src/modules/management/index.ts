import type { AuthKit } from "../../core/authkit.ts";
import { toAuthKitError } from "../../core/errors.ts";
import type { PasskeyInfo } from "../../core/types.ts";

/** The signed-in user's passkeys; needs the auth server's session cookie (same origin). */
export class ManagementModule {
  constructor(private readonly auth: AuthKit) {}

  /** `GET /auth/v1/passkeys`. Emits PASSKEYS_LOADED. Rejects with an AuthKitError. */
  async list(): Promise<PasskeyInfo[]> {
    try {
      const passkeys = await this.auth.request<PasskeyInfo[]>({ path: "/auth/v1/passkeys", token: null });
      this.auth.emit("authkit:passkeys:loaded", { count: passkeys.length });
      return passkeys;
    } catch (error) {
      throw toAuthKitError(error);
    }
  }

  /** `DELETE /auth/v1/passkeys/{id}`. Emits PASSKEY_DELETED. Rejects with an AuthKitError. */
  async delete(passkeyId: string): Promise<void> {
    try {
      await this.auth.request<void>({
        method: "DELETE",
        path: `/auth/v1/passkeys/${encodeURIComponent(passkeyId)}`,
        token: null,
      });
    } catch (error) {
      throw toAuthKitError(error);
    }
    this.auth.emit("authkit:passkey:deleted", { passkeyId });
  }
}
