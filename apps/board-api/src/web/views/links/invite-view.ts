// /app/invite#<secret>: an invitation link someone shared. Shows what it offers (project, role, who
// sent it, until when) and joins on Accept; the link works once. Signed out, the app asks to sign
// in or up first and comes back here (link-token.ts).
import type { InvitationPreview } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { call } from "../../api.ts";
import { navigate } from "../../router.ts";
import { base } from "../../styles.ts";
import { toast } from "../../ui/toast.ts";
import { linkToken } from "./link-token.ts";
import { linkViewStyles } from "./links.styles.ts";

export class BoardInviteView extends LitElement {
  static override styles = [base, linkViewStyles];
  static override properties = { preview: { state: true }, error: { state: true }, busy: { state: true } };
  preview: InvitationPreview | null = null;
  error = "";
  busy = false;
  private readonly token = linkToken();

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private async load() {
    if (!this.token) {
      this.error = "This link is incomplete: copy the whole link you were sent, including the part after #.";
      return;
    }
    try {
      this.preview = await call("preview_invitation_link", { body: { token: this.token } });
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  private async accept() {
    this.busy = true;
    try {
      const member = await call("accept_invitation_link", { body: { token: this.token } });
      toast(`You joined ${this.preview?.project_name ?? "the project"}.`);
      navigate(`/app/projects/${member.project_id}`, { replace: true });
    } catch (error) {
      this.error = (error as Error).message;
    } finally {
      this.busy = false;
    }
  }

  private renderOffer(preview: InvitationPreview) {
    if (preview.already_member) {
      return html`<p>You are a member of <strong>${preview.project_name}</strong> already.</p>
        <p class="muted">Leave the link unused for whoever it was meant for.</p>
        <div class="row"><a class="button" href="/app">Your projects</a></div>`;
    }
    return html`<p>
        <strong>${preview.invited_by_name}</strong> invited you to <strong>${preview.project_name}</strong>
        as ${preview.role}.
      </p>
      ${preview.email ? html`<p class="muted">The invitation was made for ${preview.email}.</p>` : nothing}
      <p class="muted">The link works once, until ${new Date(preview.expires_at).toLocaleString()}.</p>
      <div class="row">
        <button class="button primary" ?disabled=${this.busy} @click=${this.accept}>
          Join ${preview.project_name}
        </button>
        <a class="button" href="/app">Not now</a>
      </div>`;
  }

  protected override render() {
    return html`<section class="panel" aria-labelledby="invite-title">
      <h1 id="invite-title">Invitation</h1>
      ${
        this.error
          ? html`<p role="alert">${this.error}</p>
              <div class="row"><a class="button" href="/app">Your projects</a></div>`
          : this.preview
            ? this.renderOffer(this.preview)
            : html`<p class="muted">Opening the invitation…</p>`
      }
    </section>`;
  }
}
customElements.define("board-invite-view", BoardInviteView);
