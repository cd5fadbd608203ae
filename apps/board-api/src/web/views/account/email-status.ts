// Your email address and whether it is verified; unverified, a button mails you the link. Only a
// verified address lets invitations sent to it reach you without their link.
import type { EmailVerification, User } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { api } from "../../api.ts";
import { base } from "../../styles.ts";
import { emailStatusStyles } from "./email-status.styles.ts";
import { toast } from "../../ui/toast.ts";

export class BoardEmailStatus extends LitElement {
  static override styles = [base, emailStatusStyles];
  static override properties = { me: { attribute: false }, sent: { state: true }, busy: { state: true } };
  me: User | null = null;
  sent: EmailVerification | null = null;
  busy = false;

  private async send() {
    this.busy = true;
    try {
      this.sent = await api.post<EmailVerification>("/me/email-verification");
    } catch (error) {
      toast((error as Error).message, "error");
    } finally {
      this.busy = false;
    }
  }

  protected override render() {
    const me = this.me;
    if (!me) return nothing;
    if (me.email_verified) return html`<p class="muted">${me.email} <span class="chip">verified</span></p>`;
    return html`<p class="muted">
      ${me.email} <span class="chip">not verified</span>
      ${
        this.sent
          ? html`<span role="status"
              >We sent a link to ${this.sent.email}: open it while signed in here.</span
            >`
          : html`<button class="button small" ?disabled=${this.busy} @click=${this.send}>
              Send a verification link
            </button>`
      }
    </p>`;
  }
}
customElements.define("board-email-status", BoardEmailStatus);
