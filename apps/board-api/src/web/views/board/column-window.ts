// Long columns render their first cards only, and more as the column scrolls (or the keyboard
// reaches them), so a board of a thousand cards builds a screenful per column instead of a
// thousand tiles before anything shows. What is rendered is always a column's first cards: a
// card's place on screen is its position, which dragging and Alt+arrows rely on. Below them, an
// empty block holds the room of the cards not yet rendered, so the scrollbar tells the column's
// length and a drag into the column scrolls on.
import type { ReactiveControllerHost } from "lit";

/** Cards a column renders at first: more than a tall window shows. */
export const FIRST_CARDS = 30;
/** Cards added at a time. */
const MORE_CARDS = 50;
/** Room a card not yet rendered is given (a one-line tile and the gap after it), px. */
export const CARD_ROOM = 72;

export class ColumnWindows {
  private readonly shown = new Map<string, number>();

  constructor(private readonly host: ReactiveControllerHost) {}

  /** How many of the column's first cards are rendered. */
  limit(columnId: string): number {
    return this.shown.get(columnId) ?? FIRST_CARDS;
  }

  /** Renders at least the first `count` cards of the column. */
  reveal(columnId: string, count: number): void {
    if (count <= this.limit(columnId)) return;
    this.shown.set(columnId, Math.ceil(count / MORE_CARDS) * MORE_CARDS);
    this.host.requestUpdate();
  }

  /** A column's list scrolled: rendered cards reach a screen below what is in view. */
  scrolled(list: HTMLElement): void {
    const columnId = list.dataset.columnId;
    const cards = list.querySelectorAll<HTMLElement>(":scope > li[data-card-id]");
    const last = cards[cards.length - 1];
    if (!columnId || !last) return;
    const wanted = list.scrollTop + 2 * list.clientHeight;
    // Where the rendered cards end, measured from the top of the list's content.
    const renderedTo =
      last.getBoundingClientRect().bottom - list.getBoundingClientRect().top + list.scrollTop;
    if (renderedTo >= wanted) return;
    this.reveal(columnId, cards.length + Math.max(MORE_CARDS, Math.ceil((wanted - renderedTo) / CARD_ROOM)));
  }
}
