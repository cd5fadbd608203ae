// The app shell: the session, the header (projects, notifications, account, theme), the route's
// view, and toasts. Signed out, every route shows sign-in or sign-up.
import type { User } from "@org/contracts";
import { css, html, LitElement, nothing } from "lit";
import { api, loadSession, setCsrfToken, web, type WebSession } from "../api.ts";
import { disconnectLive, onLiveEvent } from "../live.ts";
import { linkClick, navigate, parseRoute, type Route } from "../router.ts";
import { base } from "../styles.ts";
import { setTheme, themeChoice, type ThemeChoice } from "@org/web-theme/theme";
import { initials } from "../format.ts";
import "../ui/toast.ts";
import "./auth-view.ts";
import "./projects-view.ts";
import "./board-view.ts";
import "./settings-view.ts";
import "./account-view.ts";
import "./notifications-view.ts";

export class BoardApp extends LitElement {
  static override styles = [
    base,
    css`
      header {
        position: sticky;
        top: 0;
        z-index: 20;
        display: flex;
        gap: 12px;
        align-items: center;
        height: 56px;
        padding: 0 20px;
        border-bottom: 1px solid var(--border);
        background: color-mix(in srgb, var(--surface) 92%, transparent);
        backdrop-filter: blur(8px);
      }
      .brand {
        display: inline-flex;
        gap: 8px;
        align-items: center;
        color: var(--text);
        font-weight: 800;
        font-size: 1.05rem;
        letter-spacing: -0.02em;
        text-decoration: none;
      }
      .logo {
        display: inline-grid;
        place-items: center;
        width: 28px;
        height: 28px;
        border-radius: 8px;
        background: var(--accent);
        color: var(--on-accent);
        font-size: 0.9rem;
      }
      nav {
        display: flex;
        gap: 4px;
        margin-left: 8px;
      }
      nav a {
        position: relative;
        padding: 6px 10px;
        border-radius: 8px;
        color: var(--muted);
        font-weight: 600;
        font-size: 0.92rem;
        text-decoration: none;
      }
      nav a:hover,
      nav a[aria-current="page"] {
        background: var(--code-bg);
        color: var(--text);
      }
      .badge {
        display: inline-grid;
        place-items: center;
        min-width: 18px;
        height: 18px;
        margin-left: 4px;
        padding: 0 5px;
        border-radius: 999px;
        background: var(--accent);
        color: var(--on-accent);
        font-size: 0.7rem;
        font-weight: 800;
      }
      .spacer {
        flex: 1;
      }
      select.theme {
        width: auto;
        min-height: 32px;
        padding: 3px 8px;
        font-size: 0.85rem;
      }
      .me {
        display: inline-flex;
        gap: 8px;
        align-items: center;
        color: var(--muted);
        font-size: 0.88rem;
        text-decoration: none;
      }
      main {
        padding: 28px 24px 64px;
      }
      .loading {
        padding: 80px 0;
        color: var(--muted);
        text-align: center;
      }
      @media (max-width: 640px) {
        header {
          gap: 6px;
          padding: 0 10px;
        }
        header.signed-in .brand span:last-child,
        .me span:not(.avatar),
        select.theme {
          display: none;
        }
        nav {
          margin-left: 0;
        }
        nav a {
          padding: 6px 8px;
        }
        main {
          padding: 18px 12px 48px;
        }
      }
    `,
  ];

  static override properties = {
    session: { state: true },
    route: { state: true },
    unread: { state: true },
    ready: { state: true },
    theme: { state: true },
  };

  session: WebSession | null = null;
  route: Route = parseRoute(location.pathname);
  unread = 0;
  ready = false;
  theme: ThemeChoice = themeChoice();
  private stopLive?: () => void;

