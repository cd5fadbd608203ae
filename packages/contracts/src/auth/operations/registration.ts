// Creating a passkey with a user token or the session cookie.
import {
  RegisterFinishRequestSchema,
  RegisterFinishResponseSchema,
  RegisterStartRequestSchema,
  RegisterStartResponseSchema,
} from "../schemas/registration.ts";
import { defineAuthOperations } from "./spec.ts";

export const registrationOperations = defineAuthOperations([
  {
    method: "post",
    path: "/auth/v1/register/start",
    operationId: "startRegistration",
    summary:
      "Start passkey registration for the token's (or the session's) user. The cookie counts only " +
      "from the auth server's own pages (another Origin: forbidden).",
    security: ["userToken", "cookie"],
    // Every field is optional: a request without a body is an empty one.
    body: RegisterStartRequestSchema.default({}),
    response: RegisterStartResponseSchema,
    noStore: true,
    errors: [
      "unauthenticated",
      "token_expired",
      "configuration_error",
      "forbidden",
      "tenant_disabled",
      "user_disabled",
    ],
  },
  {
    method: "post",
    path: "/auth/v1/register/finish",
    operationId: "finishRegistration",
    summary:
      "Verify the attestation and store the passkey. Input is checked before the challenge is spent " +
      "(a refused request can be corrected and sent again); any failure stores nothing, and a verified " +
      "passkey that cannot be saved answers server_error saying so.",
    security: ["userToken", "cookie"],
    body: RegisterFinishRequestSchema,
    response: RegisterFinishResponseSchema,
    errors: [
      "unauthenticated",
      "token_expired",
      "configuration_error",
      "forbidden",
      "conflict",
      "tenant_disabled",
      "user_disabled",
      "verification_failed",
      "challenge_expired",
    ],
  },
]);
