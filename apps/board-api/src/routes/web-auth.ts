// The web app's own JSON endpoints (@org/contracts' boardWebOperations: sign-up, sign-in, the
// session, sign-out, the signed-in user's passkeys, the OAuth consent page's request and decision)
// mounted like /api/v1: who may call each comes from its `security`, its input is parsed with its
// schemas, and each handler calls one service.
import { boardWebOperations, BOARD_WEB_PREFIX, type BoardWebSecurity, type User } from "@org/contracts";
import type { Db } from "@org/db";
import {
  defineImplementations,
  mountOperations,
  ServiceUnavailableError,
  UnauthenticatedError,
  type Mailer,
  type RateLimiter,
} from "@org/service-kit";
import type { RequestHandler, Response, Router } from "express";
import type { TenantClient } from "../auth-server/tenant-client.ts";
import { actorOf, webSessionAuth } from "../http/auth.ts";
import { assertSameOrigin, type WebConfig } from "../http/web.ts";
import { consentFor, decideConsent, type ConsentDeps } from "../oauth/consent.ts";
import { sendEmailVerification } from "../services/email-verification.ts";
import { recordStepUp } from "../services/step-up.ts";
import { getMe } from "../services/users.ts";
import {
  deleteMyPasskey,
  listMyPasskeys,
  myPasskeyUserToken,
  renameMyPasskey,
  signIn,
  signInToken,
} from "../services/web-auth.ts";
import {
  cancelSignup,
  completeSignup,
  currentSignup,
  signupUserToken,
  startSignup,
} from "../services/web-signup.ts";
import { endWebSession, resolveWebSession, type StartedWebSession } from "../services/web-sessions.ts";

interface WebAuthDeps {
  db: Db;
  /** Absent: no auth server is configured and nobody can sign in (503). */
  tenant: TenantClient | undefined;
  web: WebConfig;
  /** Per client IP, on everything that may call the auth server before sign-in. */
  limiter: RateLimiter;
  /** The JSON body parser, mounted after the limiter or the session check. */
  json: RequestHandler;
  /** Sends the new account its email verification link; absent: no mail. */
  mailer?: Mailer | undefined;
  publicUrl: string;
  /** The authorization server's URLs and client resolution (the consent page's operations). */
  oauth: Omit<ConsentDeps, "db">;
}

/**
 * What each `security` of a web operation asks of a request. The body is read after the rate limit
 * or the session check (a bogus cookie costs no parsing) and before the same-origin rule (a body
 * over the limit is refused unread, 413, wherever it comes from). A change with the session must
 * come from this app's pages too, besides carrying its CSRF token: allowing an app above all.
 */
function webGuards({ db, web, limiter, json }: WebAuthDeps): Record<BoardWebSecurity, RequestHandler[]> {
  const sameOrigin: RequestHandler = (req, _res, next) => {
    // A GET (an assertion-url's token, the consent page's request) changes nothing: only changes
    // need a page of this app.
    if (req.method !== "GET") assertSameOrigin(req, web.origin);
    next();
  };
  return {
    none: [],
    signIn: [limiter, json, sameOrigin],
    session: [webSessionAuth(db, web), json, sameOrigin],
  };
}

