// Every operation of the auth server, in the order of its OpenAPI document: the routes, the
// document and the drift tests all read this list.
import { adminOperations, type AuthAdminOperations } from "../admin-operations.ts";
import { authenticationOperations } from "./authentication.ts";
import { passkeyOperations } from "./passkeys.ts";
import { qrOperations } from "./qr.ts";
import { registrationOperations } from "./registration.ts";
import { signupOperations } from "./signup.ts";
import { defineAuthOperations, type AuthOperation } from "./spec.ts";
import { tokenOperations } from "./tokens.ts";
import { userOperations } from "./users.ts";

export type { AuthOperation, Security } from "./spec.ts";
export type { AuthAdminOperations };

/** What tenants' servers, their pages (the SDK) and phones call. */
export const authPublicOperations = defineAuthOperations([
  ...tokenOperations,
  ...userOperations,
  ...registrationOperations,
  ...authenticationOperations,
  ...signupOperations,
  ...passkeyOperations,
  ...qrOperations,
]);

/** The admin dashboard's: its session, its invite link's user token, /admin/api. */
export const authAdminOperations: AuthAdminOperations = adminOperations;

/** The public operations, then the admin dashboard's: read as operations in general. */
export const authOperationList: readonly AuthOperation[] = [...authPublicOperations, ...authAdminOperations];
