// Your projects, the invitations to you (live), and a new project.
import type { Project, User } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { callAll } from "../../api.ts";
import { navigate } from "../../router.ts";
import { base } from "../../styles.ts";
import { projectsStyles } from "./projects.styles.ts";
import "./invitation-list.ts";
import "./new-project-form.ts";
import { listen } from "../../listen.ts";

export class BoardProjectsView extends LitElement {
  static override styles = [base, projectsStyles];

  static override properties = {
    me: { attribute: false },
    projects: { state: true },
    creating: { state: true },
    error: { state: true },
  };

  me: User | null = null;
  projects: Project[] | null = null;
  creating = false;
  error = "";

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private async load() {
    try {
      this.projects = await callAll("list_projects");
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  private renderProjects(projects: Project[]) {
    if (projects.length === 0)
      return html`<div class="empty">No projects yet. Create one, or ask a colleague to invite you.</div>`;
    return html`<div class="grid">
      ${projects.map(
        (project) =>
          html`<a class="project" href="/app/projects/${project.id}">
            <h2>${project.name}</h2>
            <span class="row"
              ><span class="chip accent">${project.role}</span>
              ${project.repo_url ? html`<span class="faint">${project.repo_url.replace(/^https?:\/\//, "")}</span>` : nothing}</span
            >
          </a>`,
      )}
    </div>`;
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
          ? html`<board-new-project
              ${listen("made", () => void this.load())}
              ${listen("created", (event) => navigate(`/app/projects/${event.detail.id}`))}
              ${listen("cancel", () => (this.creating = false))}
            ></board-new-project>`
          : nothing
      }
      <board-invitations .me=${this.me} ${listen("joined", () => void this.load())}></board-invitations>
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      ${this.projects === null ? html`<p class="muted">Loading…</p>` : this.renderProjects(this.projects)}`;
  }
}
customElements.define("board-projects-view", BoardProjectsView);