export function webAuthRouter(deps: WebAuthDeps): Router {
  const { db, tenant, web, mailer, publicUrl } = deps;
  const consent: ConsentDeps = { db, ...deps.oauth };
  const auth = (): TenantClient => {
    if (!tenant) {
      throw new ServiceUnavailableError("Sign-in is not configured: set AUTH_SERVER_URL and AUTH_API_KEY.");
    }
    return tenant;
  };
  const signedIn = (res: Response, started: { user: User; session: StartedWebSession }) => {
    web.cookie.set(res, started.session.token, started.session.expiresAt);
    return { user: started.user, csrf_token: started.session.csrfToken };
  };
  const verificationMail = mailer !== undefined;
  const signupToken = (cookie: string | undefined) => web.signupCookie.read(cookie);

  const implementations = defineImplementations(boardWebOperations)({
    get_session: async (_input, { req }) => {
      const secret = web.cookie.read(req.headers.cookie);
      const found = secret && (await resolveWebSession({ db, token: secret, lifetime: web.lifetime }));
      if (!found) return undefined;
      return { user: await getMe({ db, actor: found.actor }), csrf_token: found.csrfToken };
    },
    // Starting again in the same browser abandons its previous sign-up first (its handle is kept).
    start_signup: async ({ body }, { req, res }) => {
      const previousToken = signupToken(req.headers.cookie);
      const started = await startSignup({ db, tenant, input: body, previousToken });
      web.signupCookie.set(res, started.token, started.expiresAt);
      return { ...started.signup, verification_mail: verificationMail };
    },
    get_signup: async (_input, { req }) => {
      const signup = await currentSignup({ db, token: signupToken(req.headers.cookie) });
      return signup ? { ...signup, verification_mail: verificationMail } : undefined;
    },
    cancel_signup: async (_input, { req, res }) => {
      await cancelSignup({ db, tenant, token: signupToken(req.headers.cookie) });
      web.signupCookie.clear(res);
    },
    get_signup_token: (_input, { req }) =>
      signupUserToken({ db, tenant: auth(), token: signupToken(req.headers.cookie) }),
    complete_signup: async (_input, { req, res }) => {
      const token = signupToken(req.headers.cookie);
      const completed = await completeSignup({ db, tenant: auth(), token, lifetime: web.lifetime });
      web.signupCookie.clear(res);
      // The address is a label until verified: mail the link now (a failure is no failed sign-up;
      // Account offers to send it again).
      if (mailer) {
        const actor = { id: completed.user.id, email: completed.user.email, name: completed.user.name };
        void sendEmailVerification({ db, mailer, actor, publicUrl }).catch(() => undefined);
      }
      return signedIn(res, completed);
    },
    get_sign_in_token: () => signInToken({ tenant: auth() }),
    sign_in: async ({ body }, { res }) =>
      signedIn(
        res,
        await signIn({ db, tenant: auth(), challengeId: body.challengeId, lifetime: web.lifetime }),
      ),
    // Step-up: the session proves a passkey again (a login through <authkit-authenticate>, with the
    // token of get_sign_in_token) before an account security change (services/step-up.ts).
    step_up: ({ body }, { req }) => {
      if (!req.webSession) throw new UnauthenticatedError("Sign in first.");
      return recordStepUp({ db, tenant: auth(), session: req.webSession, challengeId: body.challengeId });
    },
    sign_out: async (_input, { req, res }) => {
      const token = web.cookie.read(req.headers.cookie);
      if (token) await endWebSession({ db, token });
      web.cookie.clear(res);
    },
    list_my_passkeys: (_input, { req }) => listMyPasskeys({ tenant: auth(), actor: actorOf(req) }),
    get_passkey_token: (_input, { req }) => myPasskeyUserToken({ tenant: auth(), actor: actorOf(req) }),
    rename_my_passkey: ({ params, body }, { req }) =>
      renameMyPasskey({ tenant: auth(), actor: actorOf(req), passkeyId: params.passkey_id, name: body.name }),
    delete_my_passkey: ({ params }, { req }) =>
      deleteMyPasskey({
        tenant: auth(),
        actor: actorOf(req),
        passkeyId: params.passkey_id,
        mailer,
        publicUrl,
      }),
    get_oauth_consent: ({ query }) => consentFor(consent, query),
    // The session guard admits the web app's session only: no app approves itself.
    decide_oauth_consent: ({ body }, { req }) => decideConsent(consent, actorOf(req), body),
  });

  const guards = webGuards(deps);
  return mountOperations({
    operations: boardWebOperations,
    implementations,
    prefix: BOARD_WEB_PREFIX,
    guard: (op) => op.security.flatMap((security) => guards[security]),
  });
}
