// A confirmation dialog (a real <dialog>: focus is trapped, Escape cancels), instead of confirm().
import { html, LitElement } from "lit";
import { base } from "../styles.ts";
import { confirmStyles } from "./confirm.styles.ts";

export class BoardConfirm extends LitElement {
  static override styles = [base, confirmStyles];
  static override properties = { heading: {}, message: {}, action: {} };
  heading = "";
  message = "";
  action = "Confirm";
  private resolve: (ok: boolean) => void = () => {};

  open(): Promise<boolean> {
    return new Promise((resolve) => {
      this.resolve = resolve;
      void this.updateComplete.then(() => this.renderRoot.querySelector("dialog")?.showModal());
    });
  }

  private finish(ok: boolean) {
    this.renderRoot.querySelector("dialog")?.close();
    this.resolve(ok);
    this.remove();
  }

  protected override render() {
    return html`<dialog aria-labelledby="heading" @cancel=${() => this.finish(false)}>
      <h2 id="heading">${this.heading}</h2>
      <p>${this.message}</p>
      <div class="row">
        <button class="button" @click=${() => this.finish(false)}>Cancel</button>
        <button class="button primary" @click=${() => this.finish(true)} autofocus>${this.action}</button>
      </div>
    </dialog>`;
  }
}
customElements.define("board-confirm", BoardConfirm);

/** Asks; resolves true when confirmed. */
export function confirmAction(heading: string, message: string, action = "Confirm"): Promise<boolean> {
  const dialog = Object.assign(document.createElement("board-confirm"), { heading, message, action });
  document.body.append(dialog);
  return dialog.open();
}

declare global {
  interface HTMLElementTagNameMap {
    "board-confirm": BoardConfirm;
  }
}
