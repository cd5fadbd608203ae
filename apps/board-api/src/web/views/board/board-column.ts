// One column of the board as a template (in the board's shadow root, where dragging works across
// columns): its head (grip to drag or move it with Alt+arrows, name, count, menu), its cards with
// the drop placeholder, and the add-a-card form. The board view passes what the column needs.
import type { BoardColumn, Card } from "@org/contracts";
import { html, nothing } from "lit";
import { guard } from "lit/directives/guard.js";
import { repeat } from "lit/directives/repeat.js";
import { styleProps } from "../../ui/style-props.ts";
import { cardTile, type TileContext } from "./card-tile.ts";
import { CARD_ROOM } from "./column-window.ts";

/** What is being dragged, and where it would land. */
export type DragState =
  | { kind: "card"; id: string; columnId: string; index: number; height: number }
  | { kind: "column"; id: string; index: number };

export interface ColumnView {
  column: BoardColumn;
  /** Its place among the columns. */
  index: number;
  columnCount: number;
  tiles: TileContext;
  canWork: boolean;
  canManage: boolean;
  drag: DragState | null;
  renaming: boolean;
  adding: boolean;
  /** Its actions menu is open. */
  menuOpen: boolean;
  /** How many of its first cards are rendered (column-window.ts). */
  limit: number;
}

export interface ColumnActions {
  openCard(card: Card): void;
  cardKey(event: KeyboardEvent, card: Card, column: BoardColumn, index: number): void;
  cardPointerDown(event: PointerEvent, card: Card): void;
  columnPointerDown(event: PointerEvent, column: BoardColumn): void;
  columnKey(event: KeyboardEvent, column: BoardColumn): void;
  rename(column: BoardColumn, name: string | null): void;
  startRename(column: BoardColumn): void;
  moveColumn(column: BoardColumn, to: number): void;
  insertColumn(position: number): void;
  deleteColumn(column: BoardColumn): void;
  /** Marks it a done column (finished cards), or not. */
  toggleDone(column: BoardColumn): void;
  toggleAdding(column: BoardColumn | null): void;
  /** Opens the column's menu (null: closes it). */
  toggleMenu(column: BoardColumn | null): void;
  addCard(event: SubmitEvent, column: BoardColumn): void;
  /** Its list of cards scrolled (more cards may be rendered). */
  cardsScrolled(list: HTMLElement): void;
  /** A card got the focus (Tab walks on into cards not yet rendered). */
  cardFocused(column: BoardColumn, index: number): void;
}

function columnMenu(view: ColumnView, actions: ColumnActions) {
  const { column, index, columnCount } = view;
  const item = (label: string, run: () => void, disabled = false) =>
    html`<button
      role="menuitem"
      class="menu-item ${label === "Delete" ? "danger" : ""}"
      ?disabled=${disabled}
      @click=${() => {
        actions.toggleMenu(null);
        run();
      }}
    >
      ${label}
    </button>`;
  return html`<div class="menu">
    <button
      class="icon-button"
      aria-label="Actions for ${column.name}"
      aria-haspopup="menu"
      aria-expanded=${view.menuOpen}
      title="Column actions"
      @click=${() => actions.toggleMenu(view.menuOpen ? null : column)}
    >
      ⋯
    </button>
    ${
      view.menuOpen
        ? html`<div
            class="menu-list"
            role="menu"
            aria-label="${column.name}"
            @keydown=${(event: KeyboardEvent) => event.key === "Escape" && actions.toggleMenu(null)}
          >
            ${item("Rename", () => actions.startRename(column))}
            ${item("Move left", () => actions.moveColumn(column, index - 1), index === 0)}
            ${item("Move right", () => actions.moveColumn(column, index + 1), index === columnCount - 1)}
            ${item("Add a column before", () => actions.insertColumn(index))}
            ${item("Add a column after", () => actions.insertColumn(index + 1))}
            <button
              role="menuitemcheckbox"
              class="menu-item check"
              aria-checked=${column.done}
              title="Cards here are finished: agents never claim them, new columns go before it"
              @click=${() => {
                actions.toggleMenu(null);
                actions.toggleDone(column);
              }}
            >
              Done column
            </button>
            ${item("Delete", () => actions.deleteColumn(column))}
          </div>`
        : nothing
    }
  </div>`;
}

