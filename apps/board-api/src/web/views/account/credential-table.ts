// Passkeys and API tokens alike: name, created, last used and one destructive action (absent when
// the row cannot be removed, as an account's last passkey).
import { html, nothing } from "lit";
import { formatDateTime, timeAgo } from "../../format.ts";

export interface CredentialRow {
  name: string;
  createdAt: string;
  lastUsed: string | null | undefined;
  action?: { label: string; run: () => void } | undefined;
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
            <td>${row.name}</td>
            <td class="wide">${formatDateTime(row.createdAt)}</td>
            <td>${row.lastUsed ? timeAgo(row.lastUsed) : "never"}</td>
            <td>
              ${
                row.action
                  ? html`<button class="button small danger" @click=${row.action.run}>
                      ${row.action.label}
                    </button>`
                  : nothing
              }
            </td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}
