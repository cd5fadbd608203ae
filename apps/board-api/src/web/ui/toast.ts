// One line of feedback at the bottom of the screen, announced to screen readers.
import { html, LitElement } from "lit";
import { base } from "../styles.ts";
import { toastStyles } from "./toast.styles.ts";

export function toast(message: string, kind: "info" | "error" = "info"): void {
  window.dispatchEvent(new CustomEvent("board:toast", { detail: { message, kind } }));
}

/**
 * Runs a change the person asked for: says `done` when it worked, the server's message when it did
 * not. Resolves whether it worked.
 */
export async function attempt(work: () => Promise<unknown>, done?: string): Promise<boolean> {
  try {
    await work();
    if (done) toast(done);
    return true;
  } catch (error) {
    toast((error as Error).message, "error");
    return false;
  }
}

/** Shows `toast()` messages for a few seconds each. */
export class BoardToasts extends LitElement {
  static override styles = [base, toastStyles];
  static override properties = { items: { state: true } };
  items: Array<{ id: number; message: string; kind: string }> = [];
  private next = 0;

  private readonly onToast = (event: Event) => {
    const { message, kind } = (event as CustomEvent<{ message: string; kind: string }>).detail;
    const id = this.next++;
    this.items = [...this.items, { id, message, kind }];
    setTimeout(() => (this.items = this.items.filter((item) => item.id !== id)), 5000);
  };

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener("board:toast", this.onToast);
  }

  override disconnectedCallback(): void {
    window.removeEventListener("board:toast", this.onToast);
    super.disconnectedCallback();
  }

  protected override render() {
    return html`<div role="status" aria-live="polite">
      ${this.items.map((item) => html`<div class="toast ${item.kind}">${item.message}</div>`)}
    </div>`;
  }
}
customElements.define("board-toasts", BoardToasts);
