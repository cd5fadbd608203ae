// Dragging on the board (pointer events through drag.ts): a card to another place in its column or
// another column, a column (by its grip) to another place among the columns. While a drag lasts,
// `host.drag` says what moves and where it would land; the board draws the placeholder there.
import type { BoardColumn, Card } from "@org/contracts";
import type { DragState } from "./board-column.ts";
import { canWork, type ProjectData } from "./board-data.ts";
import { startPointerDrag } from "./drag.ts";

export interface DragHost {
  renderRoot: HTMLElement | DocumentFragment;
  data: ProjectData | null;
  drag: DragState | null;
  moveCard(card: Card, columnId: string, position: number): Promise<unknown>;
  moveColumn(column: BoardColumn, to: number): Promise<void>;
}

const scrollers = (host: DragHost) => () => [
  ...host.renderRoot.querySelectorAll<HTMLElement>(".columns, ol.cards"),
];

export function dragCard(host: DragHost, event: PointerEvent, card: Card): void {
  if (!host.data || !canWork(host.data.project) || card.archived) return;
  const source = event.currentTarget as HTMLElement;
  startPointerDrag(event, {
    source,
    layer: host.renderRoot as ShadowRoot,
    scrollers: scrollers(host),
    onStart: () => {
      const height = source.getBoundingClientRect().height;
      host.drag = { kind: "card", id: card.id, columnId: card.column_id, index: card.position, height };
    },
    onMove: (x, y) => cardTarget(host, x, y),
    onDrop: () => {
      const drag = host.drag;
      host.drag = null;
      if (drag?.kind === "card") void host.moveCard(card, drag.columnId, drag.index);
    },
    onCancel: () => (host.drag = null),
  });
}

/**
 * The column under (x, y), or below whose end the pointer is (a short column, an empty one), and
 * the place among its cards where the pointer is.
 */
function cardTarget(host: DragHost, x: number, y: number): void {
  const drag = host.drag;
  if (drag?.kind !== "card") return;
  const root = host.renderRoot as ShadowRoot;
  const column =
    root.elementFromPoint(x, y)?.closest<HTMLElement>("section.column[data-column-id]") ??
    [...root.querySelectorAll<HTMLElement>("section.column[data-column-id]")].find((candidate) => {
      const box = candidate.getBoundingClientRect();
      return x >= box.left && x <= box.right && y >= box.bottom;
    });
  if (!column) return;
  const items = [...column.querySelectorAll<HTMLElement>("ol.cards > li[data-card-id]")];
  let index = items.findIndex((item) => {
    const box = item.getBoundingClientRect();
    return y < box.top + box.height / 2;
  });
  if (index === -1) index = items.length;
  const columnId = column.dataset.columnId!;
  if (drag.columnId !== columnId || drag.index !== index) host.drag = { ...drag, columnId, index };
}

export function dragColumn(host: DragHost, event: PointerEvent, column: BoardColumn): void {
  const source = (event.currentTarget as HTMLElement).closest<HTMLElement>("section.column");
  if (!host.data || !source) return;
  startPointerDrag(event, {
    source,
    layer: host.renderRoot as ShadowRoot,
    scrollers: () => [host.renderRoot.querySelector<HTMLElement>(".columns")!],
    onStart: () => (host.drag = { kind: "column", id: column.id, index: column.position }),
    onMove: (x) => columnTarget(host, x),
    onDrop: () => {
      const drag = host.drag;
      host.drag = null;
      if (drag?.kind === "column") void host.moveColumn(column, drag.index);
    },
    onCancel: () => (host.drag = null),
  });
}

/** The place among the other columns where the pointer is. */
function columnTarget(host: DragHost, x: number): void {
  const drag = host.drag;
  if (drag?.kind !== "column") return;
  const others = [...host.renderRoot.querySelectorAll<HTMLElement>("section.column[data-column-id]")];
  let index = others.findIndex((column) => {
    const box = column.getBoundingClientRect();
    return x < box.left + box.width / 2;
  });
  if (index === -1) index = others.length;
  if (drag.index !== index) host.drag = { ...drag, index };
}
