import { html, LitElement, type PropertyDeclarations } from "lit";
import { themeBase } from "@org/web-theme/styles";
import { dialogStyles } from "./dialog.styles.ts";
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
export class KitDialog extends LitElement {
  static override properties: PropertyDeclarations = {
    heading: {},
    wide: { type: Boolean },
    closeLabel: { attribute: "close-label" },
  };
  static override styles = [themeBase, dialogStyles];

  /** The title, also the dialog's accessible name. */
  heading = "";
  /** A wider dialog (tables). */
  wide = false;
  /** The close button's accessible name, in the page's language. */
  closeLabel = "Close";
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
        <button class="close" type="button" aria-label=${this.closeLabel} @click=${() => this.close()}>
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
customElements.define("kit-dialog", KitDialog);

declare global {
  interface HTMLElementTagNameMap {
    "kit-dialog": KitDialog;
  }
}
