import type { AuthKit } from "../../core/authkit.ts";
import type { PasskeySuccessDetail } from "../events.ts";

/**
 * The `autofill` attribute of `<authkit-authenticate>`: while the element is on the page, the
 * browser offers the site's passkeys in the autofill of the page's `<input autocomplete="username
 * webauthn">` (on the page itself: it must be on the tenant's rp_id). A pick signs in as the
 * button would; after a failure, or when the button's own request replaced it, it offers them again.
 */
export class Autofill {
  #running = false;
  #auth: AuthKit | undefined;

  constructor(
    private readonly authKit: (token: string) => AuthKit,
    private readonly onSuccess: (detail: PasskeySuccessDetail) => void,
    /** The field the browser offers passkeys in, when it is in a shadow root (`<authkit-login>`'s). */
    private readonly shadowField?: () => Element | null,
  ) {}

  start(token: string): void {
    this.stop();
    const field = this.shadowField ?? (() => document.querySelector("input[autocomplete$='webauthn']"));
    if (!field()) {
      console.warn('[AuthKit] autofill: the page has no <input autocomplete="username webauthn">.');
      return;
    }
    this.#running = true;
    this.#auth = this.authKit(token);
    void this.#loop(this.#auth);
  }

  stop(): void {
    if (!this.#running) return;
    this.#running = false;
    this.#auth?.passkey.cancelAutofill();
    this.#auth = undefined;
  }

  async #loop(auth: AuthKit): Promise<void> {
    while (this.#running && this.#auth === auth) {
      const result = await auth.passkey.autofill();
      if (this.#auth !== auth || !this.#running) return;
      if (result.success) {
        this.#running = false;
        const { success: _success, ...login } = result;
        this.onSuccess(login);
        return;
      }
      if (result.error_code === "webauthn_not_supported" || result.error_code === "configuration_error")
        return;
      // Offered again after a moment (a cancelled or failed pick, or the button's request in between).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}
