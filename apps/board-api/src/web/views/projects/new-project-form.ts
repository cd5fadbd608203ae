// A new project: its name, a starting set of columns (a template) and, offered by default, the
// priority ladder Urgent / High / Medium / Low. The name field has the focus when the form opens.
// Should the set-up fail half-way, the form says what exists and what is missing, and offers to
// finish it (Try again) or to open the project as it is.
import type { Project } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { call } from "../../api.ts";
import { PRIORITY_LADDER } from "../../palette.ts";
import { base } from "../../styles.ts";
import { styleProps } from "../../ui/style-props.ts";
import { SetupError, setUpProject, templateBody, TEMPLATES, type Template } from "./project-setup.ts";
import { newProjectStyles } from "./projects.styles.ts";
import { emit } from "../../events.ts";

/**
 * @event made - `Project`, when it exists but its set-up failed (the list shows it beside the message).
 * @event created - `Project`, once it exists with its columns and priorities.
 */
export class BoardNewProject extends LitElement {
  static override styles = [base, newProjectStyles];
  static override properties = {
    error: { state: true },
    busy: { state: true },
    made: { state: true },
  };

  error = "";
  busy = false;
  /** The project, once made, while its set-up is unfinished (after a failure). */
  made: Project | null = null;
  private setup: { template: Template; priorities: boolean } = { template: "simple", priorities: true };

  protected override firstUpdated(): void {
    this.renderRoot.querySelector<HTMLInputElement>("input[name=name]")?.focus();
  }

  private async create(event: SubmitEvent) {
    event.preventDefault();
    if (this.made) return this.finish();
    const values = new FormData(event.target as HTMLFormElement);
    const repo = String(values.get("repo_url") ?? "").trim();
    this.setup = {
      template: (values.get("template") as Template | null) ?? "simple",
      priorities: values.get("priorities") !== null,
    };
    this.busy = true;
    this.error = "";
    try {
      this.made = await call("create_project", {
        body: {
          name: String(values.get("name") ?? ""),
          ...(repo ? { repo_url: repo } : {}),
          ...templateBody(this.setup.template),
        },
      });
    } catch (error) {
      this.error = (error as Error).message;
      this.busy = false;
      return;
    }
    await this.finish();
  }

  /** Sets the made project up (again: only what is missing), then hands it on. */
  private async finish() {
    const project = this.made!;
    this.busy = true;
    this.error = "";
    try {
      await setUpProject(project.id, this.setup);
      emit(this, "created", project);
    } catch (error) {
      // The project exists without all of its set-up: the list shows it beside the message.
      emit(this, "made", project);
      const missing = error instanceof SetupError && error.step === "priorities" ? "priorities" : "columns";
      this.error = `“${project.name}” was created, but not all of its ${missing}: ${(error as Error).message}`;
    } finally {
      this.busy = false;
    }
  }

  private renderLadder() {
    return html`<span class="ladder"
      >${PRIORITY_LADDER.map(
        (rung) =>
          html`<span class="chip"
            ><span class="dot" ${styleProps({ background: rung.color })}></span>${rung.name}</span
          >`,
      )}</span
    >`;
  }

  private renderActions() {
    const cancel = () => emit(this, "cancel");
    if (this.made)
      return html`<div class="row wide">
        <button class="button primary" ?disabled=${this.busy}>Try again</button>
        <button
          type="button"
          class="button ghost"
          @click=${() => this.made && emit(this, "created", this.made)}
        >
          Open it as it is
        </button>
      </div>`;
    return html`<div class="row wide">
      <button class="button primary" ?disabled=${this.busy}>Create project</button>
      <button type="button" class="button ghost" @click=${cancel}>Cancel</button>
    </div>`;
  }

  protected override render() {
    const made = this.made !== null;
    return html`<form class="panel" @submit=${this.create} aria-label="New project">
      <fieldset class="fields" ?disabled=${made}>
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
          <span>Priorities ${this.renderLadder()}</span></label
        >
      </fieldset>
      ${this.error ? html`<p class="error wide" role="alert">${this.error}</p>` : nothing}
      ${this.renderActions()}
    </form>`;
  }
}
customElements.define("board-new-project", BoardNewProject);

declare global {
  interface HTMLElementTagNameMap {
    "board-new-project": BoardNewProject;
  }
}
