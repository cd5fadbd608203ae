// The admin dashboard's endpoints (its session, its invite link's user token, /admin/api), one file
// per resource; here in the order of the OpenAPI document.
import { adminAdminsOperations } from "./admins.ts";
import { adminAuditOperations } from "./audit.ts";
import { adminPasskeyOperations } from "./passkeys.ts";
import { adminSessionOperations } from "./session.ts";
import { adminTenantOperations } from "./tenants.ts";
import { adminUserOperations } from "./users.ts";
import { adminWebhookOperations } from "./webhooks.ts";
import { defineAuthOperations } from "../operations/spec.ts";

export * from "./admins.ts";
export * from "./audit.ts";
export * from "./passkeys.ts";
export * from "./session.ts";
export * from "./tenants.ts";
export * from "./users.ts";
export * from "./webhooks.ts";

export const authAdminOperations = defineAuthOperations([
  ...adminSessionOperations,
  ...adminTenantOperations,
  ...adminUserOperations,
  ...adminPasskeyOperations,
  ...adminAuditOperations,
  ...adminAdminsOperations,
  ...adminWebhookOperations,
]);

/** The admin dashboard's operations, each with its literal method and path. */
export type AuthAdminOperations = typeof authAdminOperations;
