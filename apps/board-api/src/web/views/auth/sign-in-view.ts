// Sign-in with a passkey, through the auth server's iframe (<authkit-authenticate>). A person with
// no passkey for the board on this device is offered a phone that has one (QR) or a new account.
import type { AuthenticateSuccessDetail } from "@org/authkit-sdk";
import { html, LitElement, nothing } from "lit";
import { callWeb } from "../../api.ts";
import { loadAuthKit } from "../../sdk.ts";
import { base } from "../../styles.ts";
import { authStyles } from "./auth.styles.ts";
import { emit } from "../../events.ts";

/** Set once this browser has signed in: later visits are greeted as returning. */
const RETURNING_KEY = "board-signed-in-before";

export function rememberSignedIn(): void {
  localStorage.setItem(RETURNING_KEY, "1");
}

/**
 * @event signed-in - `WebSessionInfo`, once the board's server confirmed the login.
 */
export class BoardSignIn extends LitElement {
  static override styles = [base, authStyles];

  static override properties = {
    authServerUrl: {},
    sessionToken: { state: true },
    error: { state: true },
    sdkReady: { state: true },
    usePhone: { state: true },
    noPasskey: { state: true },
  };

  /** The auth server (the component's api-base-url). */
  authServerUrl = "";
  sessionToken = "";
  error = "";
  sdkReady = false;
  /** Sign in with a phone's passkey (the QR code) instead of this device's. */
  usePhone = false;
  /** The passkey prompt ended without a passkey: say what to do instead. */
  noPasskey = false;
  private readonly returning = localStorage.getItem(RETURNING_KEY) === "1";

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.authServerUrl) {
      this.error = "Sign-in is not configured on this server (AUTH_SERVER_URL).";
      return;
    }
    loadAuthKit().then(
      () => (this.sdkReady = true),
      () => (this.error = "The sign-in service cannot be reached right now. Try again in a moment."),
    );
    void this.fetchSessionToken();
  }

  private async fetchSessionToken() {
    try {
      this.sessionToken = (await callWeb("get_sign_in_token")).token;
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  private async onSuccess(event: CustomEvent<AuthenticateSuccessDetail>) {
    this.error = "";
    try {
      const session = await callWeb("sign_in", { body: { challengeId: event.detail.challengeId } });
      rememberSignedIn();
      emit(this, "signed-in", session, { bubbles: true, composed: true });
    } catch (error) {
      this.error = (error as Error).message;
      this.sessionToken = "";
      void this.fetchSessionToken();
    }
  }

  /**
   * The browser reports "no passkey here" and "prompt closed" alike (NotAllowedError): either way
   * the way forward is a phone or a new account, never a bare "cancelled".
   */
  private onError(event: CustomEvent<{ error: Error; code: string }>) {
    if (event.detail.code === "user_cancelled" || event.detail.code === "credential_not_found") {
      this.noPasskey = true;
    } else {
      this.error = event.detail.error.message;
    }
  }

  private renderAuthenticate() {
    if (!this.sdkReady || !this.sessionToken)
      return this.error ? nothing : html`<p class="faint">Preparing sign-in…</p>`;
    return html`<authkit-authenticate
      api-base-url=${this.authServerUrl}
      token=${this.sessionToken}
      mode=${this.usePhone ? "qr-desktop" : "auto"}
      theme="class"
      @success=${this.onSuccess}
      @error=${this.onError}
      @expired=${() => void this.fetchSessionToken()}
    ></authkit-authenticate>`;
  }

  private renderOtherWays() {
    return html`<section class="other" aria-labelledby="other-title">
      <h2 id="other-title">No passkey on this device?</h2>
      ${
        this.noPasskey
          ? html`<p class="no-passkey" role="status">
              This device has no passkey for the board. Sign in with a phone that has one, or create an
              account.
            </p>`
          : nothing
      }
      <div class="row">
        <button
          class="button"
          aria-pressed=${this.usePhone}
          @click=${() => {
            this.usePhone = !this.usePhone;
            this.noPasskey = false;
          }}
        >
          ${this.usePhone ? "Use this device" : "Use a phone"}
        </button>
        <a class="button primary" href="/app/signup">Create an account</a>
      </div>
    </section>`;
  }

  protected override render() {
    return html`<section class="panel card" aria-live="polite">
      <div>
        ${this.returning ? html`<p class="eyebrow">Welcome back</p>` : nothing}
        <h1>Sign in</h1>
      </div>
      <p class="muted">
        ${
          this.usePhone
            ? "Scan the code with your phone's camera and confirm with the passkey on it."
            : "With the passkey you created for this board: your fingerprint, face or device PIN."
        }
      </p>
      ${this.renderAuthenticate()} ${this.renderOtherWays()}
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
    </section>`;
  }
}
customElements.define("board-sign-in", BoardSignIn);

declare global {
  interface HTMLElementTagNameMap {
    "board-sign-in": BoardSignIn;
  }
}
