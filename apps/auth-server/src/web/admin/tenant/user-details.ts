import { html, LitElement, type PropertyDeclarations, type PropertyValues } from "lit";
import type { TenantUser } from "../api.ts";
import { t } from "../i18n.ts";
import { shared } from "../styles.ts";
import "./user-activity.ts";
import "./user-passkeys.ts";
import "./user-sessions.ts";
import { userDetailsStyles } from "./user-details.styles.ts";

export type UserTab = "passkeys" | "sessions" | "activity";
const TABS: UserTab[] = ["passkeys", "sessions", "activity"];

/**
 * A user's passkeys, sessions and activity (their audit events), as tabs (in the tenant view's
 * user dialog). The shown tab loads when it is chosen, so each shows the current state.
 */
export class UserDetails extends LitElement {
  static override properties: PropertyDeclarations = {
    tenantId: { attribute: false },
    user: { attribute: false },
    tab: { state: true },
  };
  static override styles = [shared, userDetailsStyles];

  tenantId = "";
  /** The user shown; a new one starts on the Passkeys tab. */
  user: TenantUser | undefined;
  tab: UserTab = "passkeys";

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has("user") && changed.get("user")?.id !== this.user?.id) this.tab = "passkeys";
  }

  protected override updated(changed: PropertyValues<this>): void {
    const switched = changed.has("tab") || (changed.has("user") && changed.get("user")?.id !== this.user?.id);
    if (switched)
      void this.renderRoot.querySelector<HTMLElement & { load(): Promise<void> }>(".panel > *")?.load();
  }

  /** Shows `tab` (the tenant view opens the dialog on one). */
  show(tab: UserTab): void {
    if (this.tab === tab) {
      void this.renderRoot.querySelector<HTMLElement & { load(): Promise<void> }>(".panel > *")?.load();
    }
    this.tab = tab;
  }

  #keydown(event: KeyboardEvent) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(this.tab) + step + TABS.length) % TABS.length] as UserTab;
    this.tab = next;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`#tab-${next}`)?.focus());
  }

  #panel() {
    switch (this.tab) {
      case "passkeys":
        return html`<user-passkeys .tenantId=${this.tenantId} .user=${this.user}></user-passkeys>`;
      case "sessions":
        return html`<user-sessions .tenantId=${this.tenantId} .user=${this.user}></user-sessions>`;
      case "activity":
        return html`<user-activity .tenantId=${this.tenantId} .user=${this.user}></user-activity>`;
    }
  }

  protected override render() {
    const labels: Record<UserTab, string> = {
      passkeys: t.user.passkeys,
      sessions: t.user.sessions,
      activity: t.user.activity,
    };
    return html`<div role="tablist" aria-label=${t.user.sections} @keydown=${this.#keydown}>
        ${TABS.map(
          (tab) =>
            html`<button
              id="tab-${tab}"
              role="tab"
              type="button"
              aria-selected=${tab === this.tab ? "true" : "false"}
              aria-controls="panel"
              tabindex=${tab === this.tab ? "0" : "-1"}
              @click=${() => (this.tab = tab)}
            >
              ${labels[tab]}
            </button>`,
        )}
      </div>
      <div id="panel" class="panel" role="tabpanel" aria-labelledby="tab-${this.tab}">${this.#panel()}</div>`;
  }
}
customElements.define("user-details", UserDetails);

declare global {
  interface HTMLElementTagNameMap {
    "user-details": UserDetails;
  }
}
