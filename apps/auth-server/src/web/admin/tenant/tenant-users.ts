import { html, LitElement, type PropertyDeclarations, type PropertyValues } from "lit";
import { type AdminTenantUser, call, errorMessage } from "../api.ts";
import { countOf, format, t } from "../i18n.ts";
import { PagedList } from "../paged.ts";
import { shared } from "../styles.ts";
import "@org/web-kit/dialog";
import type { KitDialog } from "@org/web-kit/dialog";
import { confirmAction, notify } from "../ui/confirm.ts";
import { searchIcon, usersIcon } from "../ui/icons.ts";
import { emptyState, pagedTable } from "../ui/paged-table.ts";
import { userRow } from "./tenant-parts.ts";
import "./user-details.ts";
import type { UserDetails, UserTab } from "./user-details.ts";
import { tenantUsersStyles, tenantViewStyles } from "./tenant-view.styles.ts";
import { listen } from "../events.ts";

/**
 * A tenant's users (in the tenant view): search, paged; each with their passkeys, last sign-in
 * and live sessions, disabled or enabled; "Manage" opens their passkeys, sessions and activity
 * (user-details.ts) with Delete user.
 */
export class TenantUsers extends LitElement {
  static override properties: PropertyDeclarations = {
    tenantId: { attribute: false },
    busy: { state: true },
    openUser: { state: true },
  };
  static override styles = [shared, tenantViewStyles, tenantUsersStyles];

  /** The tenant whose users are shown. */
  tenantId = "";
  /** The action in progress ("user:<externalId>", "delete:<externalId>"). */
  busy = "";
  /** The user whose dialog is open. */
  openUser: AdminTenantUser | undefined;
  #query = "";
  #searchTimer: ReturnType<typeof setTimeout> | undefined;

