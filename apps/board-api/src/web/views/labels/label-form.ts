// A label's name and colour as one small form: editing a label (rename, recolour) or making one,
// in the project's settings and in a card's label picker alike.
import type { Label } from "@org/contracts";
import { html } from "lit";

export interface LabelFormOptions {
  /** The label being edited; absent: a new one. */
  label?: Label | undefined;
  /** The colour a new label starts with. */
  color: string;
  save(values: { name: string; color: string }): void;
  cancel(): void;
}

function submit(save: LabelFormOptions["save"]) {
  return (event: SubmitEvent) => {
    event.preventDefault();
    const values = new FormData(event.target as HTMLFormElement);
    const name = String(values.get("name") ?? "").trim();
    if (name) save({ name, color: String(values.get("color")) });
  };
}

/** Escape cancels, as it does the dialogs (and does not close the card panel around it). */
function escape(cancel: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    cancel();
  };
}

export function labelForm({ label, color, save, cancel }: LabelFormOptions) {
  const what = label ? `Edit label ${label.name}` : "New label";
  return html`<form class="label-form" aria-label=${what} @submit=${submit(save)} @keydown=${escape(cancel)}>
    <input
      class="label-color"
      name="color"
      type="color"
      aria-label="Label colour"
      .value=${label?.color ?? color}
    />
    <input
      class="label-name"
      name="name"
      aria-label="Label name"
      required
      maxlength="200"
      .value=${label?.name ?? ""}
      placeholder="Label name"
    />
    <button class="button small primary">${label ? "Save" : "Create"}</button>
    <button type="button" class="button small" @click=${cancel}>Cancel</button>
  </form>`;
}
