// Wire schemas of the admin dashboard: `POST /admin/session` and the JSON API under `/admin/api/`.
// Lists follow the repository's list conventions (`limit`/`cursor`, `{data,next_cursor}`).
import { ListQuery, listOf } from "../pagination.ts";
import { DOT_SEGMENT_MESSAGE, isPathSafeId, StorableText } from "../text.ts";
import { z } from "../zod.ts";
import {
  ExternalIdParams,
  PasskeyInfoSchema,
  QrLoginSchema,
  RegistrationAttachmentSchema,
  TenantUserSchema,
} from "./schemas.ts";

const Id = z.uuid().openapi({ description: "Opaque identifier (UUIDv7)." });
const Timestamp = z.iso.datetime().openapi({ description: "ISO 8601 timestamp, UTC." });
const Name = StorableText.trim().min(1).max(200);

// ---- audit log ----
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

// ---- tenants ----
/** A tenant's `self_signup`: whether `<authkit-login>` offers to create an account. */
export const SelfSignupSchema = z.boolean().openapi({
  description:
    "Whether people may create their own account with a passkey from <authkit-login> (POST /auth/v1/signup/*); " +
    "the login result then says `created: true`. Default false: users are created by the tenant's server.",
});
/** A tenant's `password_login`: whether users with a password may sign in with it. */
export const PasswordLoginSchema = z.boolean().openapi({
  description:
    "Whether users with a password may sign in with it (POST /auth/v1/password/login, the password field of " +
    "<authkit-login>). Default false for new tenants; tenants created before the setting existed keep it on.",
});
/** A tenant as the CLI and the dashboard show it (never its API key). */
export const TenantViewSchema = z
  .object({
    id: Id,
    name: z.string(),
    rp_id: z.string(),
    origins: z.array(z.string()),
    registration_attachment: RegistrationAttachmentSchema,
    qr_login: QrLoginSchema,
    self_signup: SelfSignupSchema,
    password_login: PasswordLoginSchema,
    disabled: z.boolean(),
    created_at: Timestamp,
    set_by_environment: z
      .object({
        rp_id: z.string().optional(),
        origins: z.string().optional(),
        api_key: z.string().optional(),
        registration_attachment: z.string().optional(),
      })
      .optional()
      .openapi({
        description:
          "Only on the tenant the auth server's environment declares (BOOTSTRAP_TENANT_*): for each field it sets, the variable that sets it. Changing those fields (or rotating the key) is refused; the name and the other settings may be edited.",
      }),
  })
  .openapi("Tenant");
export type TenantView = z.infer<typeof TenantViewSchema>;

const Origins = z
  .array(StorableText.min(1).max(2048))
  .max(50)
  .openapi({ description: "Origins (scheme, host, port) the tenant's pages run on; normalised." });

export const CreateTenantRequestSchema = z
  .object({
    name: Name,
    rp_id: StorableText.trim()
      .min(1)
      .max(253)
      .openapi({ description: "Relying-party domain, e.g. acme.com." }),
    origins: Origins.default([]),
    registration_attachment: RegistrationAttachmentSchema.default("any"),
    qr_login: QrLoginSchema.optional(),
    self_signup: SelfSignupSchema.default(false),
    password_login: PasswordLoginSchema.default(false),
  })
  .openapi("CreateTenantRequest");
export type CreateTenantRequest = z.infer<typeof CreateTenantRequestSchema>;

export const UpdateTenantRequestSchema = z
  .object({
    name: Name.optional(),
    origins: Origins.optional(),
    registration_attachment: RegistrationAttachmentSchema.optional(),
    qr_login: QrLoginSchema.optional(),
    self_signup: SelfSignupSchema.optional(),
    password_login: PasswordLoginSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "Give name, origins, registration_attachment, qr_login, self_signup or password_login.",
  })
  .openapi("UpdateTenantRequest");
export type UpdateTenantRequest = z.infer<typeof UpdateTenantRequestSchema>;

/** A new tenant or a rotated key: the API key is in this response only. */
export const TenantWithKeySchema = z
  .object({ tenant: TenantViewSchema, apiKey: z.string().openapi({ description: "Shown once." }) })
  .openapi("TenantWithKey");
export type TenantWithKey = z.infer<typeof TenantWithKeySchema>;

// Path ids are UUIDs; anything else is simply not found (like every id of the auth server).
const PathId = StorableText.min(1)
  .max(64)
  .refine(isPathSafeId, DOT_SEGMENT_MESSAGE)
  .openapi({ description: "Opaque identifier (UUIDv7)." });
export const TenantIdParams = z.object({ tenant_id: PathId });
export const TenantUserParams = TenantIdParams.extend(ExternalIdParams.shape);
export const TenantUserSessionParams = TenantUserParams.extend({ session_id: PathId });
export const AdminPasskeyParams = z.object({ passkey_id: PathId });
export const AdminIdParams = z.object({ admin_id: PathId });

// ---- users and passkeys ----
export const UsersQuery = ListQuery.extend({
  q: StorableText.trim()
    .max(255)
    .optional()
    .openapi({ description: "Part of the externalId or display name (case-insensitive)." }),
});
export type UsersQuery = z.infer<typeof UsersQuery>;

/** A user as the dashboard lists it: with their last sign-in and live sessions. */
export const AdminTenantUserSchema = TenantUserSchema.extend({
  lastSignInAt: Timestamp.nullable().openapi({ description: "Their last successful sign-in; null: never." }),
  sessionCount: z
    .number()
    .int()
    .openapi({ description: "Cookie sessions that are neither revoked nor expired." }),
}).openapi("AdminTenantUser");
export type AdminTenantUser = z.infer<typeof AdminTenantUserSchema>;

