// The dashboard's session (sign-in, sign-out, its CSRF token) and the invite link's user token.
import { adminSessionOperations, keyByOperationId } from "@org/contracts";
import { defineImplementations } from "@org/service-kit";
import type { AuthContext } from "../../context.ts";
import {
  adminOf,
  clearAdminCookie,
  inviteClaimOf,
  setAdminCookie,
  setInviteClaimCookie,
} from "../../http/admin-session.ts";
import { endAdminSession, startAdminSession } from "../../services/admin-sessions.ts";
import { inviteUserToken } from "../../services/admins.ts";

export const sessionImplementations = (ctx: AuthContext) =>
  defineImplementations(keyByOperationId(adminSessionOperations))({
    adminSignIn: async ({ body }, { req, res }) => {
      const { token, expiresAt, admin } = await startAdminSession({
        ctx,
        challengeId: body.challengeId,
        ip: req.ip,
      });
      setAdminCookie(ctx, res, { token, expiresAt });
      return { admin };
    },
    // The guard loaded the session if it is live: revoked server-side; the cookie is cleared anyway.
    adminLogout: async (_input, { req, res }) => {
      if (req.adminSession) await endAdminSession({ ctx, session: req.adminSession, ip: req.ip });
      clearAdminCookie(ctx, res);
    },
    getInviteUserToken: async ({ query }, { req, res }) => {
      const { userToken, claim } = await inviteUserToken({
        ctx,
        code: query.code,
        claimToken: inviteClaimOf(ctx, req),
        ip: req.ip,
      });
      if (claim) setInviteClaimCookie(ctx, res, claim);
      return { userToken };
    },
    getCsrfToken: (_input, { req }) => ({ token: adminOf(req).csrfToken }),
  });
