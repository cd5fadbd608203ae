// The priority ladder's rungs in settings, and their reordering: a rung dragged by its grip (mouse, pen or finger,
// drag.ts as on the board) or moved with Alt+↑/↓ on the grip; the drop sends update_priority's
// `position`. While a rung is dragged, the ladder shows it out of the list and a placeholder
// where it would land.
import type { Priority } from "@org/contracts";
import { html, nothing, type ReactiveControllerHost } from "lit";
import { styleProps } from "../../ui/style-props.ts";
import { startPointerDrag } from "../board/drag.ts";

export interface RungDrag {
  id: string;
  /** Where the rung would land among the others (0 = most urgent). */
  index: number;
}

export class PriorityReorder {
  dragging: RungDrag | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & { renderRoot: HTMLElement | DocumentFragment },
    private readonly move: (rung: Priority, position: number) => Promise<void>,
  ) {}

  /** The ladder as shown: the dragged rung out, a placeholder where it would land. */
  shown(rungs: Priority[]): Array<Priority | "placeholder"> {
    const drag = this.dragging;
    if (!drag) return rungs;
    const rest: Array<Priority | "placeholder"> = rungs.filter((rung) => rung.id !== drag.id);
    rest.splice(drag.index, 0, "placeholder");
    return rest;
  }

  /** A rung of the ladder: for admins, its grip and its delete button. */
  item(rung: Priority, rungs: Priority[], { manage, remove }: { manage: boolean; remove: () => void }) {
    const index = rungs.indexOf(rung);
    const grip = html`<button
      class="grip"
      data-drag-handle
      aria-label="Move priority ${rung.name}: drag it, or press Alt and the up or down arrow"
      title="Drag to reorder (or Alt+↑/↓)"
      @pointerdown=${(event: PointerEvent) => this.pointerDown(event, rung, index)}
      @keydown=${(event: KeyboardEvent) => this.key(event, rung, index, rungs.length)}
    >
      ⋮⋮
    </button>`;
    const del = html`<button
      class="button small ghost"
      aria-label="Delete priority ${rung.name}"
      @click=${remove}
    >
      ×
    </button>`;
    return html`<li data-priority-id=${rung.id}>
      <span class="row"
        >${manage ? grip : nothing}<span
          class="dot"
          ${styleProps({ background: rung.color ?? "var(--faint)" })}
        ></span
        >${rung.name} ${manage ? del : nothing}</span
      >
    </li>`;
  }

  pointerDown(event: PointerEvent, rung: Priority, index: number): void {
    const source = (event.currentTarget as HTMLElement).closest("li") as HTMLElement;
    startPointerDrag(event, {
      source,
      layer: this.host.renderRoot as ShadowRoot,
      scrollers: () => [],
      onStart: () => this.set({ id: rung.id, index }),
      onMove: (_x, y) => this.target(rung.id, y),
      onDrop: () => {
        const drag = this.dragging;
        this.set(null);
        if (drag && drag.index !== index) void this.move(rung, drag.index);
      },
      onCancel: () => this.set(null),
    });
  }

  /** Alt+↑ / Alt+↓ on a rung's grip moves it one place. */
  key(event: KeyboardEvent, rung: Priority, index: number, count: number): void {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    const to = index + (event.key === "ArrowUp" ? -1 : 1);
    if (to >= 0 && to < count) void this.move(rung, to);
  }

  /** The place among the other rungs above whose middle the pointer is. */
  private target(id: string, y: number) {
    const others = [
      ...this.host.renderRoot.querySelectorAll<HTMLElement>("ol.ladder > li[data-priority-id]"),
    ].filter((item) => item.dataset.priorityId !== id);
    const below = others.findIndex((item) => {
      const box = item.getBoundingClientRect();
      return y < box.top + box.height / 2;
    });
    const index = below === -1 ? others.length : below;
    if (this.dragging && this.dragging.index !== index) this.set({ id, index });
  }

  private set(drag: RungDrag | null) {
    this.dragging = drag;
    this.host.requestUpdate();
  }
}
