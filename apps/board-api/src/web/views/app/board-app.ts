// The app shell: the session, the header (projects with a badge for invitations to you,
// notifications with a badge for unread ones, your account), the route's view, and toasts.
// Signed out, every route shows sign-in or sign-up. The theme is chosen in Account.
import type { Invitation, User, WebSessionInfo } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { call, callWeb, loadSession, setCsrfToken } from "../../api.ts";
import { initials } from "../../format.ts";
import { disconnectLive, onLiveEvent } from "../../live.ts";
import { linkClick, navigate, parseRoute, type Route } from "../../router.ts";
import { base } from "../../styles.ts";
import { setTheme, themeChoice, type ThemeChoice } from "@org/web-theme/theme";
import { toast } from "../../ui/toast.ts";
import { boardAppStyles } from "./board-app.styles.ts";
import "../../ui/toast.ts";
import "../../ui/connection-banner.ts";
import "../auth/sign-in-view.ts";
import "../auth/sign-up-view.ts";
import "../projects/projects-view.ts";
import "../board/board-view.ts";
import "../settings/settings-view.ts";
import "../trash/trash-view.ts";
import "../account/account-view.ts";
import "../notifications/notifications-view.ts";
import "../my-cards/my-cards-view.ts";
import "../links/invite-view.ts";
import "../links/verify-email-view.ts";
import "../oauth/consent-view.ts";
import { rememberPendingLink, takePendingLink } from "../links/link-token.ts";
import { on } from "../../events.ts";
import { listen } from "../../listen.ts";

/** Routes of a signed-out person, left for the projects once signed in. */
const SIGNED_OUT_ROUTES = new Set<Route["name"]>(["signin", "signup", "signup-passkey"]);
/** Pages of links the board hands out: signed out, they wait for the sign-in, then open. */
const LINK_ROUTES = new Set<Route["name"]>(["invite", "verify-email"]);

export class BoardApp extends LitElement {
  static override styles = [base, boardAppStyles];

  static override properties = {
    session: { state: true },
    route: { state: true },
    unread: { state: true },
    invitations: { state: true },
    ready: { state: true },
    theme: { state: true },
  };

  session: WebSessionInfo | null = null;
  route: Route = parseRoute(location.pathname);
  unread = 0;
  /** Invitations to you not yet accepted or declined. */
  invitations = 0;
  ready = false;
  theme: ThemeChoice = themeChoice();
  private stopLive?: () => void;