  readonly users = new PagedList<AdminTenantUser>(this, (cursor) =>
    call("listTenantUsers", {
      params: { tenant_id: this.tenantId },
      query: { q: this.#query, cursor, limit: 25 },
    }),
  );

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has("tenantId") && this.tenantId) {
      this.#query = "";
      void this.users.reload();
    }
  }

  #dialog(id: string): KitDialog {
    return this.renderRoot.querySelector(`#${id}`) as KitDialog;
  }

  #search(event: Event) {
    const value = (event.target as HTMLInputElement).value.trim();
    clearTimeout(this.#searchTimer);
    this.#searchTimer = setTimeout(
      () => {
        if (value === this.#query) return;
        this.#query = value;
        void this.users.reload();
      },
      event.type === "submit" ? 0 : 250,
    );
  }

  // ---- user actions ----
  async #setUserDisabled(user: AdminTenantUser, disabled: boolean) {
    if (this.busy) return;
    const who = user.displayName ?? user.externalId;
    if (
      disabled &&
      !(await confirmAction({
        title: format(t.users.disableTitle, { name: who }),
        message: t.users.disableMessage,
        confirmLabel: t.users.disableConfirm,
      }))
    ) {
      return;
    }
    this.busy = `user:${user.externalId}`;
    try {
      const updated = await call(disabled ? "disableTenantUser" : "enableTenantUser", {
        params: { tenant_id: this.tenantId, external_id: user.externalId },
      });
      // Disabling ends the user's sessions.
      this.users.replace((u) => u.id === user.id, {
        ...user,
        ...updated,
        sessionCount: disabled ? 0 : user.sessionCount,
      });
      notify(format(disabled ? t.users.disabled : t.users.enabled, { name: who }));
    } catch (error) {
      notify(
        format(disabled ? t.users.disableFailed : t.users.enableFailed, {
          name: who,
          error: errorMessage(error),
        }),
      );
    } finally {
      this.busy = "";
    }
  }

  async #openUserDialog(user: AdminTenantUser, tab: UserTab) {
    const opener = this.shadowRoot?.activeElement as HTMLElement | undefined;
    this.openUser = user;
    await this.updateComplete;
    (this.renderRoot.querySelector("user-details") as UserDetails).show(tab);
    await this.#dialog("user").show(opener);
  }

  /** The open user's row, changed by `change`. */
  #changeOpenUser(change: (user: AdminTenantUser) => AdminTenantUser) {
    const user = this.openUser;
    if (!user) return;
    const updated = change(user);
    this.openUser = updated;
    this.users.replace((u) => u.id === user.id, updated);
  }

  #passkeyDeleted = () =>
    this.#changeOpenUser((user) => ({ ...user, passkeyCount: Math.max(0, user.passkeyCount - 1) }));

  #sessionsEnded = (event: CustomEvent<number>) =>
    this.#changeOpenUser((user) => ({
      ...user,
      sessionCount: Math.max(0, user.sessionCount - event.detail),
    }));

  async #deleteUser() {
    const user = this.openUser;
    if (!user || this.busy) return;
    const who = user.displayName ?? user.externalId;
    const confirmed = await confirmAction({
      title: format(t.user.deleteTitle, { name: who }),
      message: t.user.deleteMessage,
      confirmLabel: t.user.deleteConfirm,
    });
    if (!confirmed) return;
    this.busy = `delete:${user.externalId}`;
    try {
      await call("deleteTenantUser", { params: { tenant_id: this.tenantId, external_id: user.externalId } });
      this.#dialog("user").close();
      this.users.remove((u) => u.id === user.id);
      notify(format(t.user.deleted, { name: who }));
      // The row and its buttons are gone: focus the search box, where the list starts.
      (this.renderRoot.querySelector("#user-search") as HTMLInputElement | null)?.focus();
    } catch (error) {
      notify(format(t.user.deleteFailed, { name: who, error: errorMessage(error) }));
    } finally {
      this.busy = "";
    }
  }

  #userRow = (user: AdminTenantUser) =>
    userRow(user, this.busy === `user:${user.externalId}`, {
      manage: () => this.#openUserDialog(user, "passkeys"),
      toggle: () => this.#setUserDisabled(user, !user.disabled),
    });

  protected override render() {
    return html`<section class="card" aria-labelledby="users-title">
        <div class="card-header">
          <h2 id="users-title">${t.users.heading}</h2>
          <form
            class="search"
            role="search"
            @submit=${(event: SubmitEvent) => {
              event.preventDefault();
              this.#search(event);
            }}
          >
            ${searchIcon}
            <label class="sr-only" for="user-search">${t.users.searchLabel}</label>
            <input
              id="user-search"
              type="search"
              placeholder=${t.users.searchPlaceholder}
              autocomplete="off"
              spellcheck="false"
              @input=${this.#search}
            />
          </form>
        </div>
        ${pagedTable({
          list: this.users,
          label: t.users.heading,
          columns: 8,
          count: (count) => countOf(count, t.users.countOne, t.users.countOther),
          failed: t.users.loadFailed,
          head: html`<th scope="col">${t.users.user}</th>
            <th scope="col" class="hide-narrow">${t.users.passkeys}</th>
            <th scope="col" class="hide-narrow">${t.users.password}</th>
            <th scope="col" class="hide-narrow">${t.users.lastSignIn}</th>
            <th scope="col" class="hide-narrow">${t.users.sessions}</th>
            <th scope="col">${t.users.status}</th>
            <th scope="col" class="hide-narrow">${t.users.created}</th>
            <th scope="col"><span class="sr-only">${t.common.actions}</span></th>`,
          row: this.#userRow,
          empty: this.#query
            ? emptyState(
                searchIcon,
                t.users.noMatchTitle,
                format(t.users.noMatchText, { query: this.#query }),
              )
            : emptyState(usersIcon, t.users.emptyTitle, t.users.emptyText),
        })}
      </section>
      ${this.#userDialog()}`;
  }

  #userDialog() {
    return html`<kit-dialog
      id="user"
      wide
      heading=${this.openUser?.displayName ?? this.openUser?.externalId ?? ""}
      close-label=${t.common.close}
      @closed=${() => (this.openUser = undefined)}
    >
      <user-details
        .tenantId=${this.tenantId}
        .user=${this.openUser}
        ${listen("passkey-deleted", this.#passkeyDeleted)}
        ${listen("sessions-ended", this.#sessionsEnded)}
      ></user-details>
      <button
        slot="footer"
        class="button danger-outline"
        type="button"
        aria-disabled=${this.busy ? "true" : "false"}
        @click=${() => this.#deleteUser()}
      >
        ${this.busy.startsWith("delete:") ? t.user.deleting : t.user.delete}
      </button>
      <button slot="footer" class="button primary" type="button" @click=${() => this.#dialog("user").close()}>
        ${t.common.done}
      </button>
    </kit-dialog>`;
  }
}
customElements.define("tenant-users", TenantUsers);

declare global {
  interface HTMLElementTagNameMap {
    "tenant-users": TenantUsers;
  }
}
