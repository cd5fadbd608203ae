// The card panel (a side sheet; full screen on a phone): title, Markdown body, column, assignee,
// due date, priority, owner type, labels, checklist, attachments, the agent's state, comments and
// activity. Every change goes through /api/v1 with the web session.
import type { Card, CardWithPlan, ChecklistItem, Attachment, User } from "@org/contracts";
import { css, html, LitElement, nothing } from "lit";
import { unsafeHTML } from "lit/directives/unsafe-html.js";
import { styleProps } from "../../ui/style-props.ts";
import { api } from "../../api.ts";
import { dateInputValue, formatDateTime } from "../../format.ts";
import { renderMarkdown } from "../../markdown.ts";
import { base, panelStyles, prose } from "../../styles.ts";
import { confirmAction } from "../../ui/confirm.ts";
import { attempt, toast } from "../../ui/toast.ts";
import { canWork, type ProjectData } from "../board/board-data.ts";
import "./card-agent.ts";
import "./card-discussion.ts";

export class BoardCardPanel extends LitElement {
  static override styles = [
    base,
    prose,
    panelStyles,
    css`
      .backdrop {
        position: fixed;
        inset: 0;
        z-index: 30;
        background: rgb(10 10 20 / 0.35);
      }
      aside {
        position: fixed;
        top: 0;
        right: 0;
        bottom: 0;
        z-index: 31;
        width: min(100vw, 640px);
        overflow-y: auto;
        padding: 18px 22px 40px;
        border-left: 1px solid var(--border);
        background: var(--surface);
        box-shadow: var(--shadow-lg);
      }
      .top {
        display: flex;
        gap: 10px;
        align-items: flex-start;
      }
      .number {
        padding-top: 8px;
        color: var(--faint);
        font-weight: 700;
      }
      .title {
        flex: 1;
        min-height: 40px;
        padding: 4px 8px;
        border-color: transparent;
        background: transparent;
        font-size: 1.25rem;
        font-weight: 700;
      }
      .title:hover,
      .title:focus {
        border-color: var(--border-strong);
      }
      .fields {
        display: grid;
        grid-template-columns: repeat(2, minmax(0, 1fr));
        gap: 10px 14px;
      }
      .body {
        padding: 10px 12px;
        border: 1px solid var(--border);
        border-radius: 10px;
        background: var(--surface-2);
      }
      .checklist li {
        display: flex;
        gap: 8px;
        align-items: center;
      }
      .checklist li.done span {
        color: var(--faint);
        text-decoration: line-through;
      }
      .checklist li span {
        flex: 1;
      }
      .progress {
        height: 6px;
        border-radius: 999px;
        background: var(--code-bg);
        overflow: hidden;
      }
      .progress div {
        height: 100%;
        background: var(--accent);
      }
      input.grow {
        flex: 1;
        width: auto;
      }
      .start {
        justify-self: start;
      }
      .files li {
        display: flex;
        gap: 8px;
        align-items: center;
        justify-content: space-between;
      }
      .files a {
        overflow-wrap: anywhere;
      }
      .labels {
        display: flex;
        flex-wrap: wrap;
        gap: 6px;
        align-items: center;
      }
      .labels .chip button {
        padding: 0 0 0 2px;
        border: 0;
        background: none;
        color: inherit;
        font: inherit;
        cursor: pointer;
      }
      .labels select {
        width: auto;
        min-height: 30px;
        padding: 2px 8px;
        font-size: 0.85rem;
      }
      @media (max-width: 640px) {
        aside {
          padding: 14px 14px 40px;
          border-left: 0;
        }
        .fields {
          grid-template-columns: 1fr;
        }
      }
    `,
  ];

  static override properties = {
    cardId: {},
    data: { attribute: false },
    me: { attribute: false },
    summary: { attribute: false },
    card: { state: true },
    checklist: { state: true },
    files: { state: true },
    editingBody: { state: true },
    error: { state: true },
  };

