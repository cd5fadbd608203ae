// Self-service sign-up with a session token (tenant setting `self_signup`).
import { LoginSuccessSchema } from "../schemas/authentication.ts";
import {
  SignupFinishRequestSchema,
  SignupStartRequestSchema,
  SignupStartResponseSchema,
} from "../schemas/signup.ts";
import { defineAuthOperations } from "./spec.ts";

export const signupOperations = defineAuthOperations([
  {
    method: "post",
    path: "/auth/v1/signup/start",
    operationId: "startSignup",
    summary:
      "Start creating an account with a passkey: WebAuthn creation options for a user that does not exist " +
      "yet. Forbidden unless the tenant's self_signup is on; an identifier another user has is conflict.",
    security: ["sessionToken"],
    body: SignupStartRequestSchema,
    response: SignupStartResponseSchema,
    noStore: true,
    errors: [
      "forbidden",
      "conflict",
      "unauthenticated",
      "token_expired",
      "configuration_error",
      "tenant_disabled",
    ],
  },
  {
    method: "post",
    path: "/auth/v1/signup/finish",
    operationId: "finishSignup",
    summary:
      "Verify the attestation, then create the user and store its passkey in one transaction, and sign in: " +
      "the login result (and verify-auth's) says `created: true`; sets the session cookie.",
    security: ["sessionToken"],
    body: SignupFinishRequestSchema,
    response: LoginSuccessSchema,
    noStore: true,
    errors: [
      "forbidden",
      "conflict",
      "unauthenticated",
      "token_expired",
      "configuration_error",
      "tenant_disabled",
      "verification_failed",
      "challenge_expired",
    ],
  },
]);