function columnHead(view: ColumnView, actions: ColumnActions) {
  const { column } = view;
  const name = view.renaming
    ? html`<label class="sr-only" for="rename-${column.id}">Column name</label>
        <input
          id="rename-${column.id}"
          class="rename"
          .value=${column.name}
          maxlength="200"
          @keydown=${(event: KeyboardEvent) => {
            if (event.key === "Enter") actions.rename(column, (event.target as HTMLInputElement).value);
            if (event.key === "Escape") actions.rename(column, null);
          }}
          @blur=${(event: FocusEvent) => actions.rename(column, (event.target as HTMLInputElement).value)}
        />`
    : html`<h2 id="col-${column.id}">${column.name}</h2>`;
  return html`<div class="column-head">
    ${
      view.canManage
        ? html`<button
            class="grip"
            aria-label="Move column ${column.name}: drag it, or press Alt and the left or right arrow"
            title="Drag to move the column (or Alt+←/→)"
            @pointerdown=${(event: PointerEvent) => actions.columnPointerDown(event, column)}
            @keydown=${(event: KeyboardEvent) => actions.columnKey(event, column)}
          >
            ⋮⋮
          </button>`
        : html`<span class="grip-space"></span>`
    }
    ${name}
    ${
      column.done
        ? html`<span
            class="done-mark"
            role="img"
            aria-label="done column"
            title="A done column: its cards are finished"
            >✓</span
          >`
        : nothing
    }
    <span class="count" aria-label="${column.cards.length} cards">${column.cards.length}</span>
    ${view.canManage ? columnMenu(view, actions) : nothing}
  </div>`;
}

/** The column's cards as shown: its first `limit`, the dragged one left out, a placeholder where it would land. */
function shownCards(view: ColumnView): Array<Card | "placeholder"> {
  const drag = view.drag?.kind === "card" ? view.drag : null;
  const first = view.column.cards.slice(0, view.limit);
  const cards: Array<Card | "placeholder"> = drag ? first.filter((card) => card.id !== drag.id) : first;
  if (drag?.columnId === view.column.id) cards.splice(drag.index, 0, "placeholder");
  return cards;
}

function cardList(view: ColumnView, actions: ColumnActions) {
  const { column } = view;
  const placeholderHeight = view.drag?.kind === "card" ? view.drag.height : 0;
  const unrendered = column.cards.length - Math.min(view.limit, column.cards.length);
  return html`<ol
    class="cards"
    aria-label="${column.name} cards"
    data-column-id=${column.id}
    @scroll=${(event: Event) => actions.cardsScrolled(event.currentTarget as HTMLElement)}
  >
    ${repeat(
      shownCards(view),
      (entry) => (entry === "placeholder" ? "placeholder" : entry.id),
      (entry, index) =>
        entry === "placeholder"
          ? html`<li
              class="placeholder"
              aria-hidden="true"
              ${styleProps({ height: `${placeholderHeight}px` })}
            ></li>`
          : html`<li
              data-card-id=${entry.id}
              tabindex="0"
              role="button"
              aria-label="#${entry.number} ${entry.title}. Enter opens it${view.canWork ? "; Alt and the arrow keys move it" : ""}."
              @pointerdown=${(event: PointerEvent) => actions.cardPointerDown(event, entry)}
              @click=${() => actions.openCard(entry)}
              @keydown=${(event: KeyboardEvent) => actions.cardKey(event, entry, column, index)}
              @focus=${() => actions.cardFocused(column, index)}
            >
              ${guard([entry, view.tiles.members, view.tiles.priorities], () => cardTile(entry, view.tiles))}
            </li>`,
    )}
    ${
      unrendered > 0
        ? html`<li
            class="unrendered"
            aria-hidden="true"
            ${styleProps({ height: `${unrendered * CARD_ROOM}px` })}
          ></li>`
        : nothing
    }
  </ol>`;
}

function addCardForm(view: ColumnView, actions: ColumnActions) {
  const { column } = view;
  if (!view.canWork) return nothing;
  if (!view.adding)
    return html`<button class="button small add-toggle" @click=${() => actions.toggleAdding(column)}>
      + Add a card
    </button>`;
  return html`<form class="add" @submit=${(event: SubmitEvent) => actions.addCard(event, column)}>
    <label class="sr-only" for="new-${column.id}">New card in ${column.name}</label>
    <input
      id="new-${column.id}"
      name="title"
      placeholder="Card title"
      maxlength="200"
      autofocus
      @keydown=${(event: KeyboardEvent) => event.key === "Escape" && actions.toggleAdding(null)}
    />
    <div class="row">
      <button class="button small primary">Add card</button>
      <button type="button" class="button small ghost" @click=${() => actions.toggleAdding(null)}>
        Cancel
      </button>
    </div>
  </form>`;
}

export function boardColumn(view: ColumnView, actions: ColumnActions) {
  const { column } = view;
  return html`<section class="column" aria-labelledby="col-${column.id}" data-column-id=${column.id}>
    ${columnHead(view, actions)} ${cardList(view, actions)} ${addCardForm(view, actions)}
  </section>`;
}
