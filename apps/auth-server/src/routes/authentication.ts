import {
  AuthenticateFinishRequestSchema,
  AuthenticateStartRequestSchema,
  PasswordLoginRequestSchema,
  SignupFinishRequestSchema,
  SignupStartRequestSchema,
} from "@org/contracts";
import { parseWith } from "@org/service-kit";
import type { ZodType } from "zod";
import type { AuthContext } from "../context.ts";
import { authOf, cookieStepUpSubject, requireSessionToken } from "../http/auth.ts";
import { noStore, sessionCookie, setSessionCookie } from "../http/cookies.ts";
import { authJsonBody } from "../http/json-body.ts";
import type { RateLimits } from "../http/rate-limits.ts";
import { finishAuthentication, startAuthentication } from "../services/authentication.ts";
import type { CompletedLogin } from "../services/logins.ts";
import { passwordLogin } from "../services/password.ts";
import { finishSignup, startSignup } from "../services/signup.ts";
import { recordStepUp } from "../services/step-up.ts";
import type { Tenant } from "../services/tenants.ts";
import type { OperationRoute, OperationRoutes } from "./operation-routes.ts";

/** What a login needs besides its input: the tenant, the cookie session it replaces, the IP. */
type Login<T> = (args: {
  ctx: AuthContext;
  tenant: Tenant;
  input: T;
  previousSessionToken?: string | undefined;
  ip?: string | undefined;
}) => Promise<CompletedLogin>;

/**
 * A login with the session token: its input parsed, the login run, the cookie session set. A
 * passkey login (`steppedUp`) is also the new cookie session's step-up: for 5 minutes it may add or
 * remove a passkey without asking again (step-up.ts); a password login is not.
 */
function loginHandler<T>(
  ctx: AuthContext,
  schema: ZodType<T>,
  login: Login<T>,
  steppedUp = false,
): OperationRoute["handle"] {
  return async (req, res) => {
    const { tenant } = authOf(req, "session");
    const input = parseWith(schema, req.body);
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
    noStore(res);
    res.json(completed.response);
  };
}

/** /auth/v1 logins with a session token: passkey (start/finish) and password. */
export function authenticationRoutes(ctx: AuthContext, limits: RateLimits): OperationRoutes {
  const session = requireSessionToken(ctx);
  return {
    /** The page's check of its token (expiry, origin, tenant) before a person clicks. */
    "get /auth/v1/session-token": {
      guard: [session],
      handle: (req, res) => {
        const { expiresAt, tenant } = authOf(req, "session");
        noStore(res);
        // The tenant's sign-in settings: what <authkit-login> offers besides a passkey.
        res.json({
          expiresAt: new Date(expiresAt).toISOString(),
          self_signup: tenant.selfSignup,
          password_login: tenant.passwordLogin,
        });
      },
    },

    "post /auth/v1/authenticate/start": {
      guard: [session],
      handle: async (req, res) => {
        const { tenant, page } = authOf(req, "session");
        const input = parseWith(AuthenticateStartRequestSchema, req.body ?? {});
        noStore(res);
        res.json(await startAuthentication({ ctx, tenant, input, page }));
      },
    },

    "post /auth/v1/authenticate/finish": {
      guard: [session],
      handle: loginHandler(ctx, AuthenticateFinishRequestSchema, finishAuthentication, true),
    },

    "post /auth/v1/password/login": {
      // The guessing limits count per account (the body's username), so they read the body.
      guard: [session, authJsonBody(ctx.env), ...limits.passwordGuesses],
      handle: loginHandler(ctx, PasswordLoginRequestSchema, passwordLogin),
    },

    "post /auth/v1/signup/start": {
      guard: [session],
      handle: async (req, res) => {
        const { tenant, page } = authOf(req, "session");
        const input = parseWith(SignupStartRequestSchema, req.body);
        noStore(res);
        res.json(await startSignup({ ctx, tenant, input, page }));
      },
    },

    // A sign-up's passkey was just made with user verification: the new session counts as stepped up.
    "post /auth/v1/signup/finish": {
      guard: [session],
      handle: loginHandler(ctx, SignupFinishRequestSchema, finishSignup, true),
    },
  };
}
