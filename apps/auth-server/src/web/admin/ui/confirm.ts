import { css, html, LitElement, type PropertyDeclarations, type TemplateResult } from "lit";
import { shared } from "../styles.ts";
import "./admin-dialog.ts";

export interface ConfirmOptions {
  title: string;
  message: TemplateResult | string;
  confirmLabel: string;
  /** danger: the action takes something away (disable, delete, remove). */
  tone?: "danger" | "primary";
}

/** The dialog behind `confirmAction`. */
export class AdminConfirm extends LitElement {
  static override properties: PropertyDeclarations = { options: { attribute: false } };
  static override styles = [
    shared,
    css`
      p {
        color: var(--muted);
      }
    `,
  ];

  options: ConfirmOptions = { title: "", message: "", confirmLabel: "OK" };
  #answer: ((confirmed: boolean) => void) | undefined;
  #confirmed = false;

  async ask(options: ConfirmOptions): Promise<boolean> {
    this.options = options;
    await this.updateComplete;
    const dialog = this.renderRoot.querySelector("admin-dialog");
    const answered = new Promise<boolean>((resolve) => (this.#answer = resolve));
    await dialog?.show();
    return answered;
  }

  #close(confirmed: boolean) {
    this.#confirmed = confirmed;
    this.renderRoot.querySelector("admin-dialog")?.close();
  }

  protected override render() {
    const { title, message, confirmLabel, tone = "danger" } = this.options;
    return html`<admin-dialog heading=${title} @closed=${() => this.#answer?.(this.#confirmed)}>
      <p>${message}</p>
      <!-- Focus starts on the safe choice when the action takes something away. -->
      <button
        slot="footer"
        class="button secondary"
        type="button"
        ?autofocus=${tone === "danger"}
        @click=${() => this.#close(false)}
      >
        Cancel
      </button>
      <button
        slot="footer"
        class="button ${tone}"
        type="button"
        ?autofocus=${tone !== "danger"}
        @click=${() => this.#close(true)}
      >
        ${confirmLabel}
      </button>
    </admin-dialog>`;
  }
}
customElements.define("admin-confirm", AdminConfirm);

/** Asks before an action; resolves true when confirmed (focus goes back to where it was). */
export async function confirmAction(options: ConfirmOptions): Promise<boolean> {
  const element = document.createElement("admin-confirm");
  document.body.append(element);
  try {
    return await element.ask(options);
  } finally {
    element.remove();
  }
}

/** Tells the dashboard's status line (a polite live region) about a completed action. */
export function notify(message: string): void {
  window.dispatchEvent(new CustomEvent("admin-notice", { detail: message }));
}

declare global {
  interface HTMLElementTagNameMap {
    "admin-confirm": AdminConfirm;
  }
}
