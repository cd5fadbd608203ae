// Your email address and whether it is verified; unverified, a button mails you the link. Only a
// verified address lets invitations sent to it reach you without their link. "Change email" asks
// for the new address, confirms with a passkey when the session's is older than 5 minutes
// (step-up), and mails the new address a link: the account keeps its address until it is opened.
import type { EmailVerification, User } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { call } from "../../api.ts";
import { base } from "../../styles.ts";
import { withStepUp } from "../../ui/step-up.ts";
import { emailStatusStyles } from "./email-status.styles.ts";
import { failureText, toast } from "../../ui/toast.ts";

export class BoardEmailStatus extends LitElement {
  static override styles = [base, emailStatusStyles];
  static override properties = {
    me: { attribute: false },
    sent: { state: true },
    busy: { state: true },
    changing: { state: true },
    changeSent: { state: true },
  };
  me: User | null = null;
  sent: EmailVerification | null = null;
  busy = false;
  /** The "new address" form is open. */
  changing = false;
  /** A change asked for: where its link went. */
  changeSent: EmailVerification | null = null;

  private async send() {
    this.busy = true;
    try {
      this.sent = await call("send_email_verification");
    } catch (error) {
      toast((error as Error).message, "error");
    } finally {
      this.busy = false;
    }
  }

  private async change(event: SubmitEvent) {
    event.preventDefault();
    const email = String(new FormData(event.target as HTMLFormElement).get("email") ?? "");
    this.busy = true;
    try {
      this.changeSent = await withStepUp(() => call("change_email", { body: { email } }));
      this.changing = false;
    } catch (error) {
      toast(failureText(error), "error");
    } finally {
      this.busy = false;
    }
  }

  private renderChange(me: User) {
    if (this.changing) {
      return html`<form class="change" @submit=${this.change}>
        <label class="field"
          >New email address
          <input
            name="email"
            type="email"
            required
            maxlength="320"
            autocomplete="email"
            placeholder=${me.email}
        /></label>
        <button class="button small primary" ?disabled=${this.busy}>Send a link to it</button>
        <button class="button small" type="button" @click=${() => (this.changing = false)}>Cancel</button>
      </form>`;
    }
    if (this.changeSent) {
      return html`<p role="status" class="pending">
        We sent a link to <strong>${this.changeSent.email}</strong>: open it while signed in here to make it
        your address. Until then your address stays ${me.email}.
      </p>`;
    }
    return html`<button class="button small" @click=${() => (this.changing = true)}>Change email</button>`;
  }

  protected override render() {
    const me = this.me;
    if (!me) return nothing;
    const status = me.email_verified
      ? html`<span class="chip">verified</span>`
      : html`<span class="chip">not verified</span> ${
            this.sent
              ? html`<span role="status"
                  >We sent a link to ${this.sent.email}: open it while signed in here.</span
                >`
              : html`<button class="button small" ?disabled=${this.busy} @click=${this.send}>
                  Send a verification link
                </button>`
          }`;
    return html`<p class="muted">
        ${me.email} ${status} ${this.changing || this.changeSent ? nothing : this.renderChange(me)}
      </p>
      ${this.changing || this.changeSent ? this.renderChange(me) : nothing}`;
  }
}
customElements.define("board-email-status", BoardEmailStatus);
