// The audit log: what happened to tenants, users and administrators, listed and exported as CSV.
import { ListQuery, listOf } from "../../pagination.ts";
import { z } from "../../zod.ts";
import { defineAuthOperations } from "../operations/spec.ts";
import { api, Id, read, Timestamp } from "./common.ts";

export const AUDIT_EVENT_TYPES = [
  "registration",
  "registration_failure",
  "login_success",
  "login_failure",
  "passkey_deleted",
  "user_disabled",
  "user_enabled",
  "counter_regression",
  "tenant_created",
  "tenant_updated",
  "tenant_disabled",
  "tenant_enabled",
  "tenant_key_rotated",
  "signing_key_rotated",
  "admin_invited",
  "admin_removed",
  "admin_signed_in",
  "admin_signed_out",
  "admin_invite_spent",
  "admin_request_refused",
  "admin_passkey_flagged",
  "backup_eligibility_changed",
  "webhook_added",
  "webhook_removed",
  "webhook_replayed",
  "user_deleted",
  "user_sessions_revoked",
] as const;
export const AuditEventTypeSchema = z.enum(AUDIT_EVENT_TYPES).openapi("AuditEventType");
export type AuditEventType = z.infer<typeof AuditEventTypeSchema>;

export const AuditEventSchema = z
  .object({
    id: Id,
    type: AuditEventTypeSchema,
    tenant_id: Id.nullable(),
    tenant_name: z.string().nullable().openapi({ description: "The tenant's current name, if it exists." }),
    user_id: Id.nullable(),
    user_external_id: z.string().nullable(),
    admin_id: Id.nullable().openapi({ description: "The administrator who acted (dashboard actions)." }),
    admin_name: z.string().nullable(),
    ip: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()),
    created_at: Timestamp,
  })
  .openapi("AuditEvent");
export type AuditEvent = z.infer<typeof AuditEventSchema>;

/** What the audit log is filtered by (all given: events that match every one). */
export const AuditFilterQuery = z.object({
  tenant_id: Id.optional(),
  type: AuditEventTypeSchema.optional(),
  user_id: Id.optional().openapi({ description: "Events of this user (also once the user is deleted)." }),
  admin_id: Id.optional().openapi({ description: "Actions of this administrator." }),
  from: z.iso.datetime({ offset: true }).optional().openapi({ description: "Events at or after." }),
  to: z.iso.datetime({ offset: true }).optional().openapi({ description: "Events before." }),
});
export type AuditFilterQuery = z.infer<typeof AuditFilterQuery>;

export const AuditQuery = ListQuery.extend(AuditFilterQuery.shape);
export type AuditQuery = z.infer<typeof AuditQuery>;

/** The columns of the audit log's CSV export, in order. */
export const AUDIT_CSV_COLUMNS = [
  "created_at",
  "type",
  "tenant_id",
  "tenant_name",
  "user_id",
  "user_external_id",
  "admin_id",
  "admin_name",
  "ip",
  "detail",
] as const;

export const AuditEventListSchema = listOf(AuditEventSchema).openapi("AuditEventList");

export const adminAuditOperations = defineAuthOperations([
  api({
    method: "get",
    path: "/audit",
    operationId: "listAuditEvents",
    summary:
      "The audit log, newest first, filtered by tenant, event type, user, administrator and time range.",
    query: AuditQuery,
    response: AuditEventListSchema,
    errors: read,
  }),
  api({
    method: "get",
    path: "/audit/export",
    operationId: "exportAuditEvents",
    summary:
      "The audit log as CSV (text/csv, an attachment), newest first, with the filters of listAuditEvents: " +
      "one row per event, columns created_at, type, tenant_id, tenant_name, user_id, user_external_id, " +
      "admin_id, admin_name, ip, detail (JSON). At most 100,000 rows.",
    query: AuditFilterQuery,
    responseType: "text/csv",
    errors: read,
  }),
]);
