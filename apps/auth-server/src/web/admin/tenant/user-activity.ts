import { LitElement, type PropertyDeclarations } from "lit";
import { type AuditEvent, call, type TenantUser } from "../api.ts";
import { auditColumnCount, auditHead, auditRow } from "../audit/audit-row.ts";
import { auditViewStyles } from "../audit/audit-view.styles.ts";
import { countOf, format, t } from "../i18n.ts";
import { PagedList } from "../paged.ts";
import { shared } from "../styles.ts";
import { listIcon } from "../ui/icons.ts";
import { emptyState, pagedTable } from "../ui/paged-table.ts";
import { userPasskeysStyles } from "./user-passkeys.styles.ts";

const COLUMNS = { tenant: false, user: false };

/** A user's audit events (in the user dialog), newest first: the audit log filtered by the user. */
export class UserActivity extends LitElement {
  static override properties: PropertyDeclarations = {
    tenantId: { attribute: false },
    user: { attribute: false },
  };
  static override styles = [shared, auditViewStyles, userPasskeysStyles];

  tenantId = "";
  user: TenantUser | undefined;

  readonly events = new PagedList<AuditEvent>(this, (cursor) =>
    call("listAuditEvents", {
      query: { tenant_id: this.tenantId, user_id: this.user?.id ?? "", cursor, limit: 50 },
    }),
  );

  load(): Promise<void> {
    return this.events.reload();
  }

  protected override render() {
    return pagedTable({
      list: this.events,
      label: format(t.userActivity.label, { name: this.user?.displayName ?? this.user?.externalId ?? "" }),
      columns: auditColumnCount(COLUMNS),
      count: (count) => countOf(count, t.audit.countOne, t.audit.countOther),
      failed: t.audit.loadFailed,
      head: auditHead(COLUMNS),
      row: (event) => auditRow(event, COLUMNS),
      empty: emptyState(listIcon, t.userActivity.emptyTitle, t.userActivity.emptyText),
    });
  }
}
customElements.define("user-activity", UserActivity);

declare global {
  interface HTMLElementTagNameMap {
    "user-activity": UserActivity;
  }
}
