import { html, type PropertyDeclarations } from "lit";
import type { AuthKitError } from "../../core/errors.ts";
import { format } from "../../i18n/index.ts";
import { AuthkitElement } from "../base/authkit-element.ts";
import { lockIcon } from "../base/icons.ts";
import { PromptStall } from "../base/prompt-stall.ts";
import { buttons, panel, tokens } from "../base/tokens.styles.ts";
import type { PasskeyEvents, StatusKind } from "../events.ts";
import "../status/index.ts";
import { passkeyStyles } from "./passkey.styles.ts";

/**
 * A "Sign in with Passkey" button: runs the passkey login on this page and reports it.
 *
 * @event success - `{ redirectUrl?, user?, challengeId?, prfOutput?, capabilities? }` after a login.
 * @event error - `{ error, code }` when the login fails or is cancelled.
 * @csspart button - The button.
 * @csspart icon - The lock icon.
 * @csspart label - The button text.
 * @csspart spinner - Shown in the button while waiting for the passkey.
 * @csspart status - The status line under the button (absent with `silent`).
 * @csspart panel - The 'Authentication Unavailable' panel.
 * @cssprop --authkit-primary - Button background.
 * @cssprop --authkit-primary-hover - Button background on hover.
 * @cssprop --authkit-on-primary - Button text colour.
 * @cssprop --authkit-radius - Corner radius.
 * @cssprop --authkit-button-height - Button height.
 * @cssprop --authkit-font-family - Font.
 * @cssprop --authkit-focus-ring - Focus outline colour.
 */
export class AuthkitPasskey extends AuthkitElement<PasskeyEvents> {
  static override styles = [tokens, buttons, panel, passkeyStyles];
  static override properties: PropertyDeclarations = {
    token: {},
    label: {},
    buttonClass: { attribute: "button-class" },
    prf: { type: Boolean },
    busy: { state: true },
    status: { state: true },
    message: { state: true },
  };

  /** Session token from POST /api/v1/session-token (sent as Bearer). */
  token = "";
  /** Button text; default a lock icon and 'Sign in with Passkey'. */
  label = "";
  /** 'primary-button' (filled) or 'secondary-button' (outlined). */
  buttonClass = "primary-button";
  /** Evaluate PRF with the tenant's salt: `success` carries `prfOutput` and `capabilities`. */
  prf = false;

  /**
   * Set by the sign-in embed, which shows "sign in with your phone" next to this button: the
   * status of a prompt left unanswered then points at it.
   */
  phoneOffered = false;

  private busy = false;
  private status: StatusKind = "idle";
  private message = "";
  /** The browser's prompt, unanswered for a while, gets a status saying what may be wrong. */
  readonly #stall = new PromptStall();

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stall.stop();
  }

  protected override missingAttributes(): string[] {
    return [...super.missingAttributes(), ...(this.token ? [] : ["token"])];
  }

  /** Starts the passkey login (what a click does). */
  async authenticate(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.status = "loading";
    this.message = this.t.waitingForPasskey;
    this.#stall.start(() => {
      this.status = "notice";
      this.message = this.phoneOffered ? this.t.promptStalledSignIn : this.t.promptStalledPasskey;
    });
    const auth = this.authKit(this.token);
    const result = await auth.passkey.authenticate({
      prf: this.prf,
      onError: (error) => this.#failed(error),
    });
    this.#stall.stop();
    this.busy = false;
    if (!result.success) return;
    this.status = "success";
    this.message = result.user?.displayName
      ? format(this.t.signedInAs, { name: result.user.displayName })
      : this.t.signedIn;
    const { success: _success, ...login } = result;
    this.emit("success", login);
  }

  #failed(error: AuthKitError) {
    this.#stall.stop();
    this.status = "error";
    this.message = this.describe(error);
    this.emit("error", { error, code: error.code });
  }

  protected override render() {
    const missing = this.missingAttributes();
    if (missing.length) return this.renderUnavailable(this.missingMessage(missing));
    const variant = this.buttonClass === "secondary-button" ? "secondary-button" : "primary-button";
    return html`<div class="stack">
      <button
        class="button ${variant}"
        part="button"
        type="button"
        ?disabled=${this.busy}
        aria-busy=${this.busy ? "true" : "false"}
        @click=${() => void this.authenticate()}
      >
        ${this.busy ? html`<span class="spinner" part="spinner" aria-hidden="true"></span>` : lockIcon}
        <span part="label">${this.label || this.t.signInLabel}</span>
      </button>
      ${
        this.silent
          ? null
          : html`<authkit-status
              part="status"
              exportparts="status: status-line"
              theme=${this.themeController.resolved}
              .status=${this.status}
              .message=${this.message}
            ></authkit-status>`
      }
    </div>`;
  }
}
