// Tenants: the relying parties the auth server serves, their settings and API keys.
import { ListQuery, listOf } from "../../pagination.ts";
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { defineAuthOperations } from "../operations/spec.ts";
import { QrLoginSchema, RegistrationAttachmentSchema } from "../schemas.ts";
import { api, Id, Name, PathId, read, Timestamp, write } from "./common.ts";

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

export const TenantIdParams = z.object({ tenant_id: PathId });
export const TenantListSchema = listOf(TenantViewSchema).openapi("TenantList");

export const adminTenantOperations = defineAuthOperations([
  api({
    method: "get",
    path: "/tenants",
    operationId: "listTenants",
    summary: "Tenants, oldest first (the built-in admin tenant is not listed).",
    query: ListQuery,
    response: TenantListSchema,
    errors: read,
  }),
  api({
    method: "post",
    path: "/tenants",
    operationId: "createTenant",
    summary: "Create a tenant; the API key is in this response only.",
    body: CreateTenantRequestSchema,
    status: 201,
    response: TenantWithKeySchema,
    errors: write,
  }),
  api({
    method: "get",
    path: "/tenants/{tenant_id}",
    operationId: "getTenant",
    summary: "A tenant.",
    params: TenantIdParams,
    response: TenantViewSchema,
    errors: [...read, "not_found"],
  }),
  api({
    method: "patch",
    path: "/tenants/{tenant_id}",
    operationId: "updateTenant",
    summary: "Rename a tenant, replace its allowed origins, or set its registration_attachment.",
    params: TenantIdParams,
    body: UpdateTenantRequestSchema,
    response: TenantViewSchema,
    errors: [...write, "not_found"],
  }),
  ...(["disable", "enable"] as const).map((action) =>
    api({
      method: "post",
      path: `/tenants/{tenant_id}/${action}`,
      operationId: `${action}Tenant`,
      summary:
        action === "disable"
          ? "Disable a tenant: its API key and tokens answer tenant_disabled."
          : "Enable a disabled tenant.",
      params: TenantIdParams,
      response: TenantViewSchema,
      errors: [...write, "not_found"],
    }),
  ),
  api({
    method: "post",
    path: "/tenants/{tenant_id}/rotate-key",
    operationId: "rotateTenantKey",
    summary: "Issue a new API key (in this response only); the old one stops working at once.",
    params: TenantIdParams,
    response: TenantWithKeySchema,
    errors: [...write, "not_found"],
  }),
]);
