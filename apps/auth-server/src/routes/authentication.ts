// /auth/v1 logins with a session token: passkey (start/finish), password and sign-up; the page's
// check of its token; signing out.
import { authPublicOperationsByGroup } from "@org/contracts";
import { defineImplementations, type HttpCall } from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import { authOf, cookieStepUpSubject } from "../http/auth.ts";
import { clearSessionCookie, sessionCookie, setSessionCookie } from "../http/cookies.ts";
import { assertOwnOrigin } from "../http/cors.ts";
import { finishAuthentication, startAuthentication } from "../services/authentication.ts";
import type { CompletedLogin } from "../services/logins.ts";
import { passwordLogin } from "../services/password.ts";
import { revokeSession } from "../services/sessions.ts";
import { finishSignup, startSignup } from "../services/signup.ts";
import { recordStepUp } from "../services/step-up.ts";
import type { Tenant } from "../services/tenants.ts";

const { authentication, signup } = authPublicOperationsByGroup;

/** What a login needs besides its input: the tenant, the cookie session it replaces, the IP. */
type Login<T> = (args: {
  ctx: AuthContext;
  tenant: Tenant;
  input: T;
  previousSessionToken?: string | undefined;
  ip?: string | undefined;
}) => Promise<CompletedLogin>;

/**
 * A login with the session token: the login run, the cookie session set. A passkey login
 * (`steppedUp`) is also the new cookie session's step-up: for 5 minutes it may add or remove a
 * passkey without asking again (step-up.ts); a password login is not.
 */
function loginWith<T>(ctx: AuthContext, login: Login<T>, steppedUp = false) {
  return async ({ body: input }: { body: T }, { req, res }: HttpCall) => {
    const { tenant } = authOf(req, "session");
    const completed = await login({
      ctx,
      tenant,
      input,
      previousSessionToken: sessionCookie(ctx, req),
      ip: req.ip,
    });
    if (completed.session) {
      if (steppedUp) {
        await recordStepUp(ctx, cookieStepUpSubject(completed.session.token), completed.response.user.id);
      }
      setSessionCookie(ctx, res, completed.session);
    }
    return completed.response;
  };
}

export function authenticationImplementations(ctx: AuthContext) {
  return defineImplementations({ ...authentication, ...signup })({
    /** The page's check of its token (expiry, origin, tenant) before a person clicks. */
    getSessionToken: (_input, { req }) => {
      const { expiresAt, tenant } = authOf(req, "session");
      // The tenant's sign-in settings: what <authkit-login> offers besides a passkey.
      return {
        expiresAt: new Date(expiresAt).toISOString(),
        self_signup: tenant.selfSignup,
        password_login: tenant.passwordLogin,
      };
    },

    startAuthentication: ({ body: input }, { req }) => {
      const { tenant, page } = authOf(req, "session");
      return startAuthentication({ ctx, tenant, input, page });
    },

    finishAuthentication: loginWith(ctx, finishAuthentication, true),

    passwordLogin: loginWith(ctx, passwordLogin),

    startSignup: ({ body: input }, { req }) => {
      const { tenant, page } = authOf(req, "session");
      return startSignup({ ctx, tenant, input, page });
    },

    // A sign-up's passkey was just made with user verification: the new session counts as stepped up.
    finishSignup: loginWith(ctx, finishSignup, true),

    /** Revokes the session server-side and clears the cookie; idempotent. */
    logout: async (_input, { req, res }) => {
      const token = sessionCookie(ctx, req);
      if (token) {
        assertOwnOrigin(ctx, req);
        await revokeSession({ ctx, token });
      }
      clearSessionCookie(ctx, res);
    },
  });
}
