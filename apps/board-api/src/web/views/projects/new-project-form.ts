// A new project: its name, a starting set of columns (a template) and, offered by default, the
// priority ladder Urgent / High / Medium / Low. The name field has the focus when the form opens.
import type { Project } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { api } from "../../api.ts";
import { PRIORITY_LADDER } from "../../palette.ts";
import { base } from "../../styles.ts";
import { styleProps } from "../../ui/style-props.ts";
import { newProjectStyles } from "./projects.styles.ts";

/** Starting columns: made by the page, one after the other, once the project exists. */
const TEMPLATES = {
  simple: { label: "To do, In progress, Done", columns: ["To do", "In progress", "Done"] },
  empty: { label: "No columns", columns: [] },
} as const;
type Template = keyof typeof TEMPLATES;

/**
 * @event created - `Project`, once it exists with its columns and priorities.
 */
export class BoardNewProject extends LitElement {
  static override styles = [base, newProjectStyles];
  static override properties = { error: { state: true }, busy: { state: true } };

  error = "";
  busy = false;

  protected override firstUpdated(): void {
    this.renderRoot.querySelector<HTMLInputElement>("input[name=name]")?.focus();
  }

  private async create(event: SubmitEvent) {
    event.preventDefault();
    const values = new FormData(event.target as HTMLFormElement);
    const repo = String(values.get("repo_url") ?? "").trim();
    const template = TEMPLATES[(values.get("template") as Template | null) ?? "simple"];
    this.busy = true;
    this.error = "";
    try {
      const project = await api.post<Project>("/projects", {
        name: String(values.get("name") ?? ""),
        ...(repo ? { repo_url: repo } : {}),
      });
      for (const name of template.columns) await api.post(`/projects/${project.id}/columns`, { name });
      if (values.get("priorities")) {
        for (const rung of PRIORITY_LADDER) await api.post(`/projects/${project.id}/priorities`, rung);
      }
      this.dispatchEvent(new CustomEvent("created", { detail: project }));
    } catch (error) {
      this.error = (error as Error).message;
    } finally {
      this.busy = false;
    }
  }

  protected override render() {
    return html`<form class="panel" @submit=${this.create} aria-label="New project">
      <label class="field">Name <input name="name" required maxlength="200" /></label>
      <label class="field"
        >Repository URL (optional) <input name="repo_url" type="url" placeholder="https://…"
      /></label>
      <label class="field"
        >Columns
        <select name="template">
          ${Object.entries(TEMPLATES).map(
            ([value, template]) => html`<option value=${value}>${template.label}</option>`,
          )}
        </select></label
      >
      <label class="check"
        ><input type="checkbox" name="priorities" value="1" checked />
        <span
          >Priorities
          <span class="ladder"
            >${PRIORITY_LADDER.map(
              (rung) =>
                html`<span class="chip"
                  ><span class="dot" ${styleProps({ background: rung.color })}></span>${rung.name}</span
                >`,
            )}</span
          ></span
        ></label
      >
      ${this.error ? html`<p class="error wide" role="alert">${this.error}</p>` : nothing}
      <div class="row wide">
        <button class="button primary" ?disabled=${this.busy}>Create project</button>
        <button
          type="button"
          class="button ghost"
          @click=${() => this.dispatchEvent(new CustomEvent("cancel"))}
        >
          Cancel
        </button>
      </div>
    </form>`;
  }
}
customElements.define("board-new-project", BoardNewProject);

declare global {
  interface HTMLElementTagNameMap {
    "board-new-project": BoardNewProject;
  }
}
