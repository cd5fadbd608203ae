// The board: columns and their cards in position order. Cards move by drag and drop (between and
// within columns) or with the keyboard (Alt+arrows), both calling move_card; the board follows
// live events, so a card an agent moves through the API moves here too. Enter opens the card.
import type { BoardColumn, Card, User } from "@org/contracts";
import { css, html, LitElement, nothing } from "lit";
import { repeat } from "lit/directives/repeat.js";
import { api } from "../../api.ts";
import { joinProject, leaveProject, onLiveEvent } from "../../live.ts";
import { navigate } from "../../router.ts";
import { base } from "../../styles.ts";
import { confirmAction } from "../../ui/confirm.ts";
import { toast } from "../../ui/toast.ts";
import { canManage, canWork, loadProject, moveLocally, type ProjectData } from "./board-data.ts";
import "./board-card.ts";
import "../card/card-panel.ts";

const CARD_TYPE = "application/x-board-card";

export class BoardBoardView extends LitElement {
  static override styles = [
    base,
    css`
      :host {
        margin: -28px -24px -64px;
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        gap: 10px;
        align-items: center;
        padding: 18px 24px 14px;
      }
      .head h1 {
        font-size: 1.35rem;
      }
      .head .spacer {
        flex: 1;
      }
      .columns {
        /* Contains the absolutely positioned screen-reader labels inside, so they scroll with it. */
        position: relative;
        display: flex;
        gap: 14px;
        align-items: flex-start;
        min-height: calc(100vh - 140px);
        padding: 4px 24px 40px;
        overflow-x: auto;
        scroll-snap-type: x proximity;
      }
      section.column {
        flex: 0 0 290px;
        display: flex;
        flex-direction: column;
        max-height: calc(100vh - 160px);
        border-radius: 14px;
        background: var(--column);
        scroll-snap-align: start;
      }
      .column-head {
        display: flex;
        gap: 8px;
        align-items: center;
        padding: 10px 10px 6px 14px;
      }
      .column-head h2 {
        flex: 1;
        font-size: 0.92rem;
      }
      .column-head input.rename {
        flex: 1;
        min-height: 32px;
        padding: 3px 8px;
        font-weight: 700;
      }
      .count {
        color: var(--faint);
        font-size: 0.8rem;
        font-weight: 700;
      }
      ol.cards {
        display: grid;
        gap: 8px;
        align-content: start;
        min-height: 40px;
        margin: 0;
        padding: 4px 10px 10px;
        list-style: none;
        overflow-y: auto;
      }
      ol.cards.drop-target {
        outline: 2px dashed var(--accent);
        outline-offset: -4px;
        border-radius: 12px;
      }
      li {
        position: relative;
        border-radius: 12px;
      }
      li:focus-visible {
        outline: 3px solid var(--focus);
        outline-offset: 2px;
      }
      li.dragging {
        opacity: 0.4;
      }
      li.drop-before::before {
        content: "";
        position: absolute;
        top: -6px;
        left: 4px;
        right: 4px;
        height: 3px;
        border-radius: 2px;
        background: var(--accent);
      }
      .drop-end {
        height: 3px;
        margin: -4px 4px 0;
        border-radius: 2px;
        background: var(--accent);
      }
      form.add {
        display: grid;
        gap: 6px;
        padding: 0 10px 10px;
      }
      form.add input {
        min-height: 36px;
      }
      .add-toggle {
        margin: 0 10px 10px;
        justify-content: flex-start;
        border-style: dashed;
        background: transparent;
        color: var(--muted);
      }
      form.new-column {
        flex: 0 0 250px;
        display: grid;
        gap: 6px;
      }
      .loading {
        padding: 24px;
      }
      .archived-toggle {
        display: inline-flex;
        gap: 6px;
        align-items: center;
        color: var(--muted);
        font-size: 0.88rem;
      }
      @media (max-width: 640px) {
        :host {
          margin: -18px -12px -48px;
        }
        .head {
          padding: 14px 12px 10px;
        }
        .columns {
          padding: 4px 12px 32px;
          scroll-snap-type: x mandatory;
        }
        section.column {
          flex-basis: calc(100vw - 44px);
        }
      }
    `,
  ];

  static override properties = {
    projectId: {},
    cardId: {},
    me: { attribute: false },
    data: { state: true },
    error: { state: true },
    adding: { state: true },
    showArchived: { state: true },
    dragging: { state: true },
    drop: { state: true },
    announcement: { state: true },
    renaming: { state: true },
  };

