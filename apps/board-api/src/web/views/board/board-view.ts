// The board: columns and their cards in position order. Cards and columns move by dragging them (mouse,
// pen, or a finger after a short press) or with the keyboard (Alt+arrows), calling the API; a placeholder
// shows where a drop lands. Live events show what another person or an agent changes. Enter opens a card.
import type { BoardColumn, BoardEvent, Card, User } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { guard } from "lit/directives/guard.js";
import { call } from "../../api.ts";
import { joinProject, leaveProject } from "../../live.ts";
import { navigate } from "../../router.ts";
import { base } from "../../styles.ts";
import { confirmAction } from "../../ui/confirm.ts";
import { attempt, toast } from "../../ui/toast.ts";
import {
  canManage,
  canWork,
  loadProject,
  moveColumnLocally,
  moveLocally,
  patchProject,
  type ProjectData,
} from "./board-data.ts";
import { boardColumn, type ColumnActions, type ColumnView, type DragState } from "./board-column.ts";
import { followBoard } from "./board-live.ts";
import { boardStyles, menuStyles } from "./board.styles.ts";
import { dragStyles } from "./drag.styles.ts";
import { cardTileStyles } from "./card-tile.styles.ts";
import { tileContext } from "./card-tile.ts";
import { dragCard, dragColumn, type DragHost } from "./board-drag.ts";
import { ColumnWindows } from "./column-window.ts";
import { newColumnForm } from "./new-column-form.ts";
import { BoardSearch } from "./board-search.ts";
import { searchStyles } from "./board-search.styles.ts";
import type { BoardCardPanel } from "../card/card-panel.ts";
import "../card/card-panel.ts";
import { listen } from "../../listen.ts";

export class BoardBoardView extends LitElement implements ColumnActions, DragHost {
  static override styles = [base, dragStyles, boardStyles, menuStyles, cardTileStyles, searchStyles];

  static override properties = {
    projectId: {},
    cardId: {},
    me: { attribute: false },
    data: { state: true },
    error: { state: true },
    adding: { state: true },
    showArchived: { state: true },
    drag: { state: true },
    announcement: { state: true },
    renaming: { state: true },
    newColumnAt: { state: true },
    menuFor: { state: true },
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
  drag: DragState | null = null;
  announcement = "";
  /** The column whose name is being edited in place. */
  renaming: string | null = null;
  /** Where a column is being added from a column's menu (its future position). */
  newColumnAt: number | null = null;
  /** The column whose actions menu is open. */
  menuFor: string | null = null;
  /** How many cards each column renders (long columns render more as they scroll). */
  private readonly windows = new ColumnWindows(this);
  /** The search box and filters; while they are on, the board shows the cards they find. */
  private readonly search = new BoardSearch(this);
  private stopLive?: () => void;
  private reloadTimer?: ReturnType<typeof setTimeout>;
  private joined = "";

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener("click", this.closeMenu);
    this.stopLive = followBoard(this);
  }

  resyncCard(): void {
    this.renderRoot.querySelector<BoardCardPanel>("board-card-panel")?.resync();
  }

  override disconnectedCallback(): void {
    document.removeEventListener("click", this.closeMenu);
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
    if (changed.has("newColumnAt") && this.newColumnAt !== null) {
      this.renderRoot.querySelector<HTMLInputElement>("#inline-column-name")?.focus();
    }
  }

