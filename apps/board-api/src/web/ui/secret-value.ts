// A secret shown once (a new API token), with a copy button.
import { html, LitElement } from "lit";
import { base } from "../styles.ts";
import { secretValueStyles } from "./secret-value.styles.ts";

export class BoardSecretValue extends LitElement {
  static override styles = [base, secretValueStyles];
  static override properties = { value: {}, copied: { state: true } };
  value = "";
  copied = false;

  private async copy() {
    try {
      await navigator.clipboard.writeText(this.value);
      this.copied = true;
      setTimeout(() => (this.copied = false), 2000);
    } catch {
      // No clipboard permission: select the text so the person can copy it.
      const range = document.createRange();
      range.selectNodeContents(this.renderRoot.querySelector("code")!);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
    }
  }

  protected override render() {
    return html`<div class="secret">
      <code data-secret>${this.value}</code>
      <button class="button small" @click=${this.copy} aria-live="polite">
        ${this.copied ? "Copied" : "Copy"}
      </button>
    </div>`;
  }
}
customElements.define("board-secret-value", BoardSecretValue);
