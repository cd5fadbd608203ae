import { css, html, LitElement, type PropertyDeclarations } from "lit";
import { shared } from "../styles.ts";
import { checkIcon, copyIcon } from "./icons.ts";

/**
 * A value shown once (an API key, an invite link): read-only, selectable, with a Copy button
 * that says when it worked (also to screen readers).
 */
export class SecretValue extends LitElement {
  static override properties: PropertyDeclarations = { label: {}, value: {}, copied: { state: true } };
  static override styles = [
    shared,
    css`
      .row {
        display: flex;
        gap: 8px;
      }
      input {
        flex: 1;
        min-width: 0;
        font-family: var(--mono);
        font-size: 0.85rem;
        background: var(--surface-2);
      }
      label {
        display: block;
        margin-bottom: 6px;
        font-weight: 600;
        font-size: 0.92rem;
      }
      .button svg {
        width: 16px;
        height: 16px;
      }
      .copied {
        color: var(--ok);
        border-color: var(--ok);
      }
    `,
  ];

  /** The field's label. */
  label = "";
  /** The secret. */
  value = "";
  copied = false;
  #timer: ReturnType<typeof setTimeout> | undefined;

  private get input(): HTMLInputElement {
    return this.renderRoot.querySelector("input") as HTMLInputElement;
  }

  async copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this.value);
    } catch {
      // No clipboard permission (an old browser, an insecure page): copy the selection instead.
      this.input.select();
      if (!document.execCommand("copy")) return;
    }
    this.copied = true;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => (this.copied = false), 2500);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#timer);
  }

  protected override render() {
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
          class="button secondary ${this.copied ? "copied" : ""}"
          type="button"
          @click=${() => this.copy()}
          aria-label=${`Copy ${this.label}`}
        >
          ${this.copied ? checkIcon : copyIcon}<span>${this.copied ? "Copied" : "Copy"}</span>
        </button>
      </div>
      <span class="sr-only" role="status"
        >${this.copied ? `${this.label} copied to the clipboard` : ""}</span
      >`;
  }
}
customElements.define("secret-value", SecretValue);

declare global {
  interface HTMLElementTagNameMap {
    "secret-value": SecretValue;
  }
}
