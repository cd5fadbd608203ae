// Invitations to you: who invited you to which project, as what; accept or decline. They arrive
// live (invitation.created in your own room) and leave when accepted, declined or revoked.
import type { Invitation, User } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { call, callAll } from "../../api.ts";
import { timeAgo } from "../../format.ts";
import { onLiveEvent } from "../../live.ts";
import { base } from "../../styles.ts";
import { attempt } from "../../ui/toast.ts";
import { invitationsStyles } from "./projects.styles.ts";
import { emit } from "../../events.ts";

/**
 * @event joined - `Invitation`, once accepted: the project is yours to open.
 */
export class BoardInvitations extends LitElement {
  static override styles = [base, invitationsStyles];
  static override properties = { invitations: { state: true }, me: { attribute: false } };

  invitations: Invitation[] = [];
  /** Signed in with an unverified address: invitations sent to it wait until it is verified. */
  me: User | null = null;
  private stopLive?: () => void;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
    this.stopLive = onLiveEvent((event) => {
      if (event.type === "invitation.created" || event.type === "invitation.deleted") void this.load();
    });
  }

  override disconnectedCallback(): void {
    this.stopLive?.();
    super.disconnectedCallback();
  }

  private async load() {
    this.invitations = await callAll("list_my_invitations").catch(() => this.invitations);
  }

  private changed() {
    emit(window, "board:invitations-changed");
  }

  private async accept(invitation: Invitation) {
    const joined = await attempt(
      () => call("accept_invitation", { params: { invitation_id: invitation.id } }),
      `You joined ${invitation.project_name}.`,
    );
    await this.load();
    this.changed();
    if (joined) emit(this, "joined", invitation);
  }

  private async decline(invitation: Invitation) {
    await attempt(
      () => call("delete_invitation", { params: { invitation_id: invitation.id } }),
      "Invitation declined.",
    );
    await this.load();
    this.changed();
  }

  /** Why invitations sent to your address may be missing: it is not verified yet. */
  private renderUnverified() {
    if (!this.me || this.me.email_verified) return nothing;
    return html`<p class="unverified" role="note">
      Invitations sent to <strong>${this.me.email}</strong> appear here once you verify the address: open the
      link we mailed you, or send a new one from <a href="/app/account">Account</a>. Invitation links work
      regardless.
    </p>`;
  }

  protected override render() {
    if (this.invitations.length === 0) return this.renderUnverified();
    return html`<section class="panel" aria-labelledby="invitations-title">
      <h2 id="invitations-title">Invitations</h2>
      ${this.renderUnverified()}
      ${this.invitations.map(
        (invitation) =>
          html`<div class="invitation">
            <p>
              <strong>${invitation.invited_by_name}</strong> invited you to
              <strong>${invitation.project_name}</strong>
              <span class="muted">as ${invitation.role}</span>
              <span class="faint">· ${timeAgo(invitation.created_at)}</span>
            </p>
            <span class="row">
              <button
                class="button small primary"
                aria-label="Accept the invitation to ${invitation.project_name}"
                @click=${() => this.accept(invitation)}
              >
                Accept
              </button>
              <button
                class="button small"
                aria-label="Decline the invitation to ${invitation.project_name}"
                @click=${() => this.decline(invitation)}
              >
                Decline
              </button>
            </span>
          </div>`,
      )}
    </section>`;
  }
}
customElements.define("board-invitations", BoardInvitations);

declare global {
  interface HTMLElementTagNameMap {
    "board-invitations": BoardInvitations;
  }
}