  cardId = "";
  data!: ProjectData;
  me: User | null = null;
  /** The card as the board shows it (kept fresh by live events). */
  summary: Card | null = null;
  card: CardWithPlan | null = null;
  checklist: ChecklistItem[] = [];
  files: Attachment[] = [];
  editingBody = false;
  error = "";
  private returnFocus: Element | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    this.returnFocus = document.activeElement;
    document.addEventListener("keydown", this.onKey);
  }

  override disconnectedCallback(): void {
    document.removeEventListener("keydown", this.onKey);
    (this.returnFocus as HTMLElement | null)?.focus?.();
    super.disconnectedCallback();
  }

  private readonly onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape" && !this.editingBody) this.close();
  };

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has("cardId")) void this.load();
    // A live change to the card (the board's copy) refreshes the panel.
    const previous = changed.get("summary") as Card | null | undefined;
    if (previous && this.summary && previous.updated_at !== this.summary.updated_at) void this.load();
  }

  protected override firstUpdated(): void {
    this.renderRoot.querySelector<HTMLElement>("aside")?.focus();
  }

  private async load() {
    try {
      const [card, checklist, files] = await Promise.all([
        api.get<CardWithPlan>(`/cards/${this.cardId}`),
        api.all<ChecklistItem>(`/cards/${this.cardId}/checklist`),
        api.all<Attachment>(`/cards/${this.cardId}/attachments`),
      ]);
      this.card = card;
      this.checklist = checklist;
      this.files = files;
      this.error = "";
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  private close() {
    this.dispatchEvent(new CustomEvent("close"));
  }

  /** Runs a change, then reloads the panel and tells the board. */
  private async change(work: () => Promise<unknown>, done?: string) {
    const worked = await attempt(work, done);
    // Reloaded either way: a refused change shows the card as it really is.
    await this.load();
    if (worked) this.dispatchEvent(new CustomEvent("changed"));
  }

  private patchCard(fields: Record<string, unknown>) {
    return this.change(() => api.patch(`/cards/${this.cardId}`, fields));
  }

  private saveTitle(event: Event) {
    const title = (event.target as HTMLInputElement).value.trim();
    if (title && title !== this.card?.title) void this.patchCard({ title });
  }

  private async saveBody(event: SubmitEvent) {
    event.preventDefault();
    const body = String(new FormData(event.target as HTMLFormElement).get("body") ?? "");
    await this.patchCard({ body });
    this.editingBody = false;
  }

  private async archive() {
    const card = this.card!;
    if (card.archived)
      return this.change(
        () => api.post(`/cards/${card.id}/unarchive`),
        `#${card.number} is back on the board.`,
      );
    await this.change(() => api.post(`/cards/${card.id}/archive`), `#${card.number} archived.`);
  }

  private async deleteCard() {
    const card = this.card!;
    if (
      !(await confirmAction(
        `Delete #${card.number}?`,
        "Its comments, checklist and files go too. Archive keeps them.",
        "Delete",
      ))
    )
      return;
    try {
      await api.delete(`/cards/${card.id}`);
      this.dispatchEvent(new CustomEvent("changed"));
      this.close();
    } catch (error) {
      toast((error as Error).message, "error");
    }
  }

  private async upload(event: Event) {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    await this.change(() => api.upload(`/cards/${this.cardId}/attachments`, file), `${file.name} attached.`);
    input.value = "";
  }

  private async addChecklistItem(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const text = String(new FormData(form).get("text") ?? "").trim();
    if (!text) return;
    await this.change(() => api.post(`/cards/${this.cardId}/checklist`, { text }));
    form.reset();
  }

  private renderFields(card: CardWithPlan, work: boolean) {
    const { members, priorities, columns } = this.data;
    return html`<div class="fields">
      <label class="field"
        >Column
        <select
          ?disabled=${!work || card.archived}
          @change=${(event: Event) =>
            this.change(() =>
              api.post(`/cards/${card.id}/move`, { to_column_id: (event.target as HTMLSelectElement).value }),
            )}
        >
          ${columns.map((column) => html`<option value=${column.id} ?selected=${column.id === card.column_id}>${column.name}</option>`)}
        </select></label
      >
      <label class="field"
        >Assignee
        <select
          ?disabled=${!work}
          @change=${(event: Event) => this.patchCard({ assignee_id: (event.target as HTMLSelectElement).value })}
        >
          <option value="" ?selected=${!card.assignee_id}>Nobody</option>
          ${members.map(
            (member) =>
              html`<option value=${member.user_id} ?selected=${member.user_id === card.assignee_id}>
                ${member.name} (@${member.handle})
              </option>`,
          )}
        </select></label
      >
      <label class="field"
        >Due date
        <input
          type="date"
          ?disabled=${!work}
          .value=${dateInputValue(card.due_at)}
          @change=${(event: Event) => this.patchCard({ due_at: (event.target as HTMLInputElement).value })}
      /></label>
      <label class="field"
        >Priority
        <select
          ?disabled=${!work}
          @change=${(event: Event) => this.patchCard({ priority_id: (event.target as HTMLSelectElement).value })}
        >
          <option value="" ?selected=${!card.priority_id}>None</option>
          ${priorities.map((rung) => html`<option value=${rung.id} ?selected=${rung.id === card.priority_id}>${rung.name}</option>`)}
        </select></label
      >
      <label class="field"
        >Owner
        <select
          ?disabled=${!work}
          @change=${(event: Event) => this.patchCard({ owner_type: (event.target as HTMLSelectElement).value })}
        >
          <option value="human" ?selected=${card.owner_type === "human"}>Human</option>
          <option value="agent" ?selected=${card.owner_type === "agent"}>Agent</option>
        </select></label
      >
      <label class="field"
        >Work phase
        <input
          ?disabled=${!work}
          .value=${card.work_phase ?? ""}
          placeholder="e.g. review"
          maxlength="200"
          @change=${(event: Event) => this.patchCard({ work_phase: (event.target as HTMLInputElement).value.trim() })}
      /></label>
    </div>`;
  }

  private renderLabels(card: CardWithPlan, work: boolean) {
    const free = this.data.labels.filter((label) => !card.labels.some((on) => on.id === label.id));
    return html`<div class="labels" aria-label="Labels">
      ${card.labels.map(
        (label) =>
          html`<span class="chip"
            ><span class="dot" ${styleProps({ background: label.color })}></span>${label.name}
            ${
              work
                ? html`<button
                    aria-label="Remove label ${label.name}"
                    @click=${() => this.change(() => api.delete(`/cards/${card.id}/labels/${label.id}`))}
                  >
                    ×
                  </button>`
                : nothing
            }</span
          >`,
      )}
      ${
        work && free.length
          ? html`<label class="sr-only" for="add-label">Add a label</label>
              <select
                id="add-label"
                @change=${(event: Event) => {
                  const select = event.target as HTMLSelectElement;
                  if (select.value)
                    void this.change(() => api.post(`/cards/${card.id}/labels`, { label_id: select.value }));
                }}
              >
                <option value="">+ Label</option>
                ${free.map((label) => html`<option value=${label.id}>${label.name}</option>`)}
              </select>`
          : nothing
      }
      ${!card.labels.length && !free.length ? html`<span class="faint">No labels in this project yet (Settings).</span>` : nothing}
    </div>`;
  }

  private renderChecklist(work: boolean) {
    const done = this.checklist.filter((item) => item.done).length;
    return html`<section class="part" aria-labelledby="checklist-title">
      <h3 id="checklist-title">Checklist <span class="faint">${done}/${this.checklist.length}</span></h3>
      ${
        this.checklist.length
          ? html`<div class="progress" aria-hidden="true">
              <div ${styleProps({ width: `${(done / this.checklist.length) * 100}%` })}></div>
            </div>`
          : nothing
      }
      <ul class="list checklist">
        ${this.checklist.map(
          (item) =>
            html`<li class=${item.done ? "done" : ""}>
              <input
                type="checkbox"
                id="item-${item.id}"
                .checked=${item.done}
                ?disabled=${!work}
                @change=${(event: Event) => this.change(() => api.patch(`/checklist/${item.id}`, { done: (event.target as HTMLInputElement).checked }))}
              />
              <span><label for="item-${item.id}">${item.text}</label></span>
              ${
                work
                  ? html`<button
                      class="icon-button"
                      aria-label="Delete ${item.text}"
                      @click=${() => this.change(() => api.delete(`/checklist/${item.id}`))}
                    >
                      ×
                    </button>`
                  : nothing
              }
            </li>`,
        )}
      </ul>
      ${
        work
          ? html`<form class="row" @submit=${this.addChecklistItem}>
              <label class="sr-only" for="new-item">New checklist item</label>
              <input id="new-item" name="text" placeholder="Add an item" maxlength="2000" class="grow" />
              <button class="button small">Add</button>
            </form>`
          : nothing
      }
    </section>`;
  }

  private renderFiles(work: boolean) {
    return html`<section class="part" aria-labelledby="files-title">
      <h3 id="files-title">Attachments</h3>
      <ul class="list files">
        ${this.files.map(
          (file) =>
            html`<li>
              <a href="/api/v1/attachments/${file.id}" download=${file.filename}>${file.filename}</a>
              <span class="row"
                ><span class="faint">${Math.max(1, Math.round(file.size / 1024))} KB</span> ${
                  work
                    ? html`<button
                        class="icon-button"
                        aria-label="Delete ${file.filename}"
                        @click=${() => this.change(() => api.delete(`/attachments/${file.id}`))}
                      >
                        ×
                      </button>`
                    : nothing
                }</span
              >
            </li>`,
        )}
      </ul>
      ${!this.files.length ? html`<p class="faint">No files.</p>` : nothing}
      ${
        work
          ? html`<label class="button small start"
              >Upload a file<input class="sr-only" type="file" @change=${this.upload}
            /></label>`
          : nothing
      }
    </section>`;
  }

  protected override render() {
    const card = this.card;
    const work = canWork(this.data.project);
    const handles = new Set(this.data.members.map((member) => member.handle));
    return html`<div class="backdrop" @click=${this.close}></div>
      <aside
        role="dialog"
        aria-modal="true"
        aria-label=${card ? `Card #${card.number}` : "Card"}
        tabindex="-1"
      >
        ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
        ${
          !card
            ? html`<p class="muted">Loading…</p>`
            : html`<div class="top">
                  <span class="number">#${card.number}</span>
                  <label class="sr-only" for="title">Title</label>
                  <input
                    id="title"
                    class="title"
                    .value=${card.title}
                    ?disabled=${!work}
                    maxlength="200"
                    @change=${this.saveTitle}
                  />
                  <button class="icon-button" aria-label="Close" @click=${this.close}>✕</button>
                </div>
                <p class="faint">
                  Created ${formatDateTime(card.created_at)}${card.archived ? " · archived" : ""}
                </p>
                ${this.renderLabels(card, work)}
                <section class="part" aria-labelledby="body-title">
                  <h3 id="body-title">
                    Description
                    ${
                      work && !this.editingBody
                        ? html`<button class="button small ghost" @click=${() => (this.editingBody = true)}>
                            Edit
                          </button>`
                        : nothing
                    }
                  </h3>
                  ${
                    this.editingBody
                      ? html`<form class="stack" @submit=${this.saveBody}>
                          <label class="sr-only" for="body">Description (Markdown)</label>
                          <textarea
                            id="body"
                            name="body"
                            rows="8"
                            .value=${card.body}
                            placeholder="Markdown; @handle mentions a member"
                          ></textarea>
                          <div class="row">
                            <button class="button small primary">Save</button>
                            <button
                              type="button"
                              class="button small"
                              @click=${() => (this.editingBody = false)}
                            >
                              Cancel
                            </button>
                          </div>
                        </form>`
                      : card.body
                        ? html`<div class="body prose">
                            ${unsafeHTML(renderMarkdown(card.body, handles))}
                          </div>`
                        : html`<p class="faint">No description.</p>`
                  }
                </section>
                <section class="part" aria-label="Details">${this.renderFields(card, work)}</section>
                ${this.renderChecklist(work)} ${this.renderFiles(work)}
                <board-card-agent
                  .card=${card}
                  .data=${this.data}
                  .me=${this.me}
                  @changed=${() => this.change(async () => {})}
                ></board-card-agent>
                <board-card-discussion
                  .cardId=${card.id}
                  .data=${this.data}
                  .me=${this.me}
                ></board-card-discussion>
                ${
                  work
                    ? html`<section class="part row" aria-label="Card actions">
                        <button class="button" @click=${this.archive}>
                          ${card.archived ? "Unarchive" : "Archive"}
                        </button>
                        <button class="button danger" @click=${this.deleteCard}>Delete</button>
                      </section>`
                    : nothing
                }`
        }
      </aside>`;
  }
}
customElements.define("board-card-panel", BoardCardPanel);