  projectId = "";
  /** The card open in the panel (from the URL). */
  cardId: string | null = null;
  me: User | null = null;
  data: ProjectData | null = null;
  error = "";
  /** The column whose "add card" form is open. */
  adding: string | null = null;
  showArchived = false;
  dragging: string | null = null;
  /** Where a dragged card would land. */
  drop: { columnId: string; index: number } | null = null;
  announcement = "";
  /** The column whose name is being edited in place. */
  renaming: string | null = null;
  private stopLive?: () => void;
  private reloadTimer?: ReturnType<typeof setTimeout>;
  private joined = "";

  override connectedCallback(): void {
    super.connectedCallback();
    this.stopLive = onLiveEvent((event) => {
      if (event.project_id !== this.projectId || event.type === "notification.created") return;
      if (event.type === "card.moved") this.applyMove(event.data.card as Card);
      this.scheduleReload();
    });
  }

  override disconnectedCallback(): void {
    this.stopLive?.();
    if (this.joined) leaveProject(this.joined);
    super.disconnectedCallback();
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has("projectId") && this.projectId !== this.joined) {
      if (this.joined) leaveProject(this.joined);
      this.joined = this.projectId;
      joinProject(this.projectId);
      this.data = null;
      void this.reload();
    }
  }

  protected override updated(changed: Map<string, unknown>): void {
    if (changed.has("renaming") && this.renaming) {
      this.renderRoot.querySelector<HTMLInputElement>(`#rename-${this.renaming}`)?.select();
    }
  }

  async reload() {
    try {
      this.data = await loadProject(this.projectId, this.showArchived);
      this.error = "";
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  /** Live events come in bursts (a move rewrites two columns): one reload for the lot. */
  private scheduleReload() {
    clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => void this.reload(), 120);
  }

  /** A move seen live is shown at once, before the reload confirms it. */
  private applyMove(card: Card) {
    if (!this.data || !card) return;
    this.data = {
      ...this.data,
      columns: moveLocally(this.data.columns, card.id, card.column_id, card.position),
    };
  }

  private cardPath(card: Card) {
    return `/app/projects/${this.projectId}/cards/${card.id}`;
  }

  private async move(card: Card, columnId: string, position: number) {
    if (!this.data) return;
    const before = this.data.columns;
    this.data = { ...this.data, columns: moveLocally(before, card.id, columnId, position) };
    const column = this.data.columns.find((candidate) => candidate.id === columnId);
    this.announcement = `Moved #${card.number} to ${column?.name ?? "column"}, position ${position + 1}.`;
    try {
      await api.post(`/cards/${card.id}/move`, { to_column_id: columnId, position });
    } catch (error) {
      this.data = { ...this.data, columns: before };
      toast((error as Error).message, "error");
    }
  }

  // ---- keyboard: Enter opens; Alt+←/→ another column, Alt+↑/↓ up or down the column ----
  private onCardKey(event: KeyboardEvent, card: Card, column: BoardColumn, index: number) {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      navigate(this.cardPath(card));
      return;
    }
    if (!event.altKey || !this.data || !canWork(this.data.project)) return;
    const columns = this.data.columns;
    const at = columns.indexOf(column);
    let target: { columnId: string; position: number } | undefined;
    if (event.key === "ArrowLeft" && at > 0) target = { columnId: columns[at - 1]!.id, position: index };
    if (event.key === "ArrowRight" && at < columns.length - 1)
      target = { columnId: columns[at + 1]!.id, position: index };
    if (event.key === "ArrowUp" && index > 0) target = { columnId: column.id, position: index - 1 };
    if (event.key === "ArrowDown" && index < column.cards.length - 1)
      target = { columnId: column.id, position: index + 1 };
    if (!target) return;
    event.preventDefault();
    void this.move(card, target.columnId, target.position).then(async () => {
      await this.updateComplete;
      (this.renderRoot.querySelector(`li[data-card-id="${card.id}"]`) as HTMLElement | null)?.focus();
    });
  }

  // ---- drag and drop ----
  private onDragStart(event: DragEvent, card: Card) {
    event.dataTransfer?.setData(CARD_TYPE, card.id);
    event.dataTransfer?.setData("text/plain", `#${card.number} ${card.title}`);
    if (event.dataTransfer) event.dataTransfer.effectAllowed = "move";
    this.dragging = card.id;
  }

  private onDragOver(event: DragEvent, column: BoardColumn) {
    if (!this.dragging) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = "move";
    const items = [
      ...(event.currentTarget as HTMLElement).querySelectorAll<HTMLElement>("li[data-card-id]"),
    ].filter((item) => item.dataset.cardId !== this.dragging);
    let index = items.findIndex((item) => {
      const box = item.getBoundingClientRect();
      return event.clientY < box.top + box.height / 2;
    });
    if (index === -1) index = items.length;
    if (this.drop?.columnId !== column.id || this.drop.index !== index)
      this.drop = { columnId: column.id, index };
  }

  private onDrop(event: DragEvent, column: BoardColumn) {
    event.preventDefault();
    const cardId = event.dataTransfer?.getData(CARD_TYPE) || this.dragging;
    const card = this.data?.columns
      .flatMap((candidate) => candidate.cards)
      .find((candidate) => candidate.id === cardId);
    const index = this.drop?.columnId === column.id ? this.drop.index : column.cards.length;
    this.dragging = null;
    this.drop = null;
    if (card) void this.move(card, column.id, index);
  }

  private onDragEnd() {
    this.dragging = null;
    this.drop = null;
  }

  // ---- columns and new cards ----
  private async addCard(event: SubmitEvent, column: BoardColumn) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const title = String(new FormData(form).get("title") ?? "").trim();
    if (!title) return;
    try {
      await api.post(`/columns/${column.id}/cards`, { title });
      form.reset();
      (form.querySelector("input") as HTMLInputElement).focus();
      await this.reload();
    } catch (error) {
      toast((error as Error).message, "error");
    }
  }

  private async addColumn(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const name = String(new FormData(form).get("name") ?? "").trim();
    if (!name) return;
    try {
      await api.post(`/projects/${this.projectId}/columns`, { name });
      form.reset();
      await this.reload();
    } catch (error) {
      toast((error as Error).message, "error");
    }
  }

  private async renameColumn(column: BoardColumn, input: HTMLInputElement) {
    if (this.renaming !== column.id) return;
    this.renaming = null;
    const name = input.value.trim();
    if (!name || name === column.name) return;
    try {
      await api.patch(`/columns/${column.id}`, { name });
      await this.reload();
    } catch (error) {
      toast((error as Error).message, "error");
    }
  }

  private async deleteColumn(column: BoardColumn) {
    if (!(await confirmAction(`Delete ${column.name}?`, "Only an empty column can be deleted.", "Delete")))
      return;
    try {
      await api.delete(`/columns/${column.id}`);
      await this.reload();
    } catch (error) {
      toast((error as Error).message, "error");
    }
  }

  private renderColumn(column: BoardColumn, data: ProjectData) {
    const work = canWork(data.project);
    const drop = this.drop?.columnId === column.id ? this.drop.index : -1;
    const visible = column.cards.filter((card) => card.id !== this.dragging || drop === -1);
    return html`<section class="column" aria-labelledby="col-${column.id}">
      <div class="column-head">
        ${
          this.renaming === column.id
            ? html`<label class="sr-only" for="rename-${column.id}">Column name</label>
                <input
                  id="rename-${column.id}"
                  class="rename"
                  .value=${column.name}
                  maxlength="200"
                  @keydown=${(event: KeyboardEvent) => {
                    if (event.key === "Enter")
                      void this.renameColumn(column, event.target as HTMLInputElement);
                    if (event.key === "Escape") this.renaming = null;
                  }}
                  @blur=${(event: FocusEvent) => void this.renameColumn(column, event.target as HTMLInputElement)}
                />`
            : html`<h2 id="col-${column.id}">${column.name}</h2>`
        }
        <span class="count" aria-label="${column.cards.length} cards">${column.cards.length}</span>
        ${
          canManage(data.project)
            ? html`<button
                  class="icon-button"
                  title="Rename ${column.name}"
                  aria-label="Rename ${column.name}"
                  @click=${() => (this.renaming = column.id)}
                >
                  ✎
                </button>
                <button
                  class="icon-button"
                  title="Delete ${column.name}"
                  aria-label="Delete ${column.name}"
                  @click=${() => this.deleteColumn(column)}
                >
                  ×
                </button>`
            : nothing
        }
      </div>
      <ol
        class="cards ${drop !== -1 ? "drop-target" : ""}"
        aria-label="${column.name} cards"
        @dragover=${(event: DragEvent) => this.onDragOver(event, column)}
        @dragleave=${(event: DragEvent) => {
          if (!(event.currentTarget as HTMLElement).contains(event.relatedTarget as Node)) this.drop = null;
        }}
        @drop=${(event: DragEvent) => this.onDrop(event, column)}
      >
        ${repeat(
          column.cards,
          (card) => card.id,
          (card, index) => {
            const shownIndex = visible.indexOf(card);
            return html`<li
              data-card-id=${card.id}
              tabindex="0"
              role="button"
              aria-label="#${card.number} ${card.title}. Enter opens it${work ? "; Alt and the arrow keys move it" : ""}."
              class="${this.dragging === card.id ? "dragging" : ""} ${drop !== -1 && shownIndex === drop && this.dragging !== card.id ? "drop-before" : ""}"
              draggable=${work && !card.archived ? "true" : "false"}
              @dragstart=${(event: DragEvent) => this.onDragStart(event, card)}
              @dragend=${this.onDragEnd}
              @click=${() => navigate(this.cardPath(card))}
              @keydown=${(event: KeyboardEvent) => this.onCardKey(event, card, column, index)}
            >
              <board-card .card=${card} .members=${data.members} .priorities=${data.priorities}></board-card>
            </li>`;
          },
        )}
        ${
          drop !== -1 && drop >= visible.filter((card) => card.id !== this.dragging).length
            ? html`<div class="drop-end" aria-hidden="true"></div>`
            : nothing
        }
      </ol>
      ${
        work
          ? this.adding === column.id
            ? html`<form class="add" @submit=${(event: SubmitEvent) => this.addCard(event, column)}>
                <label class="sr-only" for="new-${column.id}">New card in ${column.name}</label>
                <input
                  id="new-${column.id}"
                  name="title"
                  placeholder="Card title"
                  maxlength="200"
                  autofocus
                  @keydown=${(event: KeyboardEvent) => event.key === "Escape" && (this.adding = null)}
                />
                <div class="row">
                  <button class="button small primary">Add card</button>
                  <button type="button" class="button small ghost" @click=${() => (this.adding = null)}>
                    Cancel
                  </button>
                </div>
              </form>`
            : html`<button class="button small add-toggle" @click=${() => (this.adding = column.id)}>
                + Add a card
              </button>`
          : nothing
      }
    </section>`;
  }

  protected override render() {
    if (this.error) return html`<p class="error" role="alert">${this.error}</p>`;
    const data = this.data;
    if (!data) return html`<p class="muted loading">Loading the board…</p>`;
    const open = this.cardId
      ? data.columns.flatMap((column) => column.cards).find((card) => card.id === this.cardId)
      : undefined;
    return html`<div class="head">
        <h1>${data.project.name}</h1>
        <span class="chip accent">${data.project.role}</span>
        <span class="spacer"></span>
        <label class="archived-toggle"
          ><input
            type="checkbox"
            .checked=${this.showArchived}
            @change=${(event: Event) => {
              this.showArchived = (event.target as HTMLInputElement).checked;
              void this.reload();
            }}
          />Show archived</label
        >
        <a class="button small" href="/app/projects/${this.projectId}/settings">Settings</a>
      </div>
      <div class="columns">
        ${data.columns.map((column) => this.renderColumn(column, data))}
        ${
          canManage(data.project)
            ? html`<form class="new-column" @submit=${this.addColumn}>
                <label class="sr-only" for="new-column">New column</label>
                <input id="new-column" name="name" placeholder="New column" maxlength="200" />
                <button class="button small">Add column</button>
              </form>`
            : nothing
        }
        ${data.columns.length === 0 ? html`<div class="empty">This board has no columns yet.</div>` : nothing}
      </div>
      <p class="sr-only" role="status" aria-live="polite">${this.announcement}</p>
      ${
        this.cardId
          ? html`<board-card-panel
              .cardId=${this.cardId}
              .data=${data}
              .me=${this.me}
              .summary=${open ?? null}
              @close=${() => navigate(`/app/projects/${this.projectId}`)}
              @changed=${() => void this.reload()}
            ></board-card-panel>`
          : nothing
      }`;
  }
}
customElements.define("board-board-view", BoardBoardView);
