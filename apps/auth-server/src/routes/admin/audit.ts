// The audit log: a page of events, or all of them as CSV (the handler sends that answer itself).
import { adminAuditOperations, keyByOperationId, type AuditFilterQuery } from "@org/contracts";
import { defineImplementations } from "@org/service-kit";
import type { AuthContext } from "../../context.ts";
import { auditCsv, listAudit, type AuditFilter } from "../../services/audit.ts";

export const auditImplementations = (ctx: AuthContext) => {
  const { db } = ctx;
  return defineImplementations(keyByOperationId(adminAuditOperations))({
    listAuditEvents: ({ query }) =>
      listAudit({ db, filter: auditFilter(query), limit: query.limit, cursor: query.cursor }),
    exportAuditEvents: async ({ query }, { res }) => {
      const day = new Date(ctx.now()).toISOString().slice(0, 10);
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="audit-${day}.csv"`);
      for await (const line of auditCsv({ db, filter: auditFilter(query) })) {
        if (!res.write(line)) await new Promise((resolve) => res.once("drain", resolve));
      }
      res.end();
    },
  });
};

/** The audit log's filters as the service takes them. */
function auditFilter(query: AuditFilterQuery): AuditFilter {
  return {
    tenantId: query.tenant_id,
    type: query.type,
    userId: query.user_id,
    adminId: query.admin_id,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  };
}
