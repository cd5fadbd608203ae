// The signed-in user's own passkeys (a manage-scoped user token or the session cookie).
import { z } from "../../zod.ts";
import {
  AuthenticateFinishRequestSchema,
  AuthenticateStartResponseSchema,
  StepUpResponseSchema,
} from "../schemas/authentication.ts";
import { PasskeyIdParams, PasskeyInfoSchema, RenamePasskeyRequestSchema } from "../schemas/passkeys.ts";
import { defineAuthOperations } from "./spec.ts";

export const passkeyOperations = defineAuthOperations([
  {
    method: "get",
    path: "/auth/v1/passkeys",
    operationId: "listPasskeys",
    scope: "manage",
    summary:
      "The user's passkeys, oldest first: with a manage-scoped user token from the tenant's pages " +
      "(POST /api/v1/user-token with scope manage), or the session cookie from the auth server's own pages.",
    security: ["userToken", "cookie"],
    response: z.array(PasskeyInfoSchema),
    noStore: true,
    errors: ["unauthenticated", "token_expired", "configuration_error", "forbidden", "user_disabled"],
  },
  {
    method: "patch",
    path: "/auth/v1/passkeys/{passkey_id}",
    operationId: "renamePasskey",
    scope: "manage",
    summary: "Rename one of the user's passkeys (manage-scoped user token, or the session cookie).",
    security: ["userToken", "cookie"],
    params: PasskeyIdParams,
    body: RenamePasskeyRequestSchema,
    response: PasskeyInfoSchema,
    errors: ["unauthenticated", "token_expired", "configuration_error", "forbidden", "not_found"],
  },
  {
    method: "delete",
    path: "/auth/v1/passkeys/{passkey_id}",
    operationId: "deletePasskey",
    scope: "manage",
    summary:
      "Delete one of the user's passkeys (manage-scoped user token, or the session cookie). With a user token, " +
      "a step-up made with that token in the last 5 minutes is needed (step_up_required otherwise).",
    security: ["userToken", "cookie"],
    params: PasskeyIdParams,
    status: 204,
    errors: [
      "unauthenticated",
      "token_expired",
      "configuration_error",
      "forbidden",
      "not_found",
      "step_up_required",
    ],
  },
  {
    method: "post",
    path: "/auth/v1/step-up/start",
    operationId: "startStepUp",
    summary:
      "Start a step-up: WebAuthn request options (a login challenge of the tenant, 5 minutes), for the user of " +
      "the manage-scoped user token (or the session cookie).",
    security: ["userToken", "cookie"],
    response: AuthenticateStartResponseSchema,
    noStore: true,
    errors: ["unauthenticated", "token_expired", "configuration_error", "forbidden", "user_disabled"],
  },
  {
    method: "post",
    path: "/auth/v1/step-up/finish",
    operationId: "finishStepUp",
    summary:
      "Finish a step-up with one of the user's own passkeys (another account's: forbidden): the same token may " +
      "then delete passkeys for 5 minutes, on every instance. Audited as a login (via step_up), no session made.",
    security: ["userToken", "cookie"],
    body: AuthenticateFinishRequestSchema,
    response: StepUpResponseSchema,
    noStore: true,
    errors: [
      "unauthenticated",
      "token_expired",
      "configuration_error",
      "forbidden",
      "user_disabled",
      "verification_failed",
      "challenge_expired",
      "credential_not_found",
    ],
  },
]);
