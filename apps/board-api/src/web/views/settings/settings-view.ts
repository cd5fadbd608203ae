// A project's settings: name and repository, members and their roles, invitation links, labels
// (renamed and recoloured in place), the priority ladder (reordered by dragging, or Alt+↑/↓) and
// (admins only) webhooks. Admins change them; everyone else reads.
import type { Label, Member, Priority, Project, Role, User } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { styleProps } from "../../ui/style-props.ts";
import { call, callAll } from "../../api.ts";
import { navigate } from "../../router.ts";
import { base } from "../../styles.ts";
import { confirmAction } from "../../ui/confirm.ts";
import { attempt, toast } from "../../ui/toast.ts";
import { canManage } from "../board/board-data.ts";
import { dragStyles } from "../board/drag.styles.ts";
import { nextLabelColor, nextPriorityColor } from "../../palette.ts";
import { labelForm } from "../labels/label-form.ts";
import { labelFormStyles } from "../labels/label-form.styles.ts";
import { inlineFormStyles } from "./inline-form.styles.ts";
import { PriorityReorder } from "./priority-reorder.ts";
import { settingsStyles } from "./settings.styles.ts";
import "./member-invitations.ts";
import "./project-webhooks.ts";

const ROLES: Role[] = ["owner", "admin", "member", "viewer"];

