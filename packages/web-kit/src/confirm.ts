import { html, LitElement, type PropertyDeclarations, type TemplateResult } from "lit";
import { themeBase } from "@org/web-theme/styles";
import { buttonStyles } from "./buttons.styles.ts";
import { confirmStyles } from "./confirm.styles.ts";
import "./dialog.ts";

export interface ConfirmOptions {
  title: string;
  message: TemplateResult | string;
  confirmLabel: string;
  /** danger: the action takes something away (disable, delete, remove). */
  tone?: "danger" | "primary";
  /** The safe choice's words (default "Cancel") and the close button's name (default "Close"). */
  cancelLabel?: string;
  closeLabel?: string;
}

/** The dialog behind `confirmAction`. */
export class KitConfirm extends LitElement {
  static override properties: PropertyDeclarations = { options: { attribute: false } };
  static override styles = [themeBase, buttonStyles, confirmStyles];

  options: ConfirmOptions = { title: "", message: "", confirmLabel: "OK" };
  #answer: ((confirmed: boolean) => void) | undefined;
  #confirmed = false;

  async ask(options: ConfirmOptions): Promise<boolean> {
    this.options = options;
    await this.updateComplete;
    const dialog = this.renderRoot.querySelector("kit-dialog");
    const answered = new Promise<boolean>((resolve) => (this.#answer = resolve));
    await dialog?.show();
    return answered;
  }

  #close(confirmed: boolean) {
    this.#confirmed = confirmed;
    this.renderRoot.querySelector("kit-dialog")?.close();
  }

  protected override render() {
    const {
      title,
      message,
      confirmLabel,
      tone = "danger",
      cancelLabel = "Cancel",
      closeLabel,
    } = this.options;
    return html`<kit-dialog
      heading=${title}
      close-label=${closeLabel ?? "Close"}
      @closed=${() => this.#answer?.(this.#confirmed)}
    >
      <p>${message}</p>
      <!-- Focus starts on the safe choice when the action takes something away. -->
      <button
        slot="footer"
        class="button secondary"
        type="button"
        ?autofocus=${tone === "danger"}
        @click=${() => this.#close(false)}
      >
        ${cancelLabel}
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
    </kit-dialog>`;
  }
}
customElements.define("kit-confirm", KitConfirm);

/** Asks before an action; resolves true when confirmed (focus goes back to where it was). */
export async function confirmAction(options: ConfirmOptions): Promise<boolean> {
  const element = document.createElement("kit-confirm");
  document.body.append(element);
  try {
    return await element.ask(options);
  } finally {
    element.remove();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "kit-confirm": KitConfirm;
  }
}
