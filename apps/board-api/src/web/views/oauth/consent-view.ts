// /app/oauth/authorize: an agent's host asks for access (OAuth). The person sees who asks (name,
// logo, where the answer goes, flagged when nothing vouches for that host), what for (scopes), and
// allows or denies; either way the browser goes back to the host. The person may limit the grant to
// chosen projects (the app then sees no other). Signed out, the app shell shows sign-in first and
// this page after.
import type { OAuthConsentView, Project } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { callAll, callWeb } from "../../api.ts";
import { base } from "../../styles.ts";
import { withStepUp } from "../../ui/step-up.ts";
import { failureText } from "../../ui/toast.ts";
import { consentStyles } from "./consent.styles.ts";

const SCOPE_TEXT: Record<string, string> = {
  "board:read": "See your projects, columns, cards, comments and activity",
  "board:write": "Create and change cards, comments and projects as you",
};

export class BoardOAuthConsent extends LitElement {
  static override styles = [base, consentStyles];
  static override properties = {
    view: { state: true },
    error: { state: true },
    busy: { state: true },
    projects: { state: true },
    limited: { state: true },
    chosen: { state: true },
  };

  view: OAuthConsentView | null = null;
  error = "";
  busy = false;
  /** The person's projects, to limit the grant to some of them. */
  projects: Project[] = [];
  /** Whether the grant is limited to `chosen` (else: every project, now and later). */
  limited = false;
  chosen = new Set<string>();
  private readonly query = Object.fromEntries(new URLSearchParams(location.search));

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private async load() {
    try {
      const answer = await callWeb("get_oauth_consent", { query: this.query });
      if ("redirect_to" in answer) {
        location.replace(answer.redirect_to);
        return;
      }
      this.projects = await callAll("list_projects");
      this.view = answer;
    } catch (error) {
      this.error = failureText(error);
    }
  }

  private async decide(approve: boolean) {
    if (approve && this.limited && this.chosen.size === 0) {
      this.error = "Choose at least one project, or allow all your projects.";
      return;
    }
    this.busy = true;
    this.error = "";
    try {
      // Allowing needs a passkey used in the last 5 minutes: the prompt comes when the server asks.
      // The projects go with an approval only (a denial limits nothing).
      const { redirect_to } = await withStepUp(() =>
        callWeb("decide_oauth_consent", {
          body: {
            query: this.query,
            approve,
            project_ids: approve && this.limited ? [...this.chosen] : null,
          },
        }),
      );
      location.assign(redirect_to);
    } catch (error) {
      this.error = failureText(error);
      this.busy = false;
    }
  }

  private toggle(projectId: string, on: boolean) {
    const chosen = new Set(this.chosen);
    if (on) chosen.add(projectId);
    else chosen.delete(projectId);
    this.chosen = chosen;
  }

  private renderProjects() {
    return html`<fieldset>
      <legend>Projects</legend>
      <label class="choice">
        <input
          type="radio"
          name="reach"
          value="all"
          .checked=${!this.limited}
          @change=${() => (this.limited = false)}
        />
        All my projects, including ones I join later
      </label>
      <label class="choice">
        <input
          type="radio"
          name="reach"
          value="chosen"
          .checked=${this.limited}
          ?disabled=${this.projects.length === 0}
          @change=${() => (this.limited = true)}
        />
        Only the projects I choose
      </label>
      ${
        this.limited
          ? html`<ul class="projects" aria-label="Projects the app may use">
              ${this.projects.map(
                (project) =>
                  html`<li>
                    <label class="choice">
                      <input
                        type="checkbox"
                        name="project"
                        value=${project.id}
                        .checked=${this.chosen.has(project.id)}
                        @change=${(event: Event) =>
                          this.toggle(project.id, (event.target as HTMLInputElement).checked)}
                      />
                      ${project.name}
                    </label>
                  </li>`,
              )}
            </ul>`
          : nothing
      }
    </fieldset>`;
  }

  private renderView(view: OAuthConsentView) {
    const { client } = view;
    return html`<form
      class="panel card"
      @submit=${(event: Event) => {
        event.preventDefault();
        void this.decide(true);
      }}
    >
      <div class="who">
        ${
          client.logo_uri
            ? html`<img class="logo" src=${client.logo_uri} alt="" width="48" height="48" />`
            : html`<span class="logo placeholder" aria-hidden="true"
                >${client.name.slice(0, 1).toUpperCase()}</span
              >`
        }
        <div>
          <p class="eyebrow">Connect an app</p>
          <h1>${client.name} wants to use your board</h1>
        </div>
      </div>
      <dl class="facts">
        <dt>App</dt>
        <dd>
          ${client.client_uri ? html`<a href=${client.client_uri} target="_blank" rel="noopener">${client.name}</a>` : client.name}
          ${client.kind === "metadata_document" ? html`<span class="faint">(${client.client_id})</span>` : nothing}
        </dd>
        <dt>Sends you back to</dt>
        <dd>
          <strong>${view.redirect_host}</strong>
          ${
            view.redirect_verified
              ? nothing
              : html`<span class="flag" role="note"
                  >unverified: only continue if you started this from that app</span
                >`
          }
        </dd>
        <dt>For</dt>
        <dd>${view.resource}</dd>
      </dl>
      <section aria-labelledby="scopes-title">
        <h2 id="scopes-title">It will be able to</h2>
        <ul class="scopes">
          ${view.scopes.map((scope) => html`<li>${SCOPE_TEXT[scope] ?? scope}</li>`)}
        </ul>
      </section>
      ${this.renderProjects()} ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      <div class="row actions">
        <button type="button" class="button" ?disabled=${this.busy} @click=${() => void this.decide(false)}>
          Deny
        </button>
        <button type="submit" class="button primary" ?disabled=${this.busy}>Allow</button>
      </div>
      <p class="note">You can revoke this at any time under Account → Connected apps.</p>
    </form>`;
  }

  protected override render() {
    if (this.view) return this.renderView(this.view);
    return html`<section class="panel card" aria-live="polite">
      ${
        this.error
          ? html`<h1>This request cannot be approved</h1>
              <p class="error" role="alert">${this.error}</p>`
          : html`<p class="faint">Loading the request…</p>`
      }
    </section>`;
  }
}
customElements.define("board-oauth-consent", BoardOAuthConsent);

declare global {
  interface HTMLElementTagNameMap {
    "board-oauth-consent": BoardOAuthConsent;
  }
}
