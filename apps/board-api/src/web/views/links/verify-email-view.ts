// /app/verify-email#<secret>: the link mailed to verify an address. Confirms it for the signed-in
// account (the one it was sent to); signed out, the app asks to sign in first and comes back.
import type { User } from "@org/contracts";
import { html, LitElement } from "lit";
import { call } from "../../api.ts";
import { base } from "../../styles.ts";
import { linkToken } from "./link-token.ts";
import { linkViewStyles } from "./links.styles.ts";
import { emit } from "../../events.ts";

/**
 * @event user-changed - `User`, once the address is verified.
 */
export class BoardVerifyEmailView extends LitElement {
  static override styles = [base, linkViewStyles];
  static override properties = { verified: { state: true }, error: { state: true } };
  verified: User | null = null;
  error = "";

  override connectedCallback(): void {
    super.connectedCallback();
    void this.confirm();
  }

  private async confirm() {
    const token = linkToken();
    if (!token) {
      this.error = "This link is incomplete: open the whole link from the mail, including the part after #.";
      return;
    }
    try {
      this.verified = await call("confirm_email", { body: { token } });
      emit(this, "user-changed", this.verified, { bubbles: true, composed: true });
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  protected override render() {
    return html`<section class="panel" aria-labelledby="verify-title">
      <h1 id="verify-title">Email address</h1>
      ${
        this.verified
          ? html`<p role="status"><strong>${this.verified.email}</strong> is verified.</p>
              <p class="muted">Invitations sent to this address now reach you in your projects.</p>`
          : this.error
            ? html`<p role="alert">${this.error}</p>`
            : html`<p class="muted">Verifying…</p>`
      }
      <div class="row"><a class="button" href="/app">Your projects</a></div>
    </section>`;
  }
}
customElements.define("board-verify-email-view", BoardVerifyEmailView);
