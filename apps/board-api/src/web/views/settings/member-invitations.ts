// Inviting people to a project (admins): an invitation link for an address, shown once with a
// copy button for the inviter to send; the pending invitations, which an admin can revoke.
// Whoever opens the link signed in joins (the address is a label); see /app/invite.
import type { CreatedInvitation, Invitation, Role } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { call, callAll } from "../../api.ts";
import { base } from "../../styles.ts";
import { attempt } from "../../ui/toast.ts";
import "../../ui/secret-value.ts";
import { inlineFormStyles } from "./inline-form.styles.ts";
import { memberInvitationsStyles } from "./member-invitations.styles.ts";

export class BoardMemberInvitations extends LitElement {
  static override styles = [base, inlineFormStyles, memberInvitationsStyles];
  static override properties = {
    projectId: {},
    roles: { attribute: false },
    invitations: { state: true },
    created: { state: true },
  };
  projectId = "";
  /** The roles the viewer may grant. */
  roles: Role[] = [];
  invitations: Invitation[] = [];
  /** The link just made: shown until another is made or the page is left. */
  created: CreatedInvitation | null = null;

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has("projectId")) void this.load();
  }

  private async load() {
    this.invitations = await callAll("list_invitations", { params: { project_id: this.projectId } }).catch(
      () => [],
    );
  }

  private async invite(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const values = new FormData(form);
    const email = String(values.get("email") ?? "").trim();
    await attempt(async () => {
      this.created = await call("create_invitation", {
        params: { project_id: this.projectId },
        body: {
          email,
          role: String(values.get("role")) as Role, // the select offers only roles
        },
      });
      form.reset();
    });
    await this.load();
  }

  private async revoke(invitation: Invitation) {
    if (
      await attempt(
        () => call("delete_invitation", { params: { invitation_id: invitation.id } }),
        "Invitation revoked.",
      )
    ) {
      if (this.created?.id === invitation.id) this.created = null;
      await this.load();
    }
  }

  private renderCreated() {
    if (!this.created) return nothing;
    return html`<div class="link" role="status">
      <p>
        Send this link to <strong>${this.created.email}</strong>. It works once, until
        ${new Date(this.created.expires_at).toLocaleDateString()}, for whoever opens it, and is shown only
        now.
      </p>
      <board-secret-value .value=${this.created.url}></board-secret-value>
    </div>`;
  }

  private renderPending() {
    if (this.invitations.length === 0) return nothing;
    return html`<h3 class="subhead">Pending invitations</h3>
      <table>
        <tbody>
          ${this.invitations.map(
            (invitation) =>
              html`<tr>
                <td>
                  ${invitation.email ?? "a user invited by name"}
                  ${
                    // The same words whether or not an account holds the address: saying which would
                    // let anyone who can invite probe addresses for accounts.
                    invitation.email
                      ? html`<small class="waiting"
                          >waits for the link to be opened, or for the address to be verified</small
                        >`
                      : nothing
                  }
                </td>
                <td>${invitation.role}</td>
                <td class="muted wide">until ${new Date(invitation.expires_at).toLocaleDateString()}</td>
                <td>
                  <button class="button small" @click=${() => this.revoke(invitation)}>Revoke</button>
                </td>
              </tr>`,
          )}
        </tbody>
      </table>`;
  }

  protected override render() {
    return html`<form class="inline" @submit=${this.invite} aria-label="Invite by link">
        <label class="field"
          >Invite by link, for <input name="email" type="email" required placeholder="colleague@example.com"
        /></label>
        <label class="field"
          >Role
          <select name="role">
            ${this.roles.map((role) => html`<option value=${role} ?selected=${role === "member"}>${role}</option>`)}
          </select></label
        >
        <button class="button primary">Create link</button>
      </form>
      ${this.renderCreated()} ${this.renderPending()}`;
  }
}
customElements.define("board-member-invitations", BoardMemberInvitations);
