import { css, html, LitElement, type PropertyDeclarations } from "lit";
import { shared } from "../styles.ts";
import { deepActiveElement } from "./focus.ts";
import { closeIcon } from "./icons.ts";

/**
 * A modal dialog on the native `<dialog>`: focus moves in (to the first `[autofocus]` or field of
 * its content), stays in (the browser's modal focus trap), Escape and the close button close it,
 * and focus returns to what opened it.
 *
 * @slot - The body.
 * @slot footer - The buttons.
 * @event closed - The dialog closed (by any means).
 */
export class AdminDialog extends LitElement {
  static override properties: PropertyDeclarations = { heading: {}, wide: { type: Boolean } };
  static override styles = [
    shared,
    css`
      dialog {
        width: min(560px, calc(100vw - 24px));
        max-height: calc(100vh - 48px);
        padding: 0;
        border: 1px solid var(--border);
        border-radius: 16px;
        background: var(--surface);
        color: var(--text);
        box-shadow: var(--shadow-lg);
      }
      :host([wide]) dialog {
        width: min(760px, calc(100vw - 24px));
      }
      dialog[open] {
        display: flex;
        flex-direction: column;
      }
      dialog::backdrop {
        background: rgb(15 23 42 / 0.55);
      }
      header {
        display: flex;
        gap: 12px;
        align-items: center;
        justify-content: space-between;
        padding: 18px 20px 0;
      }
      h2 {
        font-size: 1.15rem;
      }
      .close {
        display: inline-flex;
        align-items: center;
        justify-content: center;
        width: 36px;
        height: 36px;
        margin: -6px -8px 0 0;
        padding: 0;
        border: 0;
        border-radius: 8px;
        background: transparent;
        color: var(--muted);
        cursor: pointer;
      }
      .close:hover {
        background: var(--code-bg);
        color: var(--text);
      }
      .close svg {
        width: 20px;
        height: 20px;
      }
      .body {
        padding: 16px 20px 20px;
        overflow-y: auto;
      }
      footer {
        display: flex;
        flex-wrap: wrap-reverse;
        gap: 8px;
        justify-content: flex-end;
        padding: 0 20px 20px;
      }
      footer.empty {
        display: none;
      }
    `,
  ];

  /** The title, also the dialog's accessible name. */
  heading = "";
  /** A wider dialog (tables). */
  wide = false;
  #opener: HTMLElement | undefined;

  private get dialog(): HTMLDialogElement {
    return this.renderRoot.querySelector("dialog") as HTMLDialogElement;
  }

  get open(): boolean {
    return this.dialog?.open ?? false;
  }

  /** Opens the dialog; focus returns to `opener` (default: whatever has focus now) on close. */
  async show(opener: HTMLElement | undefined = deepActiveElement()): Promise<void> {
    this.#opener = opener;
    this.requestUpdate(); // the footer shows if the content has one now (its buttons must be focusable)
    await this.updateComplete;
    if (!this.dialog.open) this.dialog.showModal();
    this.focusFirst();
  }

  close(): void {
    if (this.dialog?.open) this.dialog.close();
  }

  /** Moves focus to the content's `[autofocus]`, else its first field or button, else the close button. */
  focusFirst(): void {
    const target =
      this.querySelector<HTMLElement>("[autofocus]") ??
      this.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea, button, a[href]");
    (target ?? this.renderRoot.querySelector<HTMLElement>(".close"))?.focus();
  }

  #closed() {
    this.dispatchEvent(new CustomEvent("closed"));
    const opener = this.#opener;
    this.#opener = undefined;
    if (opener?.isConnected) opener.focus();
  }

  protected override render() {
    return html`<dialog aria-labelledby="title" @close=${this.#closed}>
      <header>
        <h2 id="title">${this.heading}</h2>
        <button class="close" type="button" aria-label="Close" @click=${() => this.close()}>
          ${closeIcon}
        </button>
      </header>
      <div class="body"><slot></slot></div>
      <footer class=${this.querySelector(':scope > [slot="footer"]') ? "" : "empty"}>
        <slot name="footer" @slotchange=${() => this.requestUpdate()}></slot>
      </footer>
    </dialog>`;
  }
}
customElements.define("admin-dialog", AdminDialog);

declare global {
  interface HTMLElementTagNameMap {
    "admin-dialog": AdminDialog;
  }
}
