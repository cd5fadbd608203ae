import { html, LitElement, nothing, type PropertyDeclarations } from "lit";
import { type Admin, call, errorMessage } from "../api.ts";
import { formatDate, formatDateTime } from "../format.ts";
import { countOf, fill, format, t } from "../i18n.ts";
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

  readonly admins = new PagedList<Admin>(this, (cursor) => call("listAdmins", { query: { cursor } }));
  /** "Invite administrator": its result is the invite, whose link is shown once. */
  readonly inviting = new FormDialog(this, async (form) => {
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const invite = await call("inviteAdmin", { body: { email: text("email"), name: text("name") } });
    void this.admins.reload();
    notify(format(t.admins.inviteCreated, { name: invite.admin.name }));
    return invite;
  });

  override connectedCallback(): void {
    super.connectedCallback();
    void this.admins.reload();
  }

  async #remove(admin: Admin) {
    const confirmed = await confirmAction({
      title: format(t.admins.removeTitle, { name: admin.name }),
      message: format(t.admins.removeMessage, { email: admin.email }),
      confirmLabel: t.admins.removeConfirm,
    });
    if (!confirmed) return;
    this.removing = admin.id;
    try {
      await call("removeAdmin", { params: { admin_id: admin.id } });
      this.admins.remove((a) => a.id === admin.id);
      notify(format(t.admins.removed, { name: admin.name }));
      (this.renderRoot.querySelector("h1") as HTMLElement | null)?.focus();
    } catch (error) {
      notify(format(t.admins.removeFailed, { name: admin.name, error: errorMessage(error) }));
    } finally {
      this.removing = "";
    }
  }

  #dialogContent() {
    const { result } = this.inviting;
    if (result) {
      const { admin, url, expiresAt } = result;
      return html`<div class="created">
          <p class="success-line">${format(t.admins.sendLink, { name: admin.name, email: admin.email })}</p>
          <secret-value label=${t.admins.inviteLink} .value=${url}></secret-value>
          <p class="alert warning" role="note">
            ${fill(t.admins.linkNote, { time: formatDateTime(expiresAt) })}
          </p>
        </div>
        ${this.inviting.doneButton()}`;
    }
    return html`<form id="invite-form" @submit=${this.inviting.onSubmit} novalidate>
        ${this.inviting.errorAlert()}
        <div class="field">
          <label for="invite-email">${t.admins.email}</label>
          <input id="invite-email" name="email" type="email" required autocomplete="off" spellcheck="false" />
        </div>
        <div class="field">
          <label for="invite-name">${t.admins.name}</label>
          <input id="invite-name" name="name" required maxlength="200" autocomplete="off" />
          <span class="hint">${t.admins.nameHint}</span>
        </div>
      </form>
      ${this.inviting.formButtons("invite-form", t.admins.createLink, t.admins.creatingLink)}`;
  }

  #row = (admin: Admin) => {
    const self = admin.id === this.currentAdminId;
    return html`<tr>
      <td>
        <span class="primary-text">${admin.name}</span
        >${self ? html`<span class="badge accent plain you">${t.admins.you}</span>` : nothing}
        <span class="secondary-text hide-wide">${admin.email}</span>
      </td>
      <td class="hide-narrow">${admin.email}</td>
      <td>
        ${
          admin.status === "active"
            ? html`<span class="badge ok">${t.admins.active}</span>`
            : html`<span class="badge">${t.admins.invited}</span>`
        }${
          admin.invite_issuer_removed
            ? html` <span class="badge bad" title=${t.admins.checkPasskeyTitle}
                >${t.admins.checkPasskey}</span
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
                aria-label=${format(t.admins.removeLabel, { name: admin.name })}
                @click=${() => this.#remove(admin)}
              >
                ${this.removing === admin.id ? t.admins.removing : t.admins.remove}
              </button>`
        }
      </td>
    </tr>`;
  };

  protected override render() {
    return html`<header class="view-header">
        <div>
          <h1 tabindex="-1">${t.admins.heading}</h1>
          <p class="subtitle">${t.admins.subtitle}</p>
        </div>
        <button class="button primary" type="button" @click=${this.inviting.open}>${t.admins.invite}</button>
      </header>
      <section class="card" aria-label=${t.admins.heading}>
        ${pagedTable({
          list: this.admins,
          label: t.admins.heading,
          columns: 6,
          count: (count) => countOf(count, t.admins.countOne, t.admins.countOther),
          failed: t.admins.loadFailed,
          head: html`<th scope="col">${t.admins.name}</th>
            <th scope="col" class="hide-narrow">${t.admins.email}</th>
            <th scope="col">${t.admins.status}</th>
            <th scope="col" class="hide-narrow">${t.admins.passkeys}</th>
            <th scope="col" class="hide-narrow">${t.admins.added}</th>
            <th scope="col"><span class="sr-only">${t.common.actions}</span></th>`,
          row: this.#row,
          empty: emptyState(shieldIcon, t.admins.emptyTitle, t.admins.emptyText),
        })}
      </section>
      <kit-dialog
        heading=${this.inviting.result ? t.admins.inviteLink : t.admins.invite}
        close-label=${t.common.close}
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
