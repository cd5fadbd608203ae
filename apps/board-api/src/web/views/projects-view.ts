// Your projects, invitations to you, and a new project (with starter columns).
import type { Invitation, Project, User } from "@org/contracts";
import { css, html, LitElement, nothing } from "lit";
import { api } from "../api.ts";
import { navigate } from "../router.ts";
import { base } from "../styles.ts";
import { toast } from "../ui/toast.ts";

const STARTER_COLUMNS = ["To do", "In progress", "Done"];

export class BoardProjectsView extends LitElement {
  static override styles = [
    base,
    css`
      :host {
        max-width: 1040px;
        margin: 0 auto;
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        gap: 12px;
        align-items: flex-end;
        justify-content: space-between;
        margin-bottom: 22px;
      }
      .grid {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
        gap: 14px;
      }
      a.project {
        display: grid;
        gap: 6px;
        padding: 18px;
        border: 1px solid var(--border);
        border-radius: 14px;
        background: var(--surface);
        color: var(--text);
        text-decoration: none;
        box-shadow: 0 1px 2px rgb(16 24 40 / 0.04);
        transition:
          border-color 120ms ease,
          transform 120ms ease;
      }
      a.project:hover {
        border-color: var(--accent);
        transform: translateY(-1px);
      }
      a.project h2 {
        font-size: 1.05rem;
      }
      .invitations {
        margin-bottom: 22px;
      }
      .invitation {
        display: flex;
        flex-wrap: wrap;
        gap: 10px;
        align-items: center;
        justify-content: space-between;
        padding: 10px 0;
        border-bottom: 1px solid var(--border);
      }
      .invitation:last-child {
        border-bottom: 0;
      }
      form.new {
        display: grid;
        grid-template-columns: 1fr 1fr auto;
        gap: 10px;
        align-items: end;
        margin-bottom: 22px;
      }
      @media (max-width: 640px) {
        form.new {
          grid-template-columns: 1fr;
        }
      }
    `,
  ];

  static override properties = {
    me: { attribute: false },
    projects: { state: true },
    invitations: { state: true },
    creating: { state: true },
    error: { state: true },
  };

  me: User | null = null;
  projects: Project[] | null = null;
  invitations: Invitation[] = [];
  creating = false;
  error = "";

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private async load() {
    try {
      const [projects, invitations] = await Promise.all([
        api.all<Project>("/projects"),
        api.all<Invitation>("/me/invitations"),
      ]);
      this.projects = projects;
      this.invitations = invitations;
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  private async create(event: SubmitEvent) {
    event.preventDefault();
    const formElement = event.target as HTMLFormElement;
    const form = new FormData(formElement);
    this.error = "";
    try {
      const repo = String(form.get("repo_url") ?? "").trim();
      const project = await api.post<Project>("/projects", {
        name: String(form.get("name") ?? ""),
        ...(repo ? { repo_url: repo } : {}),
      });
      for (const name of STARTER_COLUMNS) await api.post(`/projects/${project.id}/columns`, { name });
      formElement.reset();
      this.creating = false;
      navigate(`/app/projects/${project.id}`);
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  private async accept(invitation: Invitation) {
    try {
      await api.post(`/invitations/${invitation.id}/accept`);
      toast(`You joined ${invitation.project_name}.`);
      await this.load();
    } catch (error) {
      toast((error as Error).message, "error");
    }
  }

  private async decline(invitation: Invitation) {
    try {
      await api.delete(`/invitations/${invitation.id}`);
      await this.load();
    } catch (error) {
      toast((error as Error).message, "error");
    }
  }

  private renderInvitations() {
    if (this.invitations.length === 0) return nothing;
    return html`<section class="panel invitations" aria-labelledby="inv-title">
      <h2 id="inv-title">Invitations</h2>
      ${this.invitations.map(
        (invitation) =>
          html`<div class="invitation">
            <span
              ><strong>${invitation.project_name}</strong>
              <span class="muted">as ${invitation.role}</span></span
            >
            <span class="row">
              <button class="button small primary" @click=${() => this.accept(invitation)}>Accept</button>
              <button class="button small" @click=${() => this.decline(invitation)}>Decline</button>
            </span>
          </div>`,
      )}
    </section>`;
  }

  protected override render() {
    return html`<div class="head">
        <div>
          <h1>Projects</h1>
          <p class="muted">Boards you are a member of.</p>
        </div>
        <button
          class="button primary"
          @click=${() => (this.creating = !this.creating)}
          aria-expanded=${this.creating}
        >
          New project
        </button>
      </div>
      ${
        this.creating
          ? html`<form class="new panel" @submit=${this.create} aria-label="New project">
              <label class="field">Name <input name="name" required maxlength="200" autofocus /></label>
              <label class="field"
                >Repository URL (optional) <input name="repo_url" type="url" placeholder="https://…"
              /></label>
              <button class="button primary">Create</button>
            </form>`
          : nothing
      }
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      ${this.renderInvitations()}
      ${
        this.projects === null
          ? html`<p class="muted">Loading…</p>`
          : this.projects.length === 0
            ? html`<div class="empty">No projects yet. Create one, or ask a colleague to invite you.</div>`
            : html`<div class="grid">
                ${this.projects.map(
                  (project) =>
                    html`<a class="project" href="/app/projects/${project.id}">
                      <h2>${project.name}</h2>
                      <span class="row"
                        ><span class="chip accent">${project.role}</span>
                        ${project.repo_url ? html`<span class="faint">${project.repo_url.replace(/^https?:\/\//, "")}</span>` : nothing}</span
                      >
                    </a>`,
                )}
              </div>`
      }`;
  }
}
customElements.define("board-projects-view", BoardProjectsView);
