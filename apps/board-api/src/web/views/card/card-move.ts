// "Move to…" in the card panel, beside dragging (which a phone makes hard across columns): a column
// and a place in it (the top, after one of its cards, the bottom), moved with move_card through
// the board, which shows the move at once and takes it back, with the server's reason, if it is
// refused. A native modal <dialog> (focus stays in it, Escape closes it): a sheet along the bottom
// of a phone's screen, a small dialog on a wide one.
import type { Card } from "@org/contracts";
import { html, LitElement } from "lit";
import { base } from "../../styles.ts";
import { movePlaces, type ProjectData } from "../board/board-data.ts";
import { cardMoveStyles } from "./card-move.styles.ts";

/** Moves the card; resolves once the server answered (the board shows and announces the outcome). */
export type MoveCard = (columnId: string, position: number) => Promise<void>;

export class BoardCardMove extends LitElement {
  static override styles = [base, cardMoveStyles];
  static override properties = {
    card: { attribute: false },
    data: { attribute: false },
    move: { attribute: false },
    columnId: { state: true },
    position: { state: true },
  };
  /** The card as the board shows it (its column and position there). */
  card!: Card;
  data!: ProjectData;
  move!: MoveCard;
  /** The column and position picked in the sheet. */
  columnId = "";
  position = 0;

  private get dialog(): HTMLDialogElement | null {
    return this.renderRoot.querySelector("dialog");
  }

  private places(columnId: string) {
    const column = this.data.columns.find((candidate) => candidate.id === columnId);
    return column ? movePlaces(column, this.card.id) : [];
  }

  /** Opens on the card's own column and place. */
  private async openSheet() {
    this.columnId = this.card.column_id;
    this.position = this.card.position;
    await this.updateComplete;
    this.dialog?.showModal();
    this.renderRoot.querySelector<HTMLSelectElement>("#move-column")?.focus();
  }

  private closeSheet() {
    this.dialog?.close();
  }

  /** Another column: its own place for the card if it is the card's column, else the bottom. */
  private pickColumn(columnId: string) {
    this.columnId = columnId;
    this.position =
      columnId === this.card.column_id ? this.card.position : (this.places(columnId).at(-1)?.position ?? 0);
  }

  private submit(event: SubmitEvent) {
    event.preventDefault();
    this.closeSheet();
    void this.move(this.columnId, this.position);
  }

  private onKey(event: KeyboardEvent) {
    // Closes the sheet only, not the card panel around it.
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    this.closeSheet();
  }

  /** Move stays disabled while the place picked is the card's own ("(now)"). */
  private renderForm() {
    const here = this.columnId === this.card.column_id;
    return html`<form class="sheet" @submit=${this.submit}>
      <h2 id="move-title">Move #${this.card.number}</h2>
      <label class="field"
        >Column
        <select
          id="move-column"
          @change=${(event: Event) => this.pickColumn((event.target as HTMLSelectElement).value)}
        >
          ${this.data.columns.map(
            (column) =>
              html`<option value=${column.id} .selected=${column.id === this.columnId}>
                ${column.id === this.card.column_id ? `${column.name} (now)` : column.name}
              </option>`,
          )}
        </select></label
      >
      <label class="field"
        >Position
        <select
          id="move-position"
          @change=${(event: Event) => (this.position = Number((event.target as HTMLSelectElement).value))}
        >
          ${this.places(this.columnId).map(
            (place) =>
              html`<option value=${place.position} .selected=${place.position === this.position}>
                ${here && place.position === this.card.position ? `${place.label} (now)` : place.label}
              </option>`,
          )}
        </select></label
      >
      <div class="row actions">
        <button type="button" class="button" @click=${this.closeSheet}>Cancel</button>
        <button class="button primary" ?disabled=${here && this.position === this.card.position}>Move</button>
      </div>
    </form>`;
  }

  protected override render() {
    return html`<button class="button small opener" aria-haspopup="dialog" @click=${this.openSheet}>
        Move to…
      </button>
      <dialog
        aria-labelledby="move-title"
        @keydown=${this.onKey}
        @click=${(event: Event) => event.target === this.dialog && this.closeSheet()}
        @close=${() => this.renderRoot.querySelector<HTMLButtonElement>(".opener")?.focus()}
      >
        ${this.columnId ? this.renderForm() : ""}
      </dialog>`;
  }
}
customElements.define("board-card-move", BoardCardMove);

declare global {
  interface HTMLElementTagNameMap {
    "board-card-move": BoardCardMove;
  }
}
