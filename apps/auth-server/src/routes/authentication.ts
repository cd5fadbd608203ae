import {
  AuthenticateFinishRequestSchema,
  AuthenticateStartRequestSchema,
  PasswordLoginRequestSchema,
} from "@org/contracts";
import { parseWith } from "@org/service-kit";
import { Router, type Response } from "express";
import type { AuthContext } from "../context.ts";
import { authOf, requireSessionToken } from "../http/auth.ts";
import { noStore, sessionCookie, setSessionCookie } from "../http/cookies.ts";
import type { RateLimits } from "../http/rate-limits.ts";
import { finishAuthentication, startAuthentication } from "../services/authentication.ts";
import type { CompletedLogin } from "../services/logins.ts";
import { passwordLogin } from "../services/password.ts";

function sendLogin(ctx: AuthContext, res: Response, login: CompletedLogin) {
  if (login.session) setSessionCookie(ctx, res, login.session);
  noStore(res);
  res.json(login.response);
}

/** /auth/v1 logins with a session token: passkey (start/finish) and password. */
export function authenticationRouter(ctx: AuthContext, limits: RateLimits): Router {
  const router = Router();
  const session = requireSessionToken(ctx);

  /** The page's check of its token (expiry, origin, tenant) before a person clicks. */
  router.get("/session-token", session, (req, res) => {
    const { expiresAt } = authOf(req, "session");
    noStore(res);
    res.json({ expiresAt: new Date(expiresAt).toISOString() });
  });

  router.post("/authenticate/start", session, async (req, res) => {
    const { tenant, page } = authOf(req, "session");
    const input = parseWith(AuthenticateStartRequestSchema, req.body ?? {});
    noStore(res);
    res.json(await startAuthentication({ ctx, tenant, input, page }));
  });

  router.post("/authenticate/finish", session, async (req, res) => {
    const { tenant } = authOf(req, "session");
    const input = parseWith(AuthenticateFinishRequestSchema, req.body);
    const login = await finishAuthentication({
      ctx,
      tenant,
      input,
      previousSessionToken: sessionCookie(ctx, req),
      ip: req.ip,
    });
    sendLogin(ctx, res, login);
  });

  router.post("/password/login", session, ...limits.passwordGuesses, async (req, res) => {
    const { tenant } = authOf(req, "session");
    const input = parseWith(PasswordLoginRequestSchema, req.body);
    const login = await passwordLogin({
      ctx,
      tenant,
      input,
      previousSessionToken: sessionCookie(ctx, req),
      ip: req.ip,
    });
    sendLogin(ctx, res, login);
  });
  return router;
}
