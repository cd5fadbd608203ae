// The signed-in user's own passkeys (a manage-scoped user token or the session cookie).
import { z } from "../../zod.ts";
import { PasskeyIdParams, PasskeyInfoSchema, RenamePasskeyRequestSchema } from "../schemas/passkeys.ts";
import { defineAuthOperations } from "./spec.ts";

export const passkeyOperations = defineAuthOperations([
  {
    method: "get",
    path: "/auth/v1/passkeys",
    summary:
      "The user's passkeys, oldest first: with a manage-scoped user token from the tenant's pages " +
      "(POST /api/v1/user-token with scope manage), or the session cookie from the auth server's own pages.",
    security: ["userToken", "cookie"],
    response: z.array(PasskeyInfoSchema),
    errors: ["unauthenticated", "token_expired", "configuration_error", "forbidden", "user_disabled"],
  },
  {
    method: "patch",
    path: "/auth/v1/passkeys/{passkey_id}",
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
    summary: "Delete one of the user's passkeys (manage-scoped user token, or the session cookie).",
    security: ["userToken", "cookie"],
    params: PasskeyIdParams,
    status: 204,
    errors: ["unauthenticated", "token_expired", "configuration_error", "forbidden", "not_found"],
  },
]);
