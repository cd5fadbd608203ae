import type { AuthKit } from "../../core/authkit.ts";
import { toAuthKitError } from "../../core/errors.ts";
import type { LoginAnswer } from "../../core/types.ts";
import { createCredential } from "../../webauthn/ceremony.ts";

/** What `/auth/v1/signup/finish` answers: a login, of a user it created. */
export type SignupAnswer = LoginAnswer & { created?: true };

/**
 * Self-service sign-up (the tenant's `self_signup`): signup/start → navigator.credentials.create()
 * → signup/finish. The auth server creates the user and its passkey together, then signs in.
 */
export async function signUpWithPasskey(auth: AuthKit, identifier: string): Promise<SignupAnswer> {
  const start = await auth.request<{ challengeId: string; options: never }>({
    path: "/auth/v1/signup/start",
    body: { identifier },
  });
  const credential = await createCredential(start.options).catch((thrown: unknown) => {
    throw toAuthKitError(thrown);
  });
  return auth.request<SignupAnswer>({
    path: "/auth/v1/signup/finish",
    body: { challengeId: start.challengeId, credential },
  });
}
