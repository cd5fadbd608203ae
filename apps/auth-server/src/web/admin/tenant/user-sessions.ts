import { html, LitElement, type PropertyDeclarations } from "lit";
import { call, errorMessage, type TenantUser, type UserSession } from "../api.ts";
import { formatDateTime } from "../format.ts";
import { countOf, format, t } from "../i18n.ts";
import { shared } from "../styles.ts";
import { confirmAction, notify } from "../ui/confirm.ts";
import { shieldIcon } from "../ui/icons.ts";
import { emptyState, loadFailed } from "../ui/paged-table.ts";
import { userPasskeysStyles } from "./user-passkeys.styles.ts";
import { emit } from "../events.ts";

/**
 * A user's live cookie sessions (in the user dialog): started, expires, End; and End all sessions
 * (confirmed first).
 *
 * @event sessions-ended - Sessions were ended (`detail`: how many).
 */
export class UserSessions extends LitElement {
  static override properties: PropertyDeclarations = {
    tenantId: { attribute: false },
    user: { attribute: false },
    sessions: { state: true },
    error: { state: true },
    ending: { state: true },
  };
  static override styles = [shared, userPasskeysStyles];

  tenantId = "";
  user: TenantUser | undefined;
  sessions: UserSession[] | undefined;
  error = "";
  /** The session being ended, or "all". */
  ending = "";

  async load(): Promise<void> {
    if (!this.user) return;
    this.sessions = undefined;
    this.error = "";
    try {
      this.sessions = (
        await call("listTenantUserSessions", {
          params: { tenant_id: this.tenantId, external_id: this.user.externalId },
        })
      ).data;
    } catch (error) {
      this.error = errorMessage(error);
    }
  }

  async #end(session?: UserSession) {
    const user = this.user;
    if (!user || this.ending) return;
    if (
      !session &&
      !(await confirmAction({
        title: format(t.userSessions.endAllTitle, { name: user.displayName ?? user.externalId }),
        message: t.userSessions.endAllMessage,
        confirmLabel: t.userSessions.endAllConfirm,
      }))
    ) {
      return;
    }
    this.ending = session?.id ?? "all";
    try {
      const params = { tenant_id: this.tenantId, external_id: user.externalId };
      // One session, or every one (the server says how many ended).
      const ended = session
        ? await call("revokeTenantUserSession", { params: { ...params, session_id: session.id } }).then(
            () => 1,
          )
        : (await call("revokeTenantUserSessions", { params })).revoked;
      this.sessions = session ? this.sessions?.filter((s) => s.id !== session.id) : [];
      emit(this, "sessions-ended", ended, { bubbles: true, composed: true });
      notify(
        session ? t.userSessions.ended : countOf(ended, t.userSessions.endedOne, t.userSessions.endedOther),
      );
      // The row and its button are gone: focus the dialog's first control instead of the page.
      (this.closest("kit-dialog") as HTMLElementTagNameMap["kit-dialog"] | null)?.focusFirst();
    } catch (error) {
      notify(
        format(session ? t.userSessions.endFailed : t.userSessions.endAllFailed, {
          error: errorMessage(error),
        }),
      );
      void this.load();
    } finally {
      this.ending = "";
    }
  }

  protected override render() {
    if (this.error) {
      return loadFailed(format(t.userSessions.loadFailed, { error: this.error }), () => this.load());
    }
    if (!this.sessions) return html`<p class="state muted" role="status">${t.userSessions.loading}</p>`;
    if (this.sessions.length === 0) {
      return emptyState(shieldIcon, t.userSessions.emptyTitle, t.userSessions.emptyText);
    }
    return html`<p class="note">${t.userSessions.note}</p>
      <div class="table-wrap">
        <table aria-label=${t.userSessions.label}>
          <thead>
            <tr>
              <th scope="col">${t.userSessions.started}</th>
              <th scope="col">${t.userSessions.expires}</th>
              <th scope="col"><span class="sr-only">${t.common.actions}</span></th>
            </tr>
          </thead>
          <tbody>
            ${this.sessions.map((session) => {
              const started = formatDateTime(session.created_at);
              return html`<tr>
                <td class="nowrap">${started}</td>
                <td class="nowrap">${formatDateTime(session.expires_at)}</td>
                <td class="actions-cell">
                  <button
                    class="button danger-outline small"
                    type="button"
                    aria-disabled=${this.ending ? "true" : "false"}
                    aria-label=${format(t.userSessions.endLabel, { date: started })}
                    @click=${() => this.#end(session)}
                  >
                    ${this.ending === session.id ? t.userSessions.ending : t.userSessions.end}
                  </button>
                </td>
              </tr>`;
            })}
          </tbody>
        </table>
      </div>
      <div class="end-all">
        <button
          class="button danger-outline"
          type="button"
          aria-disabled=${this.ending ? "true" : "false"}
          @click=${() => this.#end()}
        >
          ${this.ending === "all" ? t.userSessions.ending : t.userSessions.endAll}
        </button>
      </div>`;
  }
}
customElements.define("user-sessions", UserSessions);

declare global {
  interface HTMLElementTagNameMap {
    "user-sessions": UserSessions;
  }
}
