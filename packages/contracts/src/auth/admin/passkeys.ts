// Passkeys: any tenant user's (list, delete) and the signed-in administrator's own (list, add, remove,
// behind a step-up).
import { listOf } from "../../pagination.ts";
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { defineAuthOperations } from "../operations/spec.ts";
import {
  AuthenticateFinishRequestSchema,
  AuthenticateStartResponseSchema,
  PasskeyInfoSchema,
  RegisterFinishRequestSchema,
  RegisterStartResponseSchema,
  StepUpResponseSchema,
} from "../schemas.ts";
import { api, PathId, read, write } from "./common.ts";
import { TenantUserParams } from "./users.ts";

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

export const AdminPasskeyParams = z.object({ passkey_id: PathId });
export const AdminPasskeyListSchema = listOf(AdminPasskeySchema).openapi("AdminPasskeyList");
export const OwnPasskeyListSchema = listOf(OwnPasskeySchema).openapi("OwnPasskeyList");

export const adminPasskeyOperations = defineAuthOperations([
  api({
    method: "get",
    path: "/tenants/{tenant_id}/users/{external_id}/passkeys",
    operationId: "listTenantUserPasskeys",
    summary: "A user's passkeys, oldest first, with their authenticator names.",
    params: TenantUserParams,
    response: AdminPasskeyListSchema,
    errors: [...read, "not_found"],
  }),
  api({
    method: "delete",
    path: "/passkeys/{passkey_id}",
    operationId: "deleteTenantUserPasskey",
    summary: "Delete a passkey of any tenant's user.",
    params: AdminPasskeyParams,
    status: 204,
    errors: [...write, "not_found"],
  }),
  api({
    method: "get",
    path: "/me/passkeys",
    operationId: "listOwnPasskeys",
    summary:
      "The signed-in administrator's own passkeys, oldest first: name, authenticator, created, last used, created_via.",
    response: OwnPasskeyListSchema,
    errors: read,
  }),
  api({
    method: "post",
    path: "/me/step-up/start",
    operationId: "startOwnStepUp",
    summary:
      "Start a step-up: WebAuthn request options (a login challenge of the admin tenant, 5 minutes). Adding or " +
      "removing a passkey needs a passkey used in the last 5 minutes (the sign-in counts).",
    response: AuthenticateStartResponseSchema,
    errors: write,
  }),
  api({
    method: "post",
    path: "/me/step-up/finish",
    operationId: "finishOwnStepUp",
    summary:
      "Finish a step-up with one of the administrator's own passkeys (another account's: forbidden); the " +
      "session may then add or remove passkeys for 5 minutes, on every instance.",
    body: AuthenticateFinishRequestSchema,
    response: StepUpResponseSchema,
    errors: [...write, "verification_failed", "challenge_expired", "credential_not_found"],
  }),
  api({
    method: "post",
    path: "/me/passkeys/register/start",
    operationId: "startOwnPasskeyRegistration",
    summary:
      "Start adding a passkey to the signed-in administrator's own account (the only way to add one after the " +
      "first): WebAuthn creation options, challenge bound to this administrator, 5 minutes. Needs a passkey " +
      "used in the last 5 minutes (step_up_required otherwise: POST /admin/api/me/step-up/start).",
    body: AddOwnPasskeyStartRequestSchema.default({}),
    response: RegisterStartResponseSchema,
    errors: [...write, "step_up_required"],
  }),
  api({
    method: "post",
    path: "/me/passkeys/register/finish",
    operationId: "finishOwnPasskeyRegistration",
    summary: "Store the new passkey (created_via: dashboard), audited under the administrator.",
    body: RegisterFinishRequestSchema,
    status: 201,
    response: OwnPasskeySchema,
    errors: [...write, "verification_failed", "challenge_expired", "conflict"],
  }),
  api({
    method: "delete",
    path: "/me/passkeys/{passkey_id}",
    operationId: "deleteOwnPasskey",
    summary:
      "Remove one of the administrator's own passkeys; the last one is a conflict (409). Needs a passkey used " +
      "in the last 5 minutes (step_up_required otherwise).",
    params: AdminPasskeyParams,
    status: 204,
    errors: [...write, "not_found", "conflict", "step_up_required"],
  }),
]);
