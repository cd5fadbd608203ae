// The card's label picker: a button opening the project's labels as checkboxes (checked: on the
// card). Admins and owners also rename and recolour a label there (Edit), and make one with
// "+ New label", which is put on the card at once. Every change goes through the panel's
// `change`, which reloads the card and tells the board (whose reload brings the new labels).
import type { Card, Label } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { call } from "../../api.ts";
import { nextLabelColor } from "../../palette.ts";
import { base } from "../../styles.ts";
import { styleProps } from "../../ui/style-props.ts";
import { labelForm } from "../labels/label-form.ts";
import { labelFormStyles } from "../labels/label-form.styles.ts";
import { labelPickerStyles } from "./label-picker.styles.ts";

export class BoardLabelPicker extends LitElement {
  static override styles = [base, labelFormStyles, labelPickerStyles];
  static override properties = {
    card: { attribute: false },
    labels: { attribute: false },
    manage: { type: Boolean },
    change: { attribute: false },
    open: { state: true },
    editing: { state: true },
  };
  card!: Card;
  labels: Label[] = [];
  /** Whether the person may make, rename and recolour labels (admins and owners). */
  manage = false;
  change: (work: () => Promise<unknown>, done?: string) => Promise<void> = async () => {};
  open = false;
  /** The label whose form is open ("new": a new label's). */
  editing: string | null = null;

  protected override updated(changed: Map<string, unknown>): void {
    if (changed.has("editing") && this.editing)
      this.renderRoot.querySelector<HTMLInputElement>("form.label-form .label-name")?.focus();
  }

  private toggle(label: Label, on: boolean) {
    const card = this.card;
    return this.change(() =>
      on
        ? call("attach_label", { params: { card_id: card.id }, body: { label_id: label.id } })
        : call("detach_label", { params: { card_id: card.id, label_id: label.id } }),
    );
  }

  private async rename(label: Label, values: { name: string; color: string }) {
    await this.change(
      () => call("update_label", { params: { label_id: label.id }, body: values }),
      `Label saved as “${values.name}”.`,
    );
    this.editing = null;
  }

  /** Makes the label and puts it on the card. */
  private async create(values: { name: string; color: string }) {
    const card = this.card;
    await this.change(async () => {
      const label = await call("create_label", { params: { project_id: card.project_id }, body: values });
      await call("attach_label", { params: { card_id: card.id }, body: { label_id: label.id } });
    }, `Label “${values.name}” made and added.`);
    this.editing = null;
  }

  private row(label: Label) {
    if (this.editing === label.id)
      return html`<li>
        ${labelForm({
          label,
          color: label.color,
          save: (values) => void this.rename(label, values),
          cancel: () => (this.editing = null),
        })}
      </li>`;
    const on = this.card.labels.some((attached) => attached.id === label.id);
    return html`<li>
      <label class="pick">
        <input type="checkbox" .checked=${on} @change=${() => this.toggle(label, !on)} />
        <span class="dot" ${styleProps({ background: label.color })}></span>
        <span class="name">${label.name}</span>
      </label>
      ${
        this.manage
          ? html`<button class="button small ghost" @click=${() => (this.editing = label.id)}>
              Edit<span class="sr-only"> label ${label.name}</span>
            </button>`
          : nothing
      }
    </li>`;
  }

  private renderNew() {
    if (!this.manage) return nothing;
    if (this.editing !== "new")
      return html`<button class="button small ghost new" @click=${() => (this.editing = "new")}>
        + New label
      </button>`;
    return labelForm({
      color: nextLabelColor(this.labels.map((label) => label.color)),
      save: (values) => void this.create(values),
      cancel: () => (this.editing = null),
    });
  }

  protected override render() {
    return html`<button
        class="button small"
        aria-expanded=${this.open}
        @click=${() => {
          this.open = !this.open;
          this.editing = null;
        }}
      >
        Labels…
      </button>
      ${
        this.open
          ? html`<div class="picker" role="group" aria-label="Pick labels">
              ${
                this.labels.length
                  ? html`<ul>
                      ${this.labels.map((label) => this.row(label))}
                    </ul>`
                  : html`<p class="faint">No labels in this project yet.</p>`
              }
              ${this.renderNew()}
            </div>`
          : nothing
      }`;
  }
}
customElements.define("board-label-picker", BoardLabelPicker);
