import { html, nothing, type LitElement, type ReactiveController } from "lit";
import { errorMessage } from "../api.ts";
import { t } from "../i18n.ts";
import type { KitDialog } from "@org/web-kit/dialog";

/**
 * A dialog with a form whose answer is shown in the same dialog once (a new tenant's API key, an
 * invite link): opening clears both, submitting shows "saving" (the button stays focusable) and
 * then the result, or the server's reason in the form.
 */
export class FormDialog<R> implements ReactiveController {
  /** What the form produced, shown in place of the form until the dialog is opened again. */
  result: R | undefined;
  saving = false;
  error = "";

  constructor(
    private readonly host: LitElement,
    private readonly submit: (form: HTMLFormElement) => Promise<R>,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  private get dialog(): KitDialog {
    return this.host.renderRoot.querySelector("kit-dialog") as KitDialog;
  }

  close(): void {
    this.dialog.close();
  }

  /** Opens on an empty form; focus returns to the button that opened it. */
  open = async (): Promise<void> => {
    const opener = this.host.shadowRoot?.activeElement as HTMLElement | undefined;
    this.result = undefined;
    this.error = "";
    this.host.requestUpdate();
    await this.host.updateComplete;
    (this.host.renderRoot.querySelector("kit-dialog form") as HTMLFormElement | null)?.reset();
    await this.dialog.show(opener);
  };

  /** The form's submit handler. */
  onSubmit = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    if (this.saving) return;
    this.saving = true;
    this.error = "";
    this.host.requestUpdate();
    try {
      this.result = await this.submit(event.target as HTMLFormElement);
      this.saving = false;
      this.host.requestUpdate();
      await this.host.updateComplete;
      this.dialog.focusFirst();
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.saving = false;
      this.host.requestUpdate();
    }
  };

  /** The server's reason, at the top of the form. */
  errorAlert() {
    return this.error ? html`<p class="alert" role="alert">${this.error}</p>` : nothing;
  }

  /** Cancel and the submit button of `formId` (which says it is busy while saving). */
  formButtons(formId: string, label: string, busyLabel: string) {
    return html`<button slot="footer" class="button secondary" type="button" @click=${() => this.close()}>
        ${t.common.cancel}
      </button>
      <button
        slot="footer"
        class="button primary"
        type="submit"
        form=${formId}
        aria-disabled=${this.saving ? "true" : "false"}
      >
        ${this.saving ? html`<span class="spinner" aria-hidden="true"></span> ${busyLabel}` : label}
      </button>`;
  }

  /** The button that closes the dialog after the result was read. */
  doneButton() {
    return html`<button
      slot="footer"
      class="button primary"
      type="button"
      autofocus
      @click=${() => this.close()}
    >
      ${t.common.done}
    </button>`;
  }
}
