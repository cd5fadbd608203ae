import type { AuthKit } from "../../core/authkit.ts";
import { toAuthKitError } from "../../core/errors.ts";
import type {
  LoginAnswer,
  LoginResult,
  SignupFinishBody,
  SignupStartAnswer,
  SignupStartBody,
} from "../../core/types.ts";
import { createCredential } from "../../webauthn/ceremony.ts";

/**
 * Self-service sign-up (the tenant's `self_signup`): signup/start → navigator.credentials.create()
 * → signup/finish. The auth server creates the user and its passkey together, then signs in.
 */
export async function signUpWithPasskey(
  auth: AuthKit,
  identifier: string,
): Promise<LoginResult & { created?: true }> {
  const start = await auth.request<SignupStartAnswer>({
    path: "/auth/v1/signup/start",
    body: { identifier } satisfies SignupStartBody,
  });
  const credential = await createCredential(start.options).catch((thrown: unknown) => {
    throw toAuthKitError(thrown);
  });
  // A login of the user it created (`created: true`), as its result.
  const { success: _success, ...login } = await auth.request<LoginAnswer>({
    path: "/auth/v1/signup/finish",
    body: { challengeId: start.challengeId, credential } satisfies SignupFinishBody,
  });
  return login;
}
