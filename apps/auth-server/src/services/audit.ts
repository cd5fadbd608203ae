import { AUDIT_CSV_COLUMNS, type AuditEvent, type AuditEventType } from "@org/contracts";
import { pageArgs, Prisma, SQL_NOW, toPage, type Db, type Page } from "@org/db";
import { v7 as uuidv7 } from "uuid";
import type { AuthContext } from "../context.ts";

/** Who made a change from the admin dashboard (absent for the CLI and for end users). */
export interface Actor {
  adminId?: string | undefined;
  ip?: string | undefined;
}

export interface AuditInput {
  type: AuditEventType;
  tenantId?: string | undefined;
  userId?: string | undefined;
  /** The administrator who acted (dashboard actions). */
  adminId?: string | undefined;
  ip?: string | undefined;
  detail?: Record<string, string | number | boolean | null>;
}

/**
 * The INSERT of one security event, taking effect only if `condition` (SQL) holds, so that it
 * can be a data-modifying part of a larger statement (see logins.ts).
 */
export function auditInsert(event: AuditInput, condition: Prisma.Sql = Prisma.sql`true`): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO auth_audit_events (id, tenant_id, user_id, admin_id, type, ip, detail, created_at)
    SELECT ${uuidv7()}::uuid, ${event.tenantId ?? null}::uuid, ${event.userId ?? null}::uuid,
      ${event.adminId ?? null}::uuid, ${event.type}::auth_audit_event_type, ${event.ip ?? null},
      ${JSON.stringify(event.detail ?? {})}::jsonb, ${SQL_NOW} WHERE ${condition}`;
}

/**
 * Appends one security event. Never carries secrets: ids, reasons, methods only. `db` may be a
 * transaction, so the event commits (or not) with what it records.
 */
export async function audit(ctx: { db: Db | Prisma.TransactionClient }, event: AuditInput): Promise<void> {
  await ctx.db.$executeRaw(auditInsert(event));
}

export interface AuditFilter {
  tenantId?: string | undefined;
  type?: AuditEventType | undefined;
  userId?: string | undefined;
  /** The administrator who acted. */
  adminId?: string | undefined;
  /** At or after. */
  from?: Date | undefined;
  /** Before. */
  to?: Date | undefined;
}

/**
 * A page of security events, newest first, with the names of the tenant, user and administrator
 * each refers to (looked up, since events outlive what they describe: null once it is gone).
 */
export async function listAudit({
  db,
  filter = {},
  limit,
  cursor,
}: {
  db: AuthContext["db"];
  filter?: AuditFilter;
  limit: number;
  cursor?: string | undefined;
}): Promise<Page<AuditEvent>> {
  const { tenantId, type, userId, adminId, from, to } = filter;
  const rows = await db.authAuditEvent.findMany({
    where: {
      ...(tenantId ? { tenantId } : {}),
      ...(type ? { type } : {}),
      ...(userId ? { userId } : {}),
      ...(adminId ? { adminId } : {}),
      ...(from || to ? { createdAt: { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) } } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    ...pageArgs({ limit, cursor }),
  });
  const ids = (pick: (row: (typeof rows)[number]) => string | null) => [
    ...new Set(rows.map(pick).filter((id): id is string => id !== null)),
  ];
  const [tenants, users, admins] = await Promise.all([
    db.tenant.findMany({ where: { id: { in: ids((r) => r.tenantId) } }, select: { id: true, name: true } }),
    db.authUser.findMany({
      where: { id: { in: ids((r) => r.userId) } },
      select: { id: true, externalId: true },
    }),
    db.authAdmin.findMany({ where: { id: { in: ids((r) => r.adminId) } }, select: { id: true, name: true } }),
  ]);
  const gone = ids((r) => r.userId).filter((id) => !users.some((user) => user.id === id));
  const deletions = gone.length
    ? await db.authAuditEvent.findMany({
        where: { userId: { in: gone }, type: "user_deleted" },
        select: { userId: true, detail: true },
      })
    : [];
  const deletedUsers = new Map(
    deletions.map((row) => [
      row.userId ?? "",
      String((row.detail as { externalId?: string }).externalId ?? ""),
    ]),
  );
  const tenantName = new Map(tenants.map((t) => [t.id, t.name]));
  const externalId = new Map(users.map((u) => [u.id, u.externalId]));
  const adminName = new Map(admins.map((a) => [a.id, a.name]));
  return toPage({ limit }, rows, (row) => ({
    id: row.id,
    type: row.type,
    tenant_id: row.tenantId,
    tenant_name: (row.tenantId && tenantName.get(row.tenantId)) ?? null,
    user_id: row.userId,
    // A deleted user's events keep naming them: user_deleted carries the externalId.
    user_external_id:
      (row.userId && externalId.get(row.userId)) ?? deletedUsers.get(row.userId ?? "") ?? null,
    admin_id: row.adminId,
    admin_name: (row.adminId && adminName.get(row.adminId)) ?? null,
    ip: row.ip,
    detail: row.detail as Record<string, unknown>,
    created_at: row.createdAt.toISOString(),
  }));
}

/** The most rows one export holds. */
export const AUDIT_EXPORT_LIMIT = 100_000;

/**
 * The events of `filter` as CSV lines (header first), newest first, read a page at a time. A cell
 * that a spreadsheet would take for a formula (=, +, -, @, tab, CR) is prefixed with ', as OWASP
 * advises for CSV exports.
 */
export async function* auditCsv({
  db,
  filter,
}: {
  db: AuthContext["db"];
  filter: AuditFilter;
}): AsyncGenerator<string> {
  yield `${AUDIT_CSV_COLUMNS.join(",")}\r\n`;
  let cursor: string | undefined;
  let rows = 0;
  do {
    const page = await listAudit({ db, filter, limit: 500, cursor });
    for (const event of page.data) {
      if (rows++ >= AUDIT_EXPORT_LIMIT) return;
      const values: Record<(typeof AUDIT_CSV_COLUMNS)[number], unknown> = {
        ...event,
        detail: Object.keys(event.detail).length ? JSON.stringify(event.detail) : "",
      };
      yield `${AUDIT_CSV_COLUMNS.map((column) => csvCell(values[column])).join(",")}\r\n`;
    }
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}

function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
