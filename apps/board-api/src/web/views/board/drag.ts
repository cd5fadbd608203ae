// Dragging cards and columns with a mouse, a pen or a finger (by a grip), through pointer events. The HTML
// drag-and-drop API does not start from a touch in most phone browsers and gives no control over
// the picture that follows the pointer, and the sortable libraries look items up from `document`,
// which cannot see into the board's shadow root: so this small controller. The board decides
// where a drop lands (onMove) and draws the placeholder; this moves a copy of the grabbed element
// under the pointer, scrolls the board near its edges, and tells start, move, drop and cancel.

export interface PointerDragOptions {
  /** The element grabbed: a copy of it follows the pointer. */
  source: HTMLElement;
  /** Where the copy is drawn (the shadow root whose styles it needs). */
  layer: ShadowRoot;
  /** Scrolled when the pointer nears one of their edges during the drag. */
  scrollers: () => HTMLElement[];
  onStart(): void;
  /** The pointer is at (x, y) in the viewport: recompute the drop target. */
  onMove(x: number, y: number): void;
  onDrop(): void;
  onCancel(): void;
}

/** A drag starts once the pointer moved this far (px): a click or a tap stays one. */
const SLOP = 4;
/** Within this distance (px) of a scroller's edge, the board scrolls. */
const EDGE = 48;
const SCROLL_SPEED = 14;

const INTERACTIVE = "button, a, input, select, textarea, label, summary, [contenteditable]";

/**
 * Follows the pointer of `event` (a pointerdown on a draggable element, or on its handle). Does
 * nothing for a secondary button or a press on a control inside it other than the handle.
 */
export function startPointerDrag(event: PointerEvent, options: PointerDragOptions): void {
  if (event.button !== 0 || !event.isPrimary) return;
  const handle = event.currentTarget as Element | null;
  const target = event.composedPath()[0] as Element | undefined;
  const inner = target?.closest?.(INTERACTIVE);
  if (inner && inner !== handle && handle?.contains(inner)) return;
  // A finger drags by a handle (a grip with touch-action none); anywhere else it scrolls the board,
  // which the browser does itself (it would cancel the pointer as soon as it pans).
  if (event.pointerType === "touch" && !target?.closest?.("[data-drag-handle]")) return;
  new PointerDrag(event, options);
}

class PointerDrag {
  private began = false;
  private ghost: HTMLElement | undefined;
  private readonly startX: number;
  private readonly startY: number;
  private x: number;
  private y: number;
  private offsetX = 0;
  private offsetY = 0;
  private frame = 0;
  private readonly touch: boolean;
  private readonly pointerId: number;

  constructor(
    event: PointerEvent,
    private readonly options: PointerDragOptions,
  ) {
    this.startX = this.x = event.clientX;
    this.startY = this.y = event.clientY;
    this.pointerId = event.pointerId;
    this.touch = event.pointerType === "touch";
    window.addEventListener("pointermove", this.onPointerMove, { passive: false });
    window.addEventListener("pointerup", this.onPointerUp);
    window.addEventListener("pointercancel", this.onPointerCancel);
    window.addEventListener("keydown", this.onKey, true);
    // A long press would open the phone's context menu or select text.
    window.addEventListener("contextmenu", this.onContextMenu, true);
  }

  private readonly onPointerMove = (event: PointerEvent) => {
    if (event.pointerId !== this.pointerId) return;
    this.x = event.clientX;
    this.y = event.clientY;
    const moved = Math.hypot(this.x - this.startX, this.y - this.startY);
    if (!this.began) {
      if (moved < SLOP) return;
      this.begin();
    }
    event.preventDefault();
    this.follow();
  };

  private readonly onPointerUp = (event: PointerEvent) => {
    if (event.pointerId !== this.pointerId) return;
    this.finish(this.began);
  };

  private readonly onPointerCancel = (event: PointerEvent) => {
    if (event.pointerId === this.pointerId) this.finish(false);
  };