  private readonly onPop = () => {
    this.route = parseRoute(location.pathname);
  };
  private readonly onSignedOut = () => {
    if (this.session) this.signedOut();
  };
  private stopListening: Array<() => void> = [];
  private readonly onNotificationsChanged = () => void this.countUnread();
  private readonly onInvitationsChanged = () => void this.countInvitations();

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener("popstate", this.onPop);
    this.stopListening = [
      on(window, "board:signed-out", this.onSignedOut),
      on(window, "board:notifications-changed", this.onNotificationsChanged),
      on(window, "board:invitations-changed", this.onInvitationsChanged),
    ];
    this.addEventListener("click", linkClick);
    void this.start();
  }

  override disconnectedCallback(): void {
    window.removeEventListener("popstate", this.onPop);
    for (const stop of this.stopListening) stop();
    this.stopLive?.();
    super.disconnectedCallback();
  }

  private async start() {
    const session = await loadSession().catch(() => null);
    if (session) this.signedIn(session);
    else if (LINK_ROUTES.has(this.route.name)) rememberPendingLink();
    this.ready = true;
  }

  /** A session began (page load, sign-in, sign-up). */
  private signedIn(session: WebSessionInfo) {
    setCsrfToken(session.csrf_token);
    this.session = session;
    const pending = takePendingLink();
    if (pending) {
      // Back to the link that was opened signed out (the fragment's secret included).
      history.replaceState(null, "", pending);
      this.route = parseRoute(location.pathname);
    } else if (SIGNED_OUT_ROUTES.has(this.route.name)) navigate("/app", { replace: true });
    void this.countUnread();
    void this.countInvitations();
    this.stopLive?.();
    this.stopLive = onLiveEvent((event) => {
      if (event.type === "notification.created") void this.countUnread();
      if (event.type === "invitation.deleted") void this.countInvitations();
      if (event.type === "invitation.created") {
        const invitation = event.data.invitation as Invitation;
        toast(`${invitation.invited_by_name} invited you to ${invitation.project_name}.`);
        void this.countInvitations();
      }
    });
  }

  private signedOut() {
    this.session = null;
    this.stopLive?.();
    disconnectLive();
    setCsrfToken("");
  }

  private async countUnread() {
    if (!this.session) return;
    const page = await call("list_notifications", { query: { unread: "true", limit: 100 } }).catch(
      () => null,
    );
    if (page) this.unread = page.data.length;
  }

  private async countInvitations() {
    if (!this.session) return;
    const page = await call("list_my_invitations", { query: { limit: 100 } }).catch(() => null);
    if (page) this.invitations = page.data.length;
  }

  private async signOut() {
    await callWeb("sign_out").catch(() => undefined);
    this.signedOut();
    navigate("/app/signin");
  }

  private setThemeChoice(choice: ThemeChoice) {
    this.theme = choice;
    setTheme(choice);
  }

  private userChanged(event: CustomEvent<User>) {
    if (this.session) this.session = { ...this.session, user: event.detail };
  }

  private renderSignedOut() {
    const route = this.route.name;
    const authServerUrl = this.dataset.authServerUrl ?? "";
    const signedIn = (event: CustomEvent<WebSessionInfo>) => this.signedIn(event.detail);
    if (route === "signup" || route === "signup-passkey") {
      return html`<board-sign-up
        .step=${route === "signup" ? "form" : "passkey"}
        .authServerUrl=${authServerUrl}
        ${listen("signed-in", signedIn)}
      ></board-sign-up>`;
    }
    return html`<board-sign-in
      .authServerUrl=${authServerUrl}
      ${listen("signed-in", signedIn)}
    ></board-sign-in>`;
  }

  private renderView(user: User) {
    const route = this.route;
    switch (route.name) {
      case "board":
        return html`<board-board-view
          .projectId=${route.projectId}
          .cardId=${route.cardId ?? null}
          .me=${user}
        ></board-board-view>`;
      case "settings":
        return html`<board-settings-view .projectId=${route.projectId} .me=${user}></board-settings-view>`;
      case "trash":
        return html`<board-trash-view .projectId=${route.projectId}></board-trash-view>`;
      case "account":
        return html`<board-account-view
          .me=${user}
          .authServerUrl=${this.dataset.authServerUrl ?? ""}
          .theme=${this.theme}
          ${listen("user-changed", this.userChanged)}
          ${listen("theme-changed", (event) => this.setThemeChoice(event.detail))}
          ${listen("sign-out", this.signOut)}
        ></board-account-view>`;
      case "notifications":
        return html`<board-notifications-view></board-notifications-view>`;
      case "my-cards":
        return html`<board-my-cards-view></board-my-cards-view>`;
      case "oauth-authorize":
        return html`<board-oauth-consent></board-oauth-consent>`;
      case "invite":
        return html`<board-invite-view></board-invite-view>`;
      case "verify-email":
        return html`<board-verify-email-view
          ${listen("user-changed", this.userChanged)}
        ></board-verify-email-view>`;
      case "not-found":
        return html`<section class="not-found" aria-labelledby="not-found">
          <h1 id="not-found">Page not found</h1>
          <p class="muted">There is nothing at this address. It may have moved, or the link is incomplete.</p>
          <a class="button primary" href="/app">Go to your projects</a>
        </section>`;
      default:
        return html`<board-projects-view .me=${user}></board-projects-view>`;
    }
  }

  private navLink(path: string, label: string, active: boolean, count: number, countLabel: string) {
    return html`<a href=${path} aria-current=${active ? "page" : "false"}
      >${label}${count > 0 ? html`<span class="badge" aria-label=${countLabel}>${count}</span>` : nothing}</a
    >`;
  }

  private renderNav() {
    const route = this.route.name;
    const onProjects = route === "projects" || route === "board" || route === "settings" || route === "trash";
    return html`<nav aria-label="Main">
      ${this.navLink(
        "/app",
        "Projects",
        onProjects,
        this.invitations,
        `${this.invitations} invitation${this.invitations === 1 ? "" : "s"}`,
      )}
      ${this.navLink("/app/my-cards", "My cards", route === "my-cards", 0, "")}
      ${this.navLink(
        "/app/notifications",
        "Notifications",
        route === "notifications",
        this.unread,
        `${this.unread} unread`,
      )}
    </nav>`;
  }

  protected override render() {
    const user = this.session?.user;
    return html`<header class=${user ? "signed-in" : ""}>
        <a class="brand" href="/app"><span class="logo" aria-hidden="true">▦</span><span>Board</span></a>
        ${user ? this.renderNav() : nothing}
        <span class="spacer"></span>
        ${
          user
            ? html`<a class="me" href="/app/account" aria-label="Account (${user.name})">
                <span class="avatar" aria-hidden="true">${initials(user.name)}</span
                ><span>@${user.handle}</span>
              </a>`
            : nothing
        }
      </header>
      <main>
        ${
          !this.ready
            ? html`<p class="loading">Loading…</p>`
            : user
              ? this.renderView(user)
              : this.renderSignedOut()
        }
      </main>
      ${user ? html`<board-connection-banner></board-connection-banner>` : nothing}
      <board-toasts></board-toasts>`;
  }
}
customElements.define("board-app", BoardApp);

declare global {
  interface HTMLElementTagNameMap {
    "board-app": BoardApp;
  }
}
