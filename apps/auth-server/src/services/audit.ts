import type { Prisma } from "@org/db";
import type { AuthContext } from "../context.ts";

export const AUDIT_TYPES = [
  "registration",
  "login_success",
  "login_failure",
  "passkey_deleted",
  "user_disabled",
  "user_enabled",
  "counter_regression",
] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

export interface AuditInput {
  type: AuditType;
  tenantId?: string | undefined;
  userId?: string | undefined;
  ip?: string | undefined;
  detail?: Record<string, string | number | boolean | null>;
}

/** Appends one security event. Never carries secrets: ids, reasons, methods only. */
export async function audit(ctx: Pick<AuthContext, "db">, event: AuditInput): Promise<void> {
  await ctx.db.authAuditEvent.create({
    data: {
      type: event.type,
      tenantId: event.tenantId ?? null,
      userId: event.userId ?? null,
      ip: event.ip ?? null,
      detail: (event.detail ?? {}) as Prisma.InputJsonValue,
    },
  });
}

export async function listAudit({
  db,
  tenantId,
  type,
  limit,
}: {
  db: AuthContext["db"];
  tenantId?: string | undefined;
  type?: AuditType | undefined;
  limit: number;
}) {
  const rows = await db.authAuditEvent.findMany({
    where: { ...(tenantId ? { tenantId } : {}), ...(type ? { type } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    tenant_id: row.tenantId,
    user_id: row.userId,
    ip: row.ip,
    detail: row.detail,
    created_at: row.createdAt.toISOString(),
  }));
}
