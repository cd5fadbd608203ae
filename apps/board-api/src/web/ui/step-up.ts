// Step-up (issue 28): account security changes (adding or deleting a passkey, creating an API
// token, connecting an app) need a passkey used in the last 5 minutes. When the server answers
// `step_up_required`, `withStepUp` asks the person to confirm with their passkey in a dialog (the
// auth server's <authkit-authenticate>, as at sign-in), posts the login to /app/auth/step-up, and
// sends the change again.
import type { AuthenticateSuccessDetail } from "@org/authkit-sdk";
import "@org/web-kit/dialog";
import { html, LitElement, nothing, type PropertyDeclarations } from "lit";
import { ApiError, callWeb } from "../api.ts";
import { loadAuthKit } from "../sdk.ts";
import { base } from "../styles.ts";
import { stepUpStyles } from "./step-up.styles.ts";

/** Whether `error` is the server asking for a step-up. */
export function needsStepUp(error: unknown): boolean {
  return error instanceof ApiError && error.code === "step_up_required";
}

/** The dialog behind `confirmWithPasskey`. */
export class BoardStepUp extends LitElement {
  static override styles = [base, stepUpStyles];
  static override properties: PropertyDeclarations = {
    authServerUrl: { attribute: false },
    sessionToken: { state: true },
    sdkReady: { state: true },
    error: { state: true },
  };

  authServerUrl = "";
  sessionToken = "";
  sdkReady = false;
  error = "";
  #answer: ((confirmed: boolean) => void) | undefined;
  #confirmed = false;

  /** Opens the dialog; resolves true once the server recorded the step-up, false when closed. */
  async ask(): Promise<boolean> {
    const answered = new Promise<boolean>((resolve) => (this.#answer = resolve));
    await this.updateComplete;
    await this.renderRoot.querySelector("kit-dialog")?.show();
    if (!this.authServerUrl) {
      this.error = "Passkeys are not configured on this server (AUTH_SERVER_URL).";
      return answered;
    }
    loadAuthKit().then(
      () => (this.sdkReady = true),
      () => (this.error = "The sign-in service cannot be reached right now. Try again in a moment."),
    );
    await this.#fetchToken();
    return answered;
  }

  async #fetchToken() {
    try {
      this.sessionToken = (await callWeb("get_sign_in_token")).token;
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  async #onSuccess(event: CustomEvent<AuthenticateSuccessDetail>) {
    this.error = "";
    try {
      await callWeb("step_up", { body: { challengeId: event.detail.challengeId } });
      this.#confirmed = true;
      this.renderRoot.querySelector("kit-dialog")?.close();
    } catch (error) {
      this.error = (error as Error).message;
      // A login is spent by the check: another try needs a new token.
      this.sessionToken = "";
      void this.#fetchToken();
    }
  }

  #onError(event: CustomEvent<{ error: Error; code: string }>) {
    this.error =
      event.detail.code === "user_cancelled" || event.detail.code === "credential_not_found"
        ? "No passkey was used. Try again with the passkey of this account, on this device or a phone."
        : event.detail.error.message;
  }

  protected override render() {
    return html`<kit-dialog heading="Confirm it’s you" @closed=${() => this.#answer?.(this.#confirmed)}>
      <p>
        This change needs your passkey used in the last 5 minutes, so that a stolen session alone cannot make
        it. Confirm with your fingerprint, face or device PIN; the change is then made.
      </p>
      ${
        this.sdkReady && this.sessionToken
          ? html`<authkit-authenticate
              api-base-url=${this.authServerUrl}
              token=${this.sessionToken}
              label="Confirm with your passkey"
              theme="class"
              @success=${this.#onSuccess}
              @error=${this.#onError}
              @expired=${() => void this.#fetchToken()}
            ></authkit-authenticate>`
          : this.error
            ? nothing
            : html`<p class="faint">Preparing…</p>`
      }
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      <button
        slot="footer"
        class="button"
        type="button"
        @click=${() => this.renderRoot.querySelector("kit-dialog")?.close()}
      >
        Cancel
      </button>
    </kit-dialog>`;
  }
}
customElements.define("board-step-up", BoardStepUp);

/** The auth server's URL, as the app shell was given it. */
function authServerUrl(): string {
  return document.querySelector<HTMLElement>("board-app")?.dataset.authServerUrl ?? "";
}

/** Asks for the passkey; resolves true once the session is stepped up, false when the person cancelled. */
export async function confirmWithPasskey(): Promise<boolean> {
  const element = document.createElement("board-step-up");
  element.authServerUrl = authServerUrl();
  document.body.append(element);
  try {
    return await element.ask();
  } finally {
    element.remove();
  }
}

/** Thrown when the person closed the passkey prompt: the change was not made. */
export class StepUpCancelled extends Error {
  constructor() {
    super("Not changed: confirming with your passkey was cancelled.");
  }
}

/**
 * Runs a security change; when the server asks for a step-up, asks for the passkey and runs it
 * once more. Throws `StepUpCancelled` when the person closes the prompt.
 */
export async function withStepUp<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (!needsStepUp(error)) throw error;
    if (!(await confirmWithPasskey())) throw new StepUpCancelled();
    return change();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "board-step-up": BoardStepUp;
  }
}