export class BoardSettingsView extends LitElement {
  static override styles = [base, dragStyles, inlineFormStyles, labelFormStyles, settingsStyles];
  static override properties = {
    projectId: {},
    me: { attribute: false },
    project: { state: true },
    members: { state: true },
    labels: { state: true },
    priorities: { state: true },
    editingLabel: { state: true },
    error: { state: true },
  };
  projectId = "";
  me: User | null = null;
  project: Project | null = null;
  members: Member[] = [];
  labels: Label[] = [];
  priorities: Priority[] = [];
  /** The label being renamed or recoloured. */
  editingLabel: string | null = null;
  private readonly ladder = new PriorityReorder(this, (rung, position) => this.moveRung(rung, position));
  error = "";

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has("projectId")) void this.load();
  }

  protected override updated(changed: Map<string, unknown>): void {
    if (changed.has("editingLabel") && this.editingLabel)
      this.renderRoot.querySelector<HTMLInputElement>("form.label-form .label-name")?.select();
  }

  private async load() {
    try {
      const [project, members, labels, priorities] = await Promise.all([
        call("get_project", { params: { project_id: this.projectId } }),
        callAll("list_members", { params: { project_id: this.projectId } }),
        callAll("list_labels", { params: { project_id: this.projectId } }),
        callAll("list_priorities", { params: { project_id: this.projectId } }),
      ]);
      this.project = project;
      this.members = members;
      this.labels = labels;
      this.priorities = priorities;
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  private async act(work: () => Promise<unknown>, done?: string) {
    if (await attempt(work, done)) await this.load();
  }

  /** A refused change puts the select back on the role the member still has (the toast says why). */
  private async changeRole(
    member: { user_id: string; name: string; role: string },
    select: HTMLSelectElement,
  ) {
    const role = select.value as Role; // the select offers only roles
    const done = `${member.name} is now ${role}.`;
    const changed = await attempt(
      () =>
        call("add_member", {
          params: { project_id: this.projectId },
          body: { user_id: member.user_id, role },
        }),
      done,
    );
    if (changed) await this.load();
    else select.value = member.role;
  }

  private submit(handler: (values: FormData, form: HTMLFormElement) => Promise<unknown>) {
    return async (event: SubmitEvent) => {
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      await handler(new FormData(form), form);
    };
  }

  private saveProject = this.submit((values) =>
    this.act(
      () =>
        call("update_project", {
          params: { project_id: this.projectId },
          body: {
            name: String(values.get("name") ?? ""),
            repo_url: String(values.get("repo_url") ?? "").trim(),
          },
        }),
      "Project saved.",
    ),
  );

  private addLabel = this.submit(async (values, form) => {
    await this.act(() =>
      call("create_label", {
        params: { project_id: this.projectId },
        body: {
          name: String(values.get("name") ?? ""),
          color: String(values.get("color")),
        },
      }),
    );
    form.reset();
  });

  private async saveLabel(label: Label, values: { name: string; color: string }) {
    await this.act(
      () => call("update_label", { params: { label_id: label.id }, body: values }),
      `Label saved as “${values.name}”.`,
    );
    this.editingLabel = null;
  }

  private addPriority = this.submit(async (values, form) => {
    await this.act(() =>
      call("create_priority", {
        params: { project_id: this.projectId },
        body: {
          name: String(values.get("name") ?? ""),
          color: String(values.get("color")),
        },
      }),
    );
    form.reset();
  });

  private async removeMember(member: Member) {
    const self = member.user_id === this.me?.id;
    const ok = await confirmAction(
      self ? "Leave this project?" : `Remove ${member.name}?`,
      self ? "You lose access to its board at once." : "They lose access to the board at once.",
      self ? "Leave" : "Remove",
    );
    if (!ok) return;
    await this.act(() =>
      call("remove_member", { params: { project_id: this.projectId, user_id: member.user_id } }),
    );
    if (self) navigate("/app");
  }

  private async deleteProject() {
    const ok = await confirmAction(
      `Delete ${this.project?.name}?`,
      "Every column, card, comment and file of the project is destroyed. This cannot be undone.",
      "Delete project",
    );
    if (!ok) return;
    try {
      await call("delete_project", { params: { project_id: this.projectId } });
      navigate("/app");
    } catch (error) {
      toast((error as Error).message, "error");
    }
  }

  private renderGeneral(project: Project) {
    const manage = canManage(project);
    return html`<section class="panel" aria-labelledby="general">
      <h2 id="general">General</h2>
      <form class="stack" @submit=${this.saveProject}>
        <label class="field"
          >Name <input name="name" .value=${project.name} ?disabled=${!manage} required maxlength="200"
        /></label>
        <label class="field"
          >Repository URL
          <input
            name="repo_url"
            type="url"
            .value=${project.repo_url ?? ""}
            ?disabled=${!manage}
            placeholder="https://…"
        /></label>
        ${manage ? html`<div class="row"><button class="button primary">Save</button></div>` : nothing}
      </form>
    </section>`;
  }

  private renderMembers(project: Project) {
    const manage = canManage(project);
    const owner = project.role === "owner";
    return html`<section class="panel" aria-labelledby="members">
      <h2 id="members">Members</h2>
      <table>
        <thead>
          <tr>
            <th>Member</th>
            <th class="wide">Email</th>
            <th>Role</th>
            <th><span class="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          ${this.members.map(
            (member) =>
              html`<tr>
                <td class="name">${member.name}<small>@${member.handle}</small></td>
                <td class="wide">${member.email}</td>
                <td>
                  ${
                    manage && (owner || member.role !== "owner")
                      ? html`<label class="sr-only" for="role-${member.user_id}"
                            >Role of ${member.name}</label
                          >
                          <select
                            id="role-${member.user_id}"
                            @change=${(event: Event) =>
                              this.changeRole(member, event.target as HTMLSelectElement)}
                          >
                            ${ROLES.filter((role) => owner || role !== "owner").map(
                              (role) =>
                                html`<option value=${role} ?selected=${role === member.role}>
                                  ${role}
                                </option>`,
                            )}
                          </select>`
                      : member.role
                  }
                </td>
                <td>
                  ${
                    manage || member.user_id === this.me?.id
                      ? html`<button class="button small danger" @click=${() => this.removeMember(member)}>
                          ${member.user_id === this.me?.id ? "Leave" : "Remove"}
                        </button>`
                      : nothing
                  }
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
      ${
        manage
          ? html`<board-member-invitations
              .projectId=${this.projectId}
              .roles=${ROLES.filter((role) => owner || role !== "owner")}
            ></board-member-invitations>`
          : nothing
      }
    </section>`;
  }

  private renderLabels(project: Project) {
    const manage = canManage(project);
    return html`<section class="panel" aria-labelledby="labels">
      <h2 id="labels">Labels</h2>
      <div class="tags">
        ${this.labels.map((label) =>
          this.editingLabel === label.id
            ? labelForm({
                label,
                color: label.color,
                save: (values) => void this.saveLabel(label, values),
                cancel: () => (this.editingLabel = null),
              })
            : html`<span class="chip"
                ><span class="dot" ${styleProps({ background: label.color })}></span>${label.name}
                ${
                  manage
                    ? html`<button
                          aria-label="Edit label ${label.name}"
                          @click=${() => (this.editingLabel = label.id)}
                        >
                          ✎
                        </button>
                        <button
                          aria-label="Delete label ${label.name}"
                          @click=${() => this.act(() => call("delete_label", { params: { label_id: label.id } }))}
                        >
                          ×
                        </button>`
                    : nothing
                }</span
              >`,
        )}
        ${this.labels.length ? nothing : html`<span class="faint">No labels yet.</span>`}
      </div>
      ${
        manage
          ? html`<form class="inline" @submit=${this.addLabel} aria-label="New label">
              <label class="field">New label <input name="name" required maxlength="200" /></label>
              <label class="field"
                >Colour
                <input
                  name="color"
                  type="color"
                  value=${nextLabelColor(this.labels.map((label) => label.color))}
              /></label>
              <button class="button">Add label</button>
            </form>`
          : nothing
      }
    </section>`;
  }

  /** A rung dropped or moved with the keyboard: the ladder as the server now has it, focus kept on its grip. */
  private async moveRung(rung: Priority, position: number) {
    await this.act(
      () => call("update_priority", { params: { priority_id: rung.id }, body: { position } }),
      `${rung.name} is now ${position === 0 ? "the most urgent" : `priority ${position + 1} of ${this.priorities.length}`}.`,
    );
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(`li[data-priority-id="${rung.id}"] .grip`)?.focus();
  }

  private renderPriorities(project: Project) {
    const manage = canManage(project);
    return html`<section class="panel" aria-labelledby="priorities">
      <h2 id="priorities">Priorities</h2>
      <p class="faint">Most urgent first; agents claim cards in this order.</p>
      <ol class="ladder">
        ${this.ladder.shown(this.priorities).map((rung) =>
          rung === "placeholder"
            ? html`<li class="placeholder" aria-hidden="true"></li>`
            : this.ladder.item(rung, this.priorities, {
                manage,
                remove: () => this.act(() => call("delete_priority", { params: { priority_id: rung.id } })),
              }),
        )}
      </ol>
      ${
        manage
          ? html`<form class="inline" @submit=${this.addPriority} aria-label="New priority">
              <label class="field"
                >New priority (least urgent) <input name="name" required maxlength="200"
              /></label>
              <label class="field"
                >Colour
                <input
                  name="color"
                  type="color"
                  value=${nextPriorityColor(this.priorities.map((rung) => rung.color))}
              /></label>
              <button class="button">Add priority</button>
            </form>`
          : nothing
      }
    </section>`;
  }

  protected override render() {
    const project = this.project;
    if (this.error) return html`<p class="error" role="alert">${this.error}</p>`;
    if (!project) return html`<p class="muted">Loading…</p>`;
    return html`<div class="head">
        <a href="/app/projects/${project.id}">← Back to the board</a>
        <h1>${project.name} · Settings</h1>
      </div>
      ${this.renderGeneral(project)} ${this.renderMembers(project)} ${this.renderLabels(project)}
      ${this.renderPriorities(project)}
      ${
        canManage(project)
          ? html`<section class="panel" aria-labelledby="webhooks">
              <h2 id="webhooks">Webhooks</h2>
              <board-project-webhooks .projectId=${this.projectId}></board-project-webhooks>
            </section>`
          : nothing
      }
      ${
        project.role === "owner"
          ? html`<section class="panel" aria-labelledby="danger">
              <h2 id="danger">Danger zone</h2>
              <button class="button danger" @click=${this.deleteProject}>Delete this project</button>
            </section>`
          : nothing
      }`;
  }
}
customElements.define("board-settings-view", BoardSettingsView);
