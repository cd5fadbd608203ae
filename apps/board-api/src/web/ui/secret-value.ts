// A secret shown once (a new API token), with a copy button.
import { html, LitElement } from "lit";
import { CopyController } from "@org/web-kit/copy";
import { base } from "../styles.ts";
import { secretValueStyles } from "./secret-value.styles.ts";

export class BoardSecretValue extends LitElement {
  static override styles = [base, secretValueStyles];
  static override properties = { value: {} };
  value = "";
  readonly #clipboard = new CopyController(this);

  /** Selects the value on the page (to copy it without clipboard permission). */
  private select() {
    const range = document.createRange();
    range.selectNodeContents(this.renderRoot.querySelector("code")!);
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
  }

  protected override render() {
    return html`<div class="secret">
      <code data-secret>${this.value}</code>
      <button
        class="button small"
        @click=${() => this.#clipboard.copy(this.value, () => this.select())}
        aria-live="polite"
      >
        ${this.#clipboard.copied ? "Copied" : "Copy"}
      </button>
    </div>`;
  }
}
customElements.define("board-secret-value", BoardSecretValue);