  private readonly onPop = () => {
    this.route = parseRoute(location.pathname);
  };
  private readonly onSignedOut = () => {
    if (this.session) this.signedOut();
  };

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener("popstate", this.onPop);
    window.addEventListener("board:signed-out", this.onSignedOut);
    window.addEventListener("board:notifications-changed", () => void this.countUnread());
    this.addEventListener("click", linkClick);
    void this.start();
  }

  override disconnectedCallback(): void {
    window.removeEventListener("popstate", this.onPop);
    window.removeEventListener("board:signed-out", this.onSignedOut);
    this.stopLive?.();
    super.disconnectedCallback();
  }

  private async start() {
    const session = await loadSession().catch(() => null);
    if (session) this.signedIn(session);
    this.ready = true;
  }

  /** A session began (page load, sign-in, sign-up). */
  private signedIn(session: WebSession) {
    setCsrfToken(session.csrf_token);
    this.session = session;
    if (this.route.name === "signin" || this.route.name === "signup") navigate("/app", { replace: true });
    void this.countUnread();
    this.stopLive?.();
    this.stopLive = onLiveEvent((event) => {
      if (event.type === "notification.created") void this.countUnread();
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
    const page = await api
      .get<{ data: unknown[] }>("/me/notifications?unread=true&limit=100")
      .catch(() => null);
    if (page) this.unread = page.data.length;
  }

  private async signOut() {
    await web.post("/auth/signout").catch(() => undefined);
    this.signedOut();
    navigate("/app/signin");
  }

  private changeTheme(event: Event) {
    this.setThemeChoice((event.target as HTMLSelectElement).value as ThemeChoice);
  }

  private setThemeChoice(choice: ThemeChoice) {
    this.theme = choice;
    setTheme(choice);
  }

  private userChanged(event: CustomEvent<User>) {
    if (this.session) this.session = { ...this.session, user: event.detail };
  }

  private navLink(path: string, label: string, active: boolean, extra: unknown = nothing) {
    return html`<a href=${path} aria-current=${active ? "page" : "false"}>${label}${extra}</a>`;
  }

  private renderView() {
    const route = this.route;
    if (!this.session) {
      return html`<board-auth-view
        .mode=${route.name === "signup" || route.name === "signup-passkey" ? "signup" : "signin"}
        .authServerUrl=${this.dataset.authServerUrl ?? ""}
        @signed-in=${(event: CustomEvent<WebSession>) => this.signedIn(event.detail)}
      ></board-auth-view>`;
    }
    const user = this.session.user;
    switch (route.name) {
      case "board":
        return html`<board-board-view
          .projectId=${route.projectId}
          .cardId=${route.cardId ?? null}
          .me=${user}
        ></board-board-view>`;
      case "settings":
        return html`<board-settings-view .projectId=${route.projectId} .me=${user}></board-settings-view>`;
      case "account":
        return html`<board-account-view
          .me=${user}
          .authServerUrl=${this.dataset.authServerUrl ?? ""}
          @user-changed=${this.userChanged}
          .theme=${this.theme}
          @theme-changed=${(event: CustomEvent<ThemeChoice>) => this.setThemeChoice(event.detail)}
          @sign-out=${this.signOut}
        ></board-account-view>`;
      case "notifications":
        return html`<board-notifications-view></board-notifications-view>`;
      case "not-found":
        return html`<div class="empty">
          This page does not exist. <a href="/app">Back to your projects</a>
        </div>`;
      default:
        return html`<board-projects-view .me=${user}></board-projects-view>`;
    }
  }

  protected override render() {
    const route = this.route.name;
    const user = this.session?.user;
    return html`<header class=${user ? "signed-in" : ""}>
        <a class="brand" href="/app"><span class="logo" aria-hidden="true">▦</span><span>Board</span></a>
        ${
          user
            ? html`<nav aria-label="Main">
                ${this.navLink("/app", "Projects", route === "projects" || route === "board" || route === "settings")}
                ${this.navLink(
                  "/app/notifications",
                  "Notifications",
                  route === "notifications",
                  this.unread > 0
                    ? html`<span class="badge" aria-label="${this.unread} unread">${this.unread}</span>`
                    : nothing,
                )}
              </nav>`
            : nothing
        }
        <span class="spacer"></span>
        <label class="sr-only" for="theme">Theme</label>
        <select id="theme" class="theme" .value=${this.theme} @change=${this.changeTheme}>
          <option value="auto">Auto</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
        ${
          user
            ? html`<a class="me" href="/app/account" aria-label="Account (${user.name})">
                <span class="avatar" aria-hidden="true">${initials(user.name)}</span
                ><span>@${user.handle}</span>
              </a>`
            : nothing
        }
      </header>
      <main>${this.ready ? this.renderView() : html`<p class="loading">Loading…</p>`}</main>
      <board-toasts></board-toasts>`;
  }
}
customElements.define("board-app", BoardApp);
