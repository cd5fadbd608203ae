import type { AuthKitClient, ClientRequestOptions } from "../../core/client.ts";
import { toAuthKitError } from "../../core/errors.ts";
import type {
  AuthenticateStartAnswer,
  PasskeyInfo,
  RenamePasskeyBody,
  StepUpAnswer,
} from "../../core/types.ts";
import { getCredential } from "../../webauthn/ceremony.ts";

/** A passkey as management lists it: the authenticator named from its AAGUID, and whether it syncs. */
export interface PasskeyDetails extends PasskeyInfo {
  /** The maker of the authenticator (e.g. "iCloud Keychain", "Windows Hello"), or null when unknown. */
  authenticator?: string | null;
  /** Backed up: synced to the person's other devices. */
  synced?: boolean;
}

/** Options of a management call. */
export interface ManagementOptions {
  /** Cancels the request. */
  signal?: AbortSignal;
}

/**
 * The user's passkeys. On a tenant's page: with a manage-scoped user token as the instance's
 * `token` (`POST /api/v1/user-token` with `"scope": "manage"`). On the auth server's own pages:
 * with its session cookie (no token). Every call rejects with an AuthKitError.
 */
export class ManagementModule {
  constructor(private readonly auth: AuthKitClient) {}

  /** `GET /auth/v1/passkeys`, oldest first. Emits PASSKEYS_LOADED. */
  async list(options: ManagementOptions = {}): Promise<PasskeyDetails[]> {
    const passkeys = await this.#call<PasskeyDetails[]>({
      path: "/auth/v1/passkeys",
      signal: options.signal,
    });
    this.auth.emit("authkit:passkeys:loaded", { count: passkeys.length });
    return passkeys;
  }

  /** `PATCH /auth/v1/passkeys/{passkey_id}`: a new name (1 to 100 characters). */
  rename(passkeyId: string, name: string, options: ManagementOptions = {}): Promise<PasskeyDetails> {
    return this.#call<PasskeyDetails>({
      method: "PATCH",
      path: `/auth/v1/passkeys/${encodeURIComponent(passkeyId)}`,
      body: { name } satisfies RenamePasskeyBody,
      signal: options.signal,
    });
  }

  /** `DELETE /auth/v1/passkeys/{passkey_id}`. Emits PASSKEY_DELETED. */
  async delete(passkeyId: string, options: ManagementOptions = {}): Promise<void> {
    await this.#call<void>({
      method: "DELETE",
      path: `/auth/v1/passkeys/${encodeURIComponent(passkeyId)}`,
      signal: options.signal,
    });
    this.auth.emit("authkit:passkey:deleted", { passkeyId });
  }

  /**
   * Step-up: `POST /auth/v1/step-up/start` → the browser's passkey prompt → `/finish`. One of the
   * user's own passkeys, used now, lets this token delete passkeys for 5 minutes (a delete without
   * it rejects with `serverCode: "step_up_required"`). Resolves with when it stops counting.
   */
  async stepUp(options: ManagementOptions = {}): Promise<StepUpAnswer> {
    let rpId: string | undefined;
    try {
      const start = await this.auth.request<AuthenticateStartAnswer>({
        method: "POST",
        path: "/auth/v1/step-up/start",
        body: {},
        signal: options.signal,
      });
      rpId = start.options.rpId;
      const credential = await getCredential(start.options);
      return await this.auth.request<StepUpAnswer>({
        method: "POST",
        path: "/auth/v1/step-up/finish",
        body: { challengeId: start.challengeId, credential },
        signal: options.signal,
      });
    } catch (error) {
      throw toAuthKitError(error, { rpId });
    }
  }

  async #call<T>(options: ClientRequestOptions): Promise<T> {
    try {
      return await this.auth.request<T>(options);
    } catch (error) {
      throw toAuthKitError(error);
    }
  }
}