/** One of a user's live cookie sessions (the server never keeps the cookie itself). */
export const UserSessionSchema = z
  .object({ id: Id, created_at: Timestamp, expires_at: Timestamp })
  .openapi("UserSession");
export type UserSession = z.infer<typeof UserSessionSchema>;

/** How many sessions a "revoke all" ended. */
export const RevokedSessionsSchema = z.object({ revoked: z.number().int() }).openapi("RevokedSessions");
export type RevokedSessions = z.infer<typeof RevokedSessionsSchema>;

/** A passkey as an administrator sees it: with its authenticator (from the AAGUID). */
export const AdminPasskeySchema = PasskeyInfoSchema.extend({
  aaguid: z.string(),
  authenticator: z
    .string()
    .nullable()
    .openapi({ description: "The authenticator's name from its AAGUID; null when unknown." }),
  synced: z.boolean().openapi({ description: "Backed up (a synced passkey)." }),
}).openapi("AdminPasskey");
export type AdminPasskey = z.infer<typeof AdminPasskeySchema>;

export const PASSKEY_CREATED_VIA = ["direct", "qr", "invite", "dashboard"] as const;
export const PasskeyCreatedViaSchema = z.enum(PASSKEY_CREATED_VIA).openapi("PasskeyCreatedVia", {
  description:
    "How the passkey was made: direct (on the registering device), qr (a phone that scanned a code), " +
    "invite (an administrator's first, through their invite link), dashboard (added by the administrator " +
    "from their own dashboard session).",
});
export type PasskeyCreatedVia = z.infer<typeof PasskeyCreatedViaSchema>;

/** One of the signed-in administrator's own passkeys (`/admin/api/me/passkeys`). */
export const OwnPasskeySchema = AdminPasskeySchema.extend({
  created_via: PasskeyCreatedViaSchema.nullable().openapi({
    description: "null for passkeys made before this was recorded.",
  }),
}).openapi("OwnPasskey");
export type OwnPasskey = z.infer<typeof OwnPasskeySchema>;

/** `POST /admin/api/me/passkeys/register/start`: the new passkey's name (the device's, by default). */
export const AddOwnPasskeyStartRequestSchema = z
  .object({ name: StorableText.trim().min(1).max(100).optional() })
  .openapi("AddOwnPasskeyStartRequest");

// ---- administrators ----
export const AdminSchema = z
  .object({
    id: Id,
    email: z.string(),
    name: z.string(),
    status: z.enum(["invited", "active"]).openapi({ description: "active: has at least one passkey." }),
    passkey_count: z.number().int(),
    invite_issuer_removed: z.boolean().openapi({
      description:
        "Their first passkey was made through an invite link whose issuer has since been removed " +
        "(audited as admin_passkey_flagged): check with them that the passkey is theirs.",
    }),
    created_at: Timestamp,
  })
  .openapi("Admin");
export type Admin = z.infer<typeof AdminSchema>;

export const InviteAdminRequestSchema = z
  .object({ email: z.email().max(255), name: Name })
  .openapi("InviteAdminRequest");
export type InviteAdminRequest = z.infer<typeof InviteAdminRequestSchema>;

export const AdminInviteSchema = z
  .object({
    admin: AdminSchema,
    url: z.string().openapi({ description: "One-time link to create the admin's passkey." }),
    expiresAt: Timestamp,
  })
  .openapi("AdminInvite");
export type AdminInvite = z.infer<typeof AdminInviteSchema>;

// ---- session ----
export const AdminSessionRequestSchema = z
  .object({ challengeId: StorableText.min(1).max(200) })
  .openapi("AdminSessionRequest");
export type AdminSessionRequest = z.infer<typeof AdminSessionRequestSchema>;

export const AdminSessionResponseSchema = z.object({ admin: AdminSchema }).openapi("AdminSession");
export type AdminSessionResponse = z.infer<typeof AdminSessionResponseSchema>;

export const CsrfTokenResponseSchema = z.object({ token: z.string() }).openapi("CsrfToken");
export type CsrfTokenResponse = z.infer<typeof CsrfTokenResponseSchema>;

/** `GET /admin/invite/user-token?code=`: what the invite page's `authkit-register` fetches. */
export const InviteCodeQuery = z.object({ code: StorableText.min(1).max(200) });
export const InviteUserTokenResponseSchema = z
  .object({ userToken: z.string() })
  .openapi("InviteUserTokenResponse");

// ---- lists ----
export const TenantListSchema = listOf(TenantViewSchema).openapi("TenantList");
export const TenantUserListSchema = listOf(AdminTenantUserSchema).openapi("TenantUserList");
export const UserSessionListSchema = listOf(UserSessionSchema).openapi("UserSessionList");
export const AdminPasskeyListSchema = listOf(AdminPasskeySchema).openapi("AdminPasskeyList");
export const OwnPasskeyListSchema = listOf(OwnPasskeySchema).openapi("OwnPasskeyList");
export const AuditEventListSchema = listOf(AuditEventSchema).openapi("AuditEventList");
export const AdminListSchema = listOf(AdminSchema).openapi("AdminList");
/** One page of a list (`{data,next_cursor}`). */
export interface ListPage<T> {
  data: T[];
  next_cursor: string | null;
}
