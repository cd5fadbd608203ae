// The web app's own JSON endpoints: sign-up, sign-in, the session, sign-out, and the signed-in
// user's passkeys. Routes → shared schema → one service function, like /api/v1.
import {
  PasskeyIdParams,
  RenamePasskeyRequestSchema,
  SignInRequestSchema,
  SignupRequestSchema,
} from "@org/contracts";
import type { Db } from "@org/db";
import {
  parseWith,
  ServiceUnavailableError,
  UnauthenticatedError,
  type Mailer,
  type RateLimiter,
} from "@org/service-kit";
import { Router, type RequestHandler, type Response } from "express";
import type { TenantClient } from "../auth-server/tenant-client.ts";
import { actorOf, webSessionAuth } from "../http/auth.ts";
import { assertSameOrigin, type WebConfig } from "../http/web.ts";
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

const noStore = (res: Response) => res.setHeader("Cache-Control", "no-store");

export function webAuthRouter({
  db,
  tenant,
  web,
  limiter,
  json,
  mailer,
  publicUrl,
}: {
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
}): Router {
  const router = Router();
  const auth = (): TenantClient => {
    if (!tenant) {
      throw new ServiceUnavailableError("Sign-in is not configured: set AUTH_SERVER_URL and AUTH_API_KEY.");
    }
    return tenant;
  };
  const session = [webSessionAuth(db, web), json];
  const signedIn = (res: Response, started: { user: unknown; session: StartedWebSession }, status = 200) => {
    web.cookie.set(res, started.session.token, started.session.expiresAt);
    noStore(res);
    res.status(status).json({ user: started.user, csrf_token: started.session.csrfToken });
  };

  // Signed out is an answer here, not an error: 204, so the page's first probe logs nothing.
  router.get("/app/auth/session", async (req, res) => {
    noStore(res);
    const secret = web.cookie.read(req.headers.cookie);
    const found = secret && (await resolveWebSession({ db, token: secret, lifetime: web.lifetime }));
    if (!found) return void res.status(204).end();
    res.json({ user: await getMe({ db, actor: found.actor }), csrf_token: found.csrfToken });
  });

  // Starting again in the same browser abandons its previous sign-up first (its handle is kept).
  router.post("/app/auth/signup", limiter, json, async (req, res) => {
    assertSameOrigin(req, web.origin);
    const started = await startSignup({
      db,
      tenant,
      input: parseWith(SignupRequestSchema, req.body),
      previousToken: web.signupCookie.read(req.headers.cookie),
    });
    web.signupCookie.set(res, started.token, started.expiresAt);
    noStore(res);
    res.status(201).json({ ...started.signup, verification_mail: mailer !== undefined });
  });

  // This browser's sign-up in progress (the passkey step, reloaded): 204 when there is none.
  router.get("/app/auth/signup", async (req, res) => {
    noStore(res);
    const signup = await currentSignup({ db, token: web.signupCookie.read(req.headers.cookie) });
    if (!signup) return void res.status(204).end();
    res.json({ ...signup, verification_mail: mailer !== undefined });
  });

  // Back from the passkey step: the sign-up holds nothing any more (handle, auth server user).
  router.delete("/app/auth/signup", limiter, async (req, res) => {
    assertSameOrigin(req, web.origin);
    await cancelSignup({ db, tenant, token: web.signupCookie.read(req.headers.cookie) });
    web.signupCookie.clear(res);
    res.status(204).end();
  });

  // The assertion-url of <authkit-register>: fetched with GET and this browser's sign-up cookie.
  router.get("/app/auth/signup/token", limiter, async (req, res) => {
    noStore(res);
    res.json(await signupUserToken({ db, tenant: auth(), token: web.signupCookie.read(req.headers.cookie) }));
  });

  router.post("/app/auth/signup/complete", limiter, json, async (req, res) => {
    assertSameOrigin(req, web.origin);
    const token = web.signupCookie.read(req.headers.cookie);
    const completed = await completeSignup({ db, tenant: auth(), token, lifetime: web.lifetime });
    web.signupCookie.clear(res);
    signedIn(res, completed, 201);
    // The address is a label until verified: mail the link now (a failure is no failed sign-up;
    // Account offers to send it again).
    if (mailer) {
      const actor = { id: completed.user.id, email: completed.user.email, name: completed.user.name };
      void sendEmailVerification({ db, mailer, actor, publicUrl }).catch(() => undefined);
    }
  });

  router.get("/app/auth/signin/token", limiter, async (_req, res) => {
    noStore(res);
    res.json(await signInToken({ tenant: auth() }));
  });

  router.post("/app/auth/signin", limiter, json, async (req, res) => {
    assertSameOrigin(req, web.origin);
    const { challengeId } = parseWith(SignInRequestSchema, req.body);
    signedIn(res, await signIn({ db, tenant: auth(), challengeId, lifetime: web.lifetime }));
  });

  // Step-up: the session proves a passkey again (a login through <authkit-authenticate>, with the
  // token of GET /app/auth/signin/token) before an account security change (services/step-up.ts).
  router.post("/app/auth/step-up", ...session, async (req, res) => {
    const { challengeId } = parseWith(SignInRequestSchema, req.body);
    noStore(res);
    const webSession = req.webSession;
    if (!webSession) throw new UnauthenticatedError("Sign in first.");
    res.json(await recordStepUp({ db, tenant: auth(), session: webSession, challengeId }));
  });

  router.post("/app/auth/signout", ...session, async (req, res) => {
    const token = web.cookie.read(req.headers.cookie);
    if (token) await endWebSession({ db, token });
    web.cookie.clear(res);
    res.status(204).end();
  });

  router.get("/app/account/passkeys", ...session, async (req, res) => {
    noStore(res);
    res.json(await listMyPasskeys({ tenant: auth(), actor: actorOf(req) }));
  });

  // The assertion-url of "Add a passkey".
  router.get("/app/account/passkeys/token", ...session, async (req, res) => {
    noStore(res);
    res.json(await myPasskeyUserToken({ tenant: auth(), actor: actorOf(req) }));
  });

  router.patch("/app/account/passkeys/:passkey_id", ...session, async (req, res) => {
    const { passkey_id } = parseWith(PasskeyIdParams, req.params);
    const { name } = parseWith(RenamePasskeyRequestSchema, req.body);
    noStore(res);
    res.json(await renameMyPasskey({ tenant: auth(), actor: actorOf(req), passkeyId: passkey_id, name }));
  });

  router.delete("/app/account/passkeys/:passkey_id", ...session, async (req, res) => {
    const { passkey_id } = parseWith(PasskeyIdParams, req.params);
    await deleteMyPasskey({ tenant: auth(), actor: actorOf(req), passkeyId: passkey_id, mailer, publicUrl });
    res.status(204).end();
  });
  return router;
}
