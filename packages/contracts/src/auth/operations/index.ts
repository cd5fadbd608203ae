// Every operation of the auth server, in the order of its OpenAPI document: the routes, the
// document and the drift tests all read this list.
import { authAdminOperations, type AuthAdminOperations } from "../admin/index.ts";
import { authenticationOperations } from "./authentication.ts";
import { passkeyOperations } from "./passkeys.ts";
import { qrOperations } from "./qr.ts";
import { registrationOperations } from "./registration.ts";
import { signupOperations } from "./signup.ts";
import { keyByOperationId } from "../../operation.ts";
import { defineAuthOperations, type AuthOperation } from "./spec.ts";
import { tokenOperations } from "./tokens.ts";
import { userOperations } from "./users.ts";

export type { AuthOperation } from "./spec.ts";
export { authAdminOperations, type AuthAdminOperations };

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

/** The public operations keyed by name (their operationId): what the server implements. */
export const authPublicOperationMap = keyByOperationId(authPublicOperations);

/** The name of a public operation (its operationId). */
export type AuthPublicOperationName = keyof typeof authPublicOperationMap;

/** The public operations of each group keyed by name: what each of the server's route files implements. */
export const authPublicOperationsByGroup = {
  tokens: keyByOperationId(tokenOperations),
  users: keyByOperationId(userOperations),
  registration: keyByOperationId(registrationOperations),
  authentication: keyByOperationId(authenticationOperations),
  signup: keyByOperationId(signupOperations),
  passkeys: keyByOperationId(passkeyOperations),
  qr: keyByOperationId(qrOperations),
};

/** The admin dashboard's operations keyed by name (their operationId). */
export const authAdminOperationMap = keyByOperationId(authAdminOperations);

/** The public operations, then the admin dashboard's: read as operations in general. */
export const authOperationList: readonly AuthOperation[] = [...authPublicOperations, ...authAdminOperations];

/** An OpenAPI tag: a group of operations, in the document's order. */
export interface AuthOperationGroup {
  tag: string;
  description: string;
  operations: readonly AuthOperation[];
}

/** Every operation under its tag (the OpenAPI document's `tags`, and what /docs groups by). */
export const authOperationGroups: readonly AuthOperationGroup[] = [
  {
    tag: "Tokens",
    description: "A tenant's server (X-API-KEY): tokens for its pages, and verify-auth after a login.",
    operations: tokenOperations,
  },
  {
    tag: "Users",
    description: "A tenant's server manages its users and their passkeys.",
    operations: userOperations,
  },
  {
    tag: "Registration",
    description: "Creating a passkey, with a user token or this server's session cookie.",
    operations: registrationOperations,
  },
  {
    tag: "Authentication",
    description: "Signing in with a passkey (or a password where the tenant allows it), and signing out.",
    operations: authenticationOperations,
  },
  {
    tag: "Sign-up",
    description: "Self-service sign-up with a passkey, for tenants that turn it on.",
    operations: signupOperations,
  },
  {
    tag: "Passkeys",
    description: "The signed-in person's own passkeys, and the step-up security changes need.",
    operations: passkeyOperations,
  },
  {
    tag: "QR",
    description: "Cross-device sign-in and registration: the desktop's calls and the phone's.",
    operations: qrOperations,
  },
  {
    tag: "Admin dashboard",
    description:
      "The dashboard's session, its invite links and /admin/api (an administrator's session cookie).",
    operations: authAdminOperations,
  },
];