  private readonly onKey = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !this.began) return;
    event.preventDefault();
    event.stopPropagation();
    this.finish(false);
  };

  private readonly onContextMenu = (event: Event) => {
    // A finger held on the grip would open the phone's menu.
    if (this.touch) event.preventDefault();
  };

  private begin() {
    if (this.began) return;
    this.began = true;
    const { source, layer } = this.options;
    const box = source.getBoundingClientRect();
    this.offsetX = this.startX - box.left;
    this.offsetY = this.startY - box.top;
    const ghost = source.cloneNode(true) as HTMLElement;
    ghost.removeAttribute("id");
    ghost.setAttribute("aria-hidden", "true");
    ghost.classList.add("drag-ghost");
    ghost.style.width = `${box.width}px`;
    ghost.style.height = `${box.height}px`;
    layer.append(ghost);
    this.ghost = ghost;
    document.body.style.userSelect = "none";
    getSelection()?.removeAllRanges();
    if (this.touch) navigator.vibrate?.(10);
    this.options.onStart();
    this.follow();
    this.frame = requestAnimationFrame(this.autoScroll);
  }

  private follow() {
    if (this.ghost) {
      this.ghost.style.transform = `translate(${this.x - this.offsetX}px, ${this.y - this.offsetY}px)`;
    }
    this.options.onMove(this.x, this.y);
  }

  /** Near an edge of a scroller, scroll it a little each frame, and recompute the target. */
  private readonly autoScroll = () => {
    let scrolled = false;
    for (const scroller of this.options.scrollers()) {
      const { dx, dy } = edgeScroll({ x: this.x, y: this.y }, scroller.getBoundingClientRect());
      if (dx && scroller.scrollWidth > scroller.clientWidth) {
        unsnap(scroller);
        scroller.scrollLeft += dx;
        scrolled = true;
      }
      if (dy && scroller.scrollHeight > scroller.clientHeight) {
        unsnap(scroller);
        scroller.scrollTop += dy;
        scrolled = true;
      }
    }
    if (scrolled) this.options.onMove(this.x, this.y);
    this.frame = requestAnimationFrame(this.autoScroll);
  };

  private finish(drop: boolean) {
    cancelAnimationFrame(this.frame);
    window.removeEventListener("pointermove", this.onPointerMove);
    window.removeEventListener("pointerup", this.onPointerUp);
    window.removeEventListener("pointercancel", this.onPointerCancel);
    window.removeEventListener("keydown", this.onKey, true);
    window.removeEventListener("contextmenu", this.onContextMenu, true);
    if (!this.began) return;
    this.ghost?.remove();
    for (const scroller of this.options.scrollers()) resnap(scroller);
    document.body.style.userSelect = "";
    // The click that ends a drag is not a click on what lies under the pointer.
    window.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
    if (drop) this.options.onDrop();
    else this.options.onCancel();
  }
}

function swallow(event: Event) {
  event.stopPropagation();
  event.preventDefault();
}

/**
 * The board's row snaps to a column (on a phone, "mandatory": each column fills the screen), which
 * would pull every small scroll of the drag back to the column it started from. Snapping is off
 * while the drag scrolls, and back on when it ends (the row then settles on a column).
 */
function unsnap(scroller: HTMLElement) {
  if (scroller.style.scrollSnapType !== "none") scroller.style.scrollSnapType = "none";
}

function resnap(scroller: HTMLElement) {
  if (scroller.style.scrollSnapType === "none") scroller.style.scrollSnapType = "";
}

/** How fast to scroll at `at` between `start` and `end`: negative near the start, positive near the end. */
export function edgeSpeed(at: number, start: number, end: number): number {
  if (at < start + EDGE) return -Math.ceil(((start + EDGE - at) / EDGE) * SCROLL_SPEED);
  if (at > end - EDGE) return Math.ceil(((at - (end - EDGE)) / EDGE) * SCROLL_SPEED);
  return 0;
}

/**
 * How far (px, this frame) to scroll a scroller whose box is `box` with the pointer at `point`:
 * nothing when the pointer is outside it, else faster the nearer the pointer is to an edge (left
 * and up negative, right and down positive).
 */
export function edgeScroll(
  point: { x: number; y: number },
  box: { left: number; top: number; right: number; bottom: number },
): { dx: number; dy: number } {
  const inside = point.x >= box.left && point.x <= box.right && point.y >= box.top && point.y <= box.bottom;
  if (!inside) return { dx: 0, dy: 0 };
  return { dx: edgeSpeed(point.x, box.left, box.right), dy: edgeSpeed(point.y, box.top, box.bottom) };
}
