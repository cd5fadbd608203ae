import type { ReactiveController, ReactiveControllerHost } from "lit";

// One line of feedback for the person after an action ("Tenant saved.", the server's reason when it
// failed): any module says `toast(message)`; the page's shell shows what a ToastController holds in
// a polite live region, each message for a few seconds.

export type ToastKind = "info" | "error";

/** A button beside the message ("Undo"), which dismisses the toast when pressed. */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
  action?: ToastAction | undefined;
}

const EVENT = "kit:toast";

/** Tells the page's toasts about a completed (or failed) action; `action` offers a button (Undo). */
export function toast(message: string, kind: ToastKind = "info", action?: ToastAction): void {
  window.dispatchEvent(new CustomEvent<Omit<Toast, "id">>(EVENT, { detail: { message, kind, action } }));
}

export interface ToastOptions {
  /** How long each message stays, in ms. */
  duration: number;
  /** How many show at once; a new one beyond that replaces the oldest. */
  max?: number;
}

/** The messages of `toast()` for the component that shows them (its host). */
export class ToastController implements ReactiveController {
  items: Toast[] = [];
  #next = 0;
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: ToastOptions,
  ) {
    host.addController(this);
  }

  readonly #onToast = (event: Event) => {
    const { message, kind, action } = (event as CustomEvent<Omit<Toast, "id">>).detail;
    this.show(message, kind, action);
  };

  hostConnected(): void {
    window.addEventListener(EVENT, this.#onToast);
  }

  hostDisconnected(): void {
    window.removeEventListener(EVENT, this.#onToast);
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  show(message: string, kind: ToastKind = "info", action?: ToastAction): void {
    const id = this.#next++;
    this.items = [...this.items, { id, message, kind, action }].slice(-(this.options.max ?? Infinity));
    this.host.requestUpdate();
    // One with a button stays twice as long: there is something to decide.
    const timer = setTimeout(
      () => {
        this.#timers.delete(timer);
        this.dismiss(id);
      },
      this.options.duration * (action ? 2 : 1),
    );
    this.#timers.add(timer);
  }

  /** Runs a toast's action and takes the toast away. */
  act(item: Toast): void {
    this.dismiss(item.id);
    item.action?.run();
  }

  dismiss(id: number): void {
    this.items = this.items.filter((item) => item.id !== id);
    this.host.requestUpdate();
  }
}
