import { html, LitElement, type PropertyDeclarations } from "lit";
import { CopyController } from "@org/web-kit/copy";
import { format, t } from "../i18n.ts";
import { shared } from "../styles.ts";
import { checkIcon, copyIcon } from "./icons.ts";
import { secretValueStyles } from "./secret-value.styles.ts";

/**
 * A value shown once (an API key, an invite link): read-only, selectable, with a Copy button
 * that says when it worked (also to screen readers).
 */
export class SecretValue extends LitElement {
  static override properties: PropertyDeclarations = { label: {}, value: {} };
  static override styles = [shared, secretValueStyles];

  /** The field's label. */
  label = "";
  /** The secret. */
  value = "";
  readonly #clipboard = new CopyController(this);

  private get input(): HTMLInputElement {
    return this.renderRoot.querySelector("input") as HTMLInputElement;
  }

  copy(): Promise<void> {
    return this.#clipboard.copy(this.value, () => this.input.select());
  }

  protected override render() {
    const { copied } = this.#clipboard;
    return html`<label for="value">${this.label}</label>
      <div class="row">
        <input
          id="value"
          readonly
          .value=${this.value}
          spellcheck="false"
          @focus=${() => this.input.select()}
        />
        <button
          class="button secondary ${copied ? "copied" : ""}"
          type="button"
          @click=${() => this.copy()}
          aria-label=${format(t.common.copyLabel, { label: this.label })}
        >
          ${copied ? checkIcon : copyIcon}<span>${copied ? t.common.copied : t.common.copy}</span>
        </button>
      </div>
      <span class="sr-only" role="status"
        >${copied ? format(t.common.copiedToClipboard, { label: this.label }) : ""}</span
      >`;
  }
}
customElements.define("secret-value", SecretValue);

declare global {
  interface HTMLElementTagNameMap {
    "secret-value": SecretValue;
  }
}
