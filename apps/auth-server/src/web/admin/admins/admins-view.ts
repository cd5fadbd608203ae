import { html, LitElement, nothing, type PropertyDeclarations } from "lit";
import { api, errorMessage, type Admin } from "../api.ts";
import { formatDate, formatDateTime } from "../format.ts";
import { PagedList } from "../paged.ts";
import { shared } from "../styles.ts";
import "@org/web-kit/dialog";
import { confirmAction, notify } from "../ui/confirm.ts";
import { FormDialog } from "../ui/form-dialog.ts";
import { shieldIcon } from "../ui/icons.ts";
import { emptyState, pagedTable } from "../ui/paged-table.ts";
import "../ui/secret-value.ts";
import { adminsViewStyles } from "./admins-view.styles.ts";

/** `#/admins`: the administrators; invite one (a one-time link), remove one. */
export class AdminsView extends LitElement {
  static override properties: PropertyDeclarations = {
    currentAdminId: { attribute: false },
    removing: { state: true },
  };
  static override styles = [shared, adminsViewStyles];

  /** The signed-in administrator (who cannot remove themselves). */
  currentAdminId = "";
  removing = "";

  readonly admins = new PagedList<Admin>(this, (cursor) => api.admins.list(cursor));
  /** "Invite administrator": its result is the invite, whose link is shown once. */
  readonly inviting = new FormDialog(this, async (form) => {
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const invite = await api.admins.invite(text("email"), text("name"));
    void this.admins.reload();
    notify(`Invite link for ${invite.admin.name} created.`);
    return invite;
  });

  override connectedCallback(): void {
    super.connectedCallback();
    void this.admins.reload();
  }

  async #remove(admin: Admin) {
    const confirmed = await confirmAction({
      title: `Remove ${admin.name}?`,
      message: `${admin.email} is signed out everywhere at once; their passkeys, their pending invite and the invite links they issued stop working. You can invite them again later.`,
      confirmLabel: "Remove administrator",
    });
    if (!confirmed) return;
    this.removing = admin.id;
    try {
      await api.admins.remove(admin.id);
      this.admins.remove((a) => a.id === admin.id);
      notify(`${admin.name} removed.`);
      (this.renderRoot.querySelector("h1") as HTMLElement | null)?.focus();
    } catch (error) {
      notify(`Couldn't remove ${admin.name}: ${errorMessage(error)}`);
    } finally {
      this.removing = "";
    }
  }

  #dialogContent() {
    const { result } = this.inviting;
    if (result) {
      const { admin, url, expiresAt } = result;
      return html`<div class="created">
          <p class="success-line">Send this link to ${admin.name} (${admin.email}).</p>
          <secret-value label="Invite link" .value=${url}></secret-value>
          <p class="alert warning" role="note">
            It opens a page to create a passkey, works once, and expires ${formatDateTime(expiresAt)}. It is
            not shown again: if it is lost, invite again.
          </p>
        </div>
        ${this.inviting.doneButton()}`;
    }
    return html`<form id="invite-form" @submit=${this.inviting.onSubmit} novalidate>
        ${this.inviting.errorAlert()}
        <div class="field">
          <label for="invite-email">Email</label>
          <input id="invite-email" name="email" type="email" required autocomplete="off" spellcheck="false" />
        </div>
        <div class="field">
          <label for="invite-name">Name</label>
          <input id="invite-name" name="name" required maxlength="200" autocomplete="off" />
          <span class="hint"
            >Invite links only create new administrators. Existing ones add passkeys on their own Your
            passkeys page.</span
          >
        </div>
      </form>
      ${this.inviting.formButtons("invite-form", "Create invite link", "Creating link…")}`;
  }

  #row = (admin: Admin) => {
    const self = admin.id === this.currentAdminId;
    return html`<tr>
      <td>
        <span class="primary-text">${admin.name}</span
        >${self ? html`<span class="badge accent plain you">You</span>` : nothing}
        <span class="secondary-text hide-wide">${admin.email}</span>
      </td>
      <td class="hide-narrow">${admin.email}</td>
      <td>
        ${
          admin.status === "active"
            ? html`<span class="badge ok">Active</span>`
            : html`<span class="badge">Invited</span>`
        }${
          admin.invite_issuer_removed
            ? html` <span
                class="badge bad"
                title="Their first passkey was made through an invite link whose issuer has since been removed. Check with them that it is theirs."
                >Check passkey</span
              >`
            : nothing
        }
      </td>
      <td class="hide-narrow">${admin.passkey_count}</td>
      <td class="hide-narrow nowrap">${formatDate(admin.created_at)}</td>
      <td class="actions-cell">
        ${
          self
            ? nothing
            : html`<button
                class="button danger-outline small"
                type="button"
                ?disabled=${this.removing === admin.id}
                aria-label=${`Remove ${admin.name}`}
                @click=${() => this.#remove(admin)}
              >
                ${this.removing === admin.id ? "Removing…" : "Remove"}
              </button>`
        }
      </td>
    </tr>`;
  };

  protected override render() {
    return html`<header class="view-header">
        <div>
          <h1 tabindex="-1">Administrators</h1>
          <p class="subtitle">
            People who can sign in here. Each signs in with their own passkey; a new administrator gets a
            one-time link to create it.
          </p>
        </div>
        <button class="button primary" type="button" @click=${this.inviting.open}>
          Invite administrator
        </button>
      </header>
      <section class="card" aria-label="Administrators">
        ${pagedTable({
          list: this.admins,
          label: "Administrators",
          columns: 6,
          noun: ["administrator", "administrators"],
          head: html`<th scope="col">Name</th>
            <th scope="col" class="hide-narrow">Email</th>
            <th scope="col">Status</th>
            <th scope="col" class="hide-narrow">Passkeys</th>
            <th scope="col" class="hide-narrow">Added</th>
            <th scope="col"><span class="sr-only">Actions</span></th>`,
          row: this.#row,
          empty: emptyState(shieldIcon, "No administrators", "Invite someone to share the work."),
        })}
      </section>
      <kit-dialog heading=${this.inviting.result ? "Invite link" : "Invite administrator"}
        >${this.#dialogContent()}</kit-dialog
      >`;
  }
}
customElements.define("admins-view", AdminsView);

declare global {
  interface HTMLElementTagNameMap {
    "admins-view": AdminsView;
  }
}
