import { html, LitElement, type PropertyDeclarations } from "lit";
import { type AdminPasskey, call, errorMessage, type TenantUser } from "../api.ts";
import { formatDateTime } from "../format.ts";
import { format, t } from "../i18n.ts";
import { shared } from "../styles.ts";
import { confirmAction, notify } from "../ui/confirm.ts";
import { keyIcon } from "../ui/icons.ts";
import { lastUsedCell, passkeyNameCell } from "../ui/passkey-cells.ts";
import { emptyState, loadFailed } from "../ui/paged-table.ts";
import { userPasskeysStyles } from "./user-passkeys.styles.ts";
import { emit } from "../events.ts";

/**
 * A user's passkeys (in the tenant view's dialog): name, authenticator (from the AAGUID), created,
 * last used, and Delete.
 *
 * @event passkey-deleted - A passkey was deleted (`detail`: its id).
 */
export class UserPasskeys extends LitElement {
  static override properties: PropertyDeclarations = {
    tenantId: { attribute: false },
    user: { attribute: false },
    passkeys: { state: true },
    error: { state: true },
    deleting: { state: true },
  };
  static override styles = [shared, userPasskeysStyles];

  tenantId = "";
  user: TenantUser | undefined;
  passkeys: AdminPasskey[] | undefined;
  error = "";
  deleting = "";

  async load(): Promise<void> {
    if (!this.user) return;
    this.passkeys = undefined;
    this.error = "";
    try {
      this.passkeys = (
        await call("listTenantUserPasskeys", {
          params: { tenant_id: this.tenantId, external_id: this.user.externalId },
        })
      ).data;
    } catch (error) {
      this.error = errorMessage(error);
    }
  }

  async #delete(passkey: AdminPasskey) {
    const confirmed = await confirmAction({
      title: format(t.userPasskeys.deleteTitle, { name: passkey.name }),
      message: t.userPasskeys.deleteMessage,
      confirmLabel: t.userPasskeys.deleteConfirm,
    });
    if (!confirmed) return;
    this.deleting = passkey.id;
    try {
      await call("deleteTenantUserPasskey", { params: { passkey_id: passkey.id } });
      this.passkeys = this.passkeys?.filter((p) => p.id !== passkey.id);
      emit(this, "passkey-deleted", passkey.id, { bubbles: true, composed: true });
      notify(format(t.userPasskeys.deleted, { name: passkey.name }));
      // The row and its button are gone: focus the dialog's first control instead of the page.
      (this.closest("kit-dialog") as HTMLElementTagNameMap["kit-dialog"] | null)?.focusFirst();
    } catch (error) {
      notify(format(t.userPasskeys.deleteFailed, { error: errorMessage(error) }));
    } finally {
      this.deleting = "";
    }
  }

  protected override render() {
    if (this.error) {
      return loadFailed(format(t.userPasskeys.loadFailed, { error: this.error }), () => this.load());
    }
    if (!this.passkeys) return html`<p class="state muted" role="status">${t.userPasskeys.loading}</p>`;
    if (this.passkeys.length === 0) {
      return emptyState(
        keyIcon,
        t.userPasskeys.emptyTitle,
        this.user?.hasPassword ? t.userPasskeys.passwordOnly : t.userPasskeys.noneYet,
      );
    }
    return html`<div class="table-wrap">
      <table aria-label=${t.userPasskeys.label}>
        <thead>
          <tr>
            <th scope="col">${t.userPasskeys.name}</th>
            <th scope="col" class="hide-narrow">${t.userPasskeys.created}</th>
            <th scope="col">${t.userPasskeys.lastUsed}</th>
            <th scope="col"><span class="sr-only">${t.common.actions}</span></th>
          </tr>
        </thead>
        <tbody>
          ${this.passkeys.map(
            (passkey) =>
              html`<tr>
                ${passkeyNameCell(passkey)}
                <td class="hide-narrow nowrap">${formatDateTime(passkey.created_at)}</td>
                ${lastUsedCell(passkey)}
                <td class="actions-cell">
                  <button
                    class="button danger-outline small"
                    type="button"
                    ?disabled=${this.deleting === passkey.id}
                    aria-label=${format(t.userPasskeys.deleteLabel, { name: passkey.name })}
                    @click=${() => this.#delete(passkey)}
                  >
                    ${this.deleting === passkey.id ? t.userPasskeys.deleting : t.userPasskeys.delete}
                  </button>
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }
}
customElements.define("user-passkeys", UserPasskeys);

declare global {
  interface HTMLElementTagNameMap {
    "user-passkeys": UserPasskeys;
  }
}
