// One line of feedback at the bottom of the screen, announced to screen readers (the kit's toasts,
// stacked, in the board's look).
import { html, LitElement, nothing } from "lit";
import { toast, ToastController } from "@org/web-kit/toast";
import { ApiError } from "../api.ts";
import { base } from "../styles.ts";
import { toastStyles } from "./toast.styles.ts";

export { toast };

/** What a refused form says: the first field's message when the server named one, else its message. */
export function failureText(error: unknown): string {
  return error instanceof ApiError && error.details.length
    ? error.details[0]!.message
    : (error as Error).message;
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
  readonly #toasts = new ToastController(this, { duration: 5000 });

  protected override render() {
    return html`<div role="status" aria-live="polite">
      ${this.#toasts.items.map(
        (item) =>
          html`<div class="toast ${item.kind}">
            <span>${item.message}</span>
            ${
              item.action
                ? html`<button class="toast-action" @click=${() => this.#toasts.act(item)}>
                    ${item.action.label}
                  </button>`
                : nothing
            }
          </div>`,
      )}
    </div>`;
  }
}
customElements.define("board-toasts", BoardToasts);
