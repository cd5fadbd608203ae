// Passkeys and API tokens alike: name, created, last used and one destructive action.
import { html } from "lit";
import { formatDateTime, timeAgo } from "../../format.ts";

export interface CredentialRow {
  name: string;
  createdAt: string;
  lastUsed: string | null | undefined;
  action: string;
  onAction: () => void;
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
            <td><button class="button small danger" @click=${row.onAction}>${row.action}</button></td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}
