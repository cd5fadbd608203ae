import {
  AuthenticateFinishRequestSchema,
  AuthenticateStartRequestSchema,
  PasswordLoginRequestSchema,
} from "@org/contracts";
import { parseWith } from "@org/service-kit";
import type { Response } from "express";
import type { AuthContext } from "../context.ts";
import { authOf, requireSessionToken } from "../http/auth.ts";
import { noStore, sessionCookie, setSessionCookie } from "../http/cookies.ts";
import type { RateLimits } from "../http/rate-limits.ts";
import { finishAuthentication, startAuthentication } from "../services/authentication.ts";
import type { CompletedLogin } from "../services/logins.ts";
import { passwordLogin } from "../services/password.ts";
import type { OperationRoutes } from "./operation-routes.ts";

function sendLogin(ctx: AuthContext, res: Response, login: CompletedLogin) {
  if (login.session) setSessionCookie(ctx, res, login.session);
  noStore(res);
  res.json(login.response);
}

/** /auth/v1 logins with a session token: passkey (start/finish) and password. */
export function authenticationRoutes(ctx: AuthContext, limits: RateLimits): OperationRoutes {
  const session = requireSessionToken(ctx);

  /** The page's check of its token (expiry, origin, tenant) before a person clicks. */
  return {
    "get /auth/v1/session-token": {
      guard: [session],
      handle: (req, res) => {
        const { expiresAt } = authOf(req, "session");
        noStore(res);
        res.json({ expiresAt: new Date(expiresAt).toISOString() });
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
      handle: async (req, res) => {
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
      },
    },

    "post /auth/v1/password/login": {
      guard: [session, ...limits.passwordGuesses],
      handle: async (req, res) => {
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
      },
    },
  };
}
