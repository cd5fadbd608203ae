import { html, LitElement, nothing, type PropertyDeclarations } from "lit";
import { ToastController } from "@org/web-kit/toast";
import { signOut } from "../api.ts";
import { fill, format, t } from "../i18n.ts";
import { shared } from "../styles.ts";
import { logoIcon } from "../ui/icons.ts";
import "../admins/admins-view.ts";
import "../audit/audit-view.ts";
import "../passkeys/passkeys-view.ts";
import "../tenant/tenant-view.ts";
import "../tenants/tenants-view.ts";
import { adminAppStyles } from "./admin-app.styles.ts";

export type Route =
  | { view: "tenants" }
  | { view: "tenant"; id: string }
  | { view: "audit" }
  | { view: "admins" }
  | { view: "passkeys" }
  | { view: "missing" };

/** `#/tenants`, `#/tenants/<id>`, `#/audit`, `#/admins`, `#/passkeys` (empty: the tenants). */
export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0 || (parts[0] === "tenants" && parts.length === 1)) return { view: "tenants" };
  if (parts[0] === "tenants" && parts.length === 2) return { view: "tenant", id: parts[1] as string };
  if (parts[0] === "audit" && parts.length === 1) return { view: "audit" };
  if (parts[0] === "admins" && parts.length === 1) return { view: "admins" };
  if (parts[0] === "passkeys" && parts.length === 1) return { view: "passkeys" };
  return { view: "missing" };
}

const SECTIONS = [
  { view: "tenants", href: "#/tenants", label: t.app.tenants },
  { view: "audit", href: "#/audit", label: t.app.audit },
  { view: "admins", href: "#/admins", label: t.app.admins },
  { view: "passkeys", href: "#/passkeys", label: t.app.passkeys },
] as const;

/**
 * The dashboard: the top bar (sections, the signed-in administrator, sign out), the current view
 * (routed by the URL's hash; focus moves to its heading on navigation), and a status line that
 * announces completed actions.
 */
export class AdminApp extends LitElement {
  static override properties: PropertyDeclarations = {
    adminId: { attribute: "admin-id" },
    adminName: { attribute: "admin-name" },
    adminEmail: { attribute: "admin-email" },
    route: { state: true },
    signingOut: { state: true },
  };
  static override styles = [shared, adminAppStyles];

  /** The signed-in administrator (from the page). */
  adminId = "";
  adminName = "";
  adminEmail = "";
  route: Route = parseRoute(location.hash);
  signingOut = false;
  /** The status line: the latest notice, for 6 s. */
  readonly #notices = new ToastController(this, { duration: 6000, max: 1 });

  #onHash = () => void this.#navigate();

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener("hashchange", this.#onHash);
    this.#setTitle();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener("hashchange", this.#onHash);
  }

  /** A new view: its title, then focus on its heading (where a screen reader user expects to be). */
  async #navigate() {
    this.route = parseRoute(location.hash);
    this.#setTitle();
    await this.updateComplete;
    const view = this.renderRoot.querySelector("main > *") as LitElement | null;
    await view?.updateComplete;
    const heading = view?.shadowRoot?.querySelector<HTMLElement>("h1") ?? null;
    (heading ?? (this.renderRoot.querySelector("main") as HTMLElement)).focus();
    window.scrollTo({ top: 0 });
    this.#showCurrentSection();
  }

  protected override firstUpdated(): void {
    this.#showCurrentSection();
  }

  /** On a narrow screen the sections scroll sideways: keep the current one in sight. */
  #showCurrentSection() {
    const nav = this.renderRoot.querySelector("nav");
    const current = nav?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (nav && current) nav.scrollLeft = current.offsetLeft - nav.offsetLeft - 12;
  }

  #setTitle() {
    const section = SECTIONS.find(
      (s) => s.view === this.route.view || (s.view === "tenants" && this.route.view === "tenant"),
    );
    document.title = format(t.app.documentTitle, { page: section?.label ?? t.app.notFoundTitle });
  }

  async #signOut() {
    this.signingOut = true;
    try {
      await signOut();
      location.assign("/");
    } catch {
      this.signingOut = false;
      this.#notices.show(t.app.signOutFailed, "error");
    }
  }

  #view() {
    switch (this.route.view) {
      case "tenants":
        return html`<tenants-view></tenants-view>`;
      case "tenant":
        return html`<tenant-view .tenantId=${this.route.id}></tenant-view>`;
      case "audit":
        return html`<audit-view></audit-view>`;
      case "admins":
        return html`<admins-view .currentAdminId=${this.adminId}></admins-view>`;
      case "passkeys":
        return html`<passkeys-view></passkeys-view>`;
      default:
        return html`<section>
          <h1 tabindex="-1">${t.app.notFoundHeading}</h1>
          <p class="muted">
            ${fill(t.app.notFoundText, { link: html`<a href="#/tenants">${t.app.goToTenants}</a>` })}
          </p>
        </section>`;
    }
  }

  protected override render() {
    const current = this.route.view === "tenant" ? "tenants" : this.route.view;
    return html`<button
        class="skip"
        type="button"
        @click=${() => (this.renderRoot.querySelector("main") as HTMLElement).focus()}
      >
        ${t.app.skipToContent}
      </button>
      <header class="topbar">
        <div class="topbar-inner">
          <a class="brand" href="#/tenants"
            >${logoIcon}<span>AuthKit</span><span class="brand-tag">Admin</span></a
          >
          <nav aria-label=${t.app.navigation}>
            ${SECTIONS.map(
              (section) =>
                html`<a href=${section.href} aria-current=${section.view === current ? "page" : nothing}
                  >${section.label}</a
                >`,
            )}
          </nav>
          <div class="account">
            <span class="who"><span>${this.adminName}</span><span>${this.adminEmail}</span></span>
            <button
              class="button secondary small"
              type="button"
              ?disabled=${this.signingOut}
              @click=${() => this.#signOut()}
              title=${format(t.app.signedInAs, { email: this.adminEmail })}
            >
              ${this.signingOut ? t.app.signingOut : t.app.signOut}
            </button>
          </div>
        </div>
      </header>
      <main id="main" tabindex="-1">${this.#view()}</main>
      <div class="toast" role="status" aria-live="polite">${this.#notices.items[0]?.message ?? ""}</div>`;
  }
}
customElements.define("admin-app", AdminApp);

declare global {
  interface HTMLElementTagNameMap {
    "admin-app": AdminApp;
  }
}
