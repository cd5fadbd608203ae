// Adding a column: from the form after the last column, where the person picks the place (by
// default before the done columns at the end, as work flows into them), or where a column's menu
// asked ("Add a column before / after", a form in that place).
import type { BoardColumn } from "@org/contracts";
import { html, nothing } from "lit";
import { newColumnPosition } from "./board-data.ts";

export interface NewColumnForm {
  columns: BoardColumn[];
  /** Inline: the position chosen in a column's menu. */
  position?: number;
  inline?: boolean;
  /** Resolves whether the column was added. */
  add(name: string, position: number | undefined): Promise<boolean>;
  cancel?(): void;
}

function positionSelect(columns: BoardColumn[]) {
  if (columns.length === 0) return nothing;
  const chosen = newColumnPosition(columns);
  return html`<label class="sr-only" for="new-column-position">Place of the new column</label>
    <select id="new-column-position" name="position">
      <option value="0" ?selected=${chosen === 0}>At the start</option>
      ${columns.map(
        (column, index) =>
          html`<option value=${index + 1} ?selected=${chosen === index + 1}>
            ${index === columns.length - 1 ? "At the end" : `After ${column.name}`}
          </option>`,
      )}
    </select>`;
}

export function newColumnForm(form: NewColumnForm) {
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const element = event.target as HTMLFormElement;
    const values = new FormData(element);
    const name = String(values.get("name") ?? "").trim();
    if (!name) return;
    const chosen = values.get("position");
    const position = form.inline ? form.position : chosen === null ? undefined : Number(chosen);
    if (await form.add(name, position)) element.reset();
  };
  const id = form.inline ? "inline-column-name" : "new-column";
  return html`<form class="new-column ${form.inline ? "inline" : ""}" @submit=${submit}>
    <label class="sr-only" for=${id}>New column</label>
    <input
      id=${id}
      name="name"
      placeholder="New column"
      maxlength="200"
      @keydown=${(event: KeyboardEvent) => event.key === "Escape" && form.cancel?.()}
    />
    ${form.inline ? nothing : positionSelect(form.columns)}
    <div class="row">
      <button class="button small ${form.inline ? "primary" : ""}">Add column</button>
      ${
        form.inline
          ? html`<button type="button" class="button small ghost" @click=${() => form.cancel?.()}>
              Cancel
            </button>`
          : nothing
      }
    </div>
  </form>`;
}