  async reload() {
    try {
      [this.data] = await Promise.all([loadProject(this.projectId, this.showArchived), this.search.load()]);
      this.error = "";
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  /** Live events come in bursts (a move rewrites two columns): one reload for the lot. */
  scheduleReload() {
    clearTimeout(this.reloadTimer);
    // Not in the middle of a drag: the placeholder would jump.
    this.reloadTimer = setTimeout(() => (this.drag ? this.scheduleReload() : void this.reload()), 120);
  }

  /**
   * Live events (a frame's together, board-live.ts) patch the board: no reload of a thousand cards
   * for each change. A reload instead while a drag is on (the placeholder would jump), with archived
   * cards or a search shown (what they list is the server's to say), or where patchProject cannot tell.
   */
  applyLive(events: BoardEvent[]) {
    if (!this.data) return;
    const patched =
      this.drag || this.showArchived || this.search.active ? "reload" : patchProject(this.data, events);
    if (patched === "reload") this.scheduleReload();
    else this.data = patched;
  }

  openCard(card: Card) {
    navigate(`/app/projects/${this.projectId}/cards/${card.id}${location.search}`);
  }

  /** Shows the move at once; the server refusing it puts the card back and says why. Resolves whether it moved. */
  async moveCard(card: Card, columnId: string, position: number): Promise<boolean> {
    if (!this.data) return false;
    const before = this.data.columns;
    if (card.column_id === columnId && card.position === position) return false;
    this.data = { ...this.data, columns: moveLocally(before, card.id, columnId, position) };
    this.windows.reveal(columnId, position + 1);
    const column = this.data.columns.find((candidate) => candidate.id === columnId);
    this.announcement = `Moved #${card.number} to ${column?.name ?? "column"}, position ${position + 1}.`;
    try {
      await call("move_card", { params: { card_id: card.id }, body: { to_column_id: columnId, position } });
      return true;
    } catch (error) {
      this.data = { ...this.data, columns: before };
      toast((error as Error).message, "error");
      return false;
    }
  }

  async moveColumn(column: BoardColumn, to: number) {
    if (!this.data || to < 0 || to >= this.data.columns.length) return;
    const before = this.data.columns;
    if (before.indexOf(column) === to) return;
    this.data = { ...this.data, columns: moveColumnLocally(before, column.id, to) };
    this.announcement = `Moved the column ${column.name} to position ${to + 1} of ${before.length}.`;
    try {
      await call("update_column", { params: { column_id: column.id }, body: { position: to } });
    } catch (error) {
      this.data = { ...this.data, columns: before };
      toast((error as Error).message, "error");
    }
  }

  private async focusAfterMove(selector: string) {
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(selector)?.focus();
  }

  // ---- keyboard: Enter opens; Alt+←/→ another column, Alt+↑/↓ up or down the column ----
  cardKey(event: KeyboardEvent, card: Card, column: BoardColumn, index: number) {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.openCard(card);
      return;
    }
    if (!event.altKey || !this.data || !canWork(this.data.project) || this.search.active) return;
    const columns = this.data.columns;
    const at = columns.indexOf(column);
    const target = {
      ArrowLeft: at > 0 ? { columnId: columns[at - 1]!.id, position: index } : undefined,
      ArrowRight: at < columns.length - 1 ? { columnId: columns[at + 1]!.id, position: index } : undefined,
      ArrowUp: index > 0 ? { columnId: column.id, position: index - 1 } : undefined,
      ArrowDown: index < column.cards.length - 1 ? { columnId: column.id, position: index + 1 } : undefined,
    }[event.key];
    if (!target) return;
    event.preventDefault();
    void this.moveCard(card, target.columnId, target.position).then(() =>
      this.focusAfterMove(`li[data-card-id="${card.id}"]`),
    );
  }

  columnKey(event: KeyboardEvent, column: BoardColumn) {
    if (!event.altKey || !this.data || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    event.preventDefault();
    const to = this.data.columns.indexOf(column) + (event.key === "ArrowLeft" ? -1 : 1);
    void this.moveColumn(column, to).then(() =>
      this.focusAfterMove(`section[data-column-id="${column.id}"] .grip`),
    );
  }

  cardFocused(column: BoardColumn, index: number) {
    // Tab and Shift+Tab walk the cards: the next few are rendered before the focus gets there.
    this.windows.reveal(column.id, index + 10);
  }

  cardsScrolled(list: HTMLElement) {
    this.windows.scrolled(list);
  }

  // ---- dragging (board-drag.ts): the board computes where a drop lands and draws the placeholder ----
  cardPointerDown(event: PointerEvent, card: Card) {
    if (!this.search.active) dragCard(this, event, card);
  }

  columnPointerDown(event: PointerEvent, column: BoardColumn) {
    dragColumn(this, event, column);
  }

  // ---- columns and new cards ----
  toggleAdding(column: BoardColumn | null) {
    this.adding = column?.id ?? null;
  }

  toggleMenu(column: BoardColumn | null) {
    this.menuFor = column?.id ?? null;
    if (column) void this.focusAfterMove(`section[data-column-id="${column.id}"] .menu-item`);
  }

  /** A click anywhere but in the open menu closes it. */
  private readonly closeMenu = (event: Event) => {
    if (this.menuFor && !event.composedPath().some((node) => (node as Element).classList?.contains("menu")))
      this.menuFor = null;
  };

  async addCard(event: SubmitEvent, column: BoardColumn) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const title = String(new FormData(form).get("title") ?? "").trim();
    if (!title) return;
    if (await attempt(() => call("create_card", { params: { column_id: column.id }, body: { title } }))) {
      form.reset();
      form.querySelector("input")?.focus();
      await this.reload();
    }
  }

  insertColumn(position: number) {
    this.newColumnAt = position;
  }
  private async addColumn(name: string, position: number | undefined) {
    const add = { params: { project_id: this.projectId }, body: { name, position } };
    if (!(await attempt(() => call("create_column", add)))) return false;
    this.newColumnAt = null;
    await this.reload();
    return true;
  }

  startRename(column: BoardColumn) {
    this.renaming = column.id;
  }

  async rename(column: BoardColumn, name: string | null) {
    if (this.renaming !== column.id) return;
    this.renaming = null;
    const trimmed = name?.trim();
    if (!trimmed || trimmed === column.name) return;
    const rename = { params: { column_id: column.id }, body: { name: trimmed } };
    if (await attempt(() => call("update_column", rename))) await this.reload();
  }

  async deleteColumn(column: BoardColumn) {
    if (!(await confirmAction(`Delete ${column.name}?`, "Only an empty column can be deleted.", "Delete")))
      return;
    if (await attempt(() => call("delete_column", { params: { column_id: column.id } }))) await this.reload();
  }

  async toggleDone(column: BoardColumn) {
    const done = !column.done;
    const change = { params: { column_id: column.id }, body: { done } };
    if (!(await attempt(() => call("update_column", change)))) return;
    this.announcement = done
      ? `${column.name} is a done column: its cards are finished.`
      : `${column.name} is no longer a done column.`;
    await this.reload();
  }

  private renderColumns(all: ProjectData) {
    const data = this.search.apply(all);
    const tiles = tileContext(data.members, data.priorities);
    const drag = this.drag;
    const columns =
      drag?.kind === "column" ? data.columns.filter((column) => column.id !== drag.id) : data.columns;
    const rendered: unknown[] = columns.map((column) => {
      const view: ColumnView = {
        column,
        index: data.columns.indexOf(column),
        columnCount: data.columns.length,
        tiles,
        canWork: canWork(data.project) && !this.search.active,
        canManage: canManage(data.project),
        drag,
        renaming: this.renaming === column.id,
        adding: this.adding === column.id,
        menuOpen: this.menuFor === column.id,
        limit: this.windows.limit(column.id),
      };
      // A column none of this changed for (a live event touched others) is not built again.
      const { tiles: _tiles, ...rest } = view;
      return guard([...Object.values(rest), tiles.members, tiles.priorities], () => boardColumn(view, this));
    });
    if (drag?.kind === "column")
      rendered.splice(drag.index, 0, html`<section class="column placeholder" aria-hidden="true"></section>`);
    if (this.newColumnAt !== null)
      rendered.splice(
        this.newColumnAt,
        0,
        newColumnForm({
          columns: data.columns,
          position: this.newColumnAt,
          inline: true,
          add: (name, position) => this.addColumn(name, position),
          cancel: () => (this.newColumnAt = null),
        }),
      );
    return rendered;
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
        <a class="button small" href="/app/projects/${this.projectId}/trash">Trash</a>
        <a class="button small" href="/app/projects/${this.projectId}/settings">Settings</a>
      </div>
      ${this.search.render(data, this.me?.id)}
      <div class="columns">
        ${this.renderColumns(data)}
        ${
          canManage(data.project)
            ? newColumnForm({
                columns: data.columns,
                add: (name, position) => this.addColumn(name, position),
              })
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
              .move=${(card: Card, columnId: string, position: number) => this.moveCard(card, columnId, position)}
              ${listen("close", () => navigate(`/app/projects/${this.projectId}${location.search}`))}
              ${listen("changed", () => void this.reload())}
            ></board-card-panel>`
          : nothing
      }`;
  }
}
customElements.define("board-board-view", BoardBoardView);
