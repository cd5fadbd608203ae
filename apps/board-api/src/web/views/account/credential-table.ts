// Passkeys and API tokens alike: name, created, last used and their actions (a destructive one is
// absent when the row cannot be removed, as an account's last passkey).
import { html, nothing, type TemplateResult } from "lit";
import { formatDateTime, timeAgo } from "../../format.ts";

export interface CredentialAction {
  label: string;
  /** Names what the button acts on for screen readers ("Rename Chrome on Linux"). */
  ariaLabel?: string;
  run: () => void;
  danger?: boolean;
}

export interface CredentialRow {
  name: string;
  /** Shown instead of the name (a rename form). */
  nameCell?: TemplateResult | undefined;
  createdAt: string;
  lastUsed: string | null | undefined;
  actions?: CredentialAction[];
}

export function credentialTable(rows: CredentialRow[]) {
  return html`<table>
    <thead>
      <tr>
        <th>Name</th>
        <th class="wide">Created</th>
        <th>Last used</th>
        <th><span class="sr-only">Actions</span></th>
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        (row) =>
          html`<tr>
            <td>${row.nameCell ?? row.name}</td>
            <td class="wide">${formatDateTime(row.createdAt)}</td>
            <td>${row.lastUsed ? timeAgo(row.lastUsed) : "never"}</td>
            <td class="actions">
              ${(row.actions ?? []).map(
                (action) =>
                  html`<button
                    class="button small ${action.danger ? "danger" : "ghost"}"
                    aria-label=${action.ariaLabel ?? nothing}
                    @click=${action.run}
                  >
                    ${action.label}
                  </button>`,
              )}
            </td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/** A name cell while renaming: Enter or Save saves the new name, Escape or Cancel keeps the old one. */
export function renameForm(form: {
  label: string;
  field: string;
  value: string;
  save: (name: string) => void;
  cancel: () => void;
}) {
  return html`<form
    class="rename"
    aria-label=${form.label}
    @submit=${(event: SubmitEvent) => {
      event.preventDefault();
      form.save(String(new FormData(event.target as HTMLFormElement).get("name") ?? "").trim());
    }}
    @keydown=${(event: KeyboardEvent) => event.key === "Escape" && form.cancel()}
  >
    <input name="name" aria-label=${form.field} required maxlength="100" .value=${form.value} />
    <button class="button small" type="submit">Save</button>
    <button class="button small ghost" type="button" @click=${form.cancel}>Cancel</button>
  </form>`;
}
