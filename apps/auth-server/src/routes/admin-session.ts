import { AdminSessionRequestSchema, InviteCodeQuery } from "@org/contracts";
import { parseWith } from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import {
  adminSessionOf,
  assertCsrf,
  clearAdminCookie,
  inviteClaimOf,
  setAdminCookie,
  setInviteClaimCookie,
} from "../http/admin-session.ts";
import { noStore } from "../http/cookies.ts";
import { endAdminSession, startAdminSession } from "../services/admin-sessions.ts";
import { inviteUserToken } from "../services/admins.ts";
import type { OperationRoutes } from "./operation-routes.ts";

/** The dashboard's session (`POST /admin/session`, `POST /admin/logout`) and the invite's user token. */
export function adminSessionRoutes(ctx: AuthContext): OperationRoutes {
  return {
    "post /admin/session": {
      handle: async (req, res) => {
        const { challengeId } = parseWith(AdminSessionRequestSchema, req.body);
        const { token, expiresAt, admin } = await startAdminSession({ ctx, challengeId, ip: req.ip });
        setAdminCookie(ctx, res, { token, expiresAt });
        noStore(res);
        res.json({ admin });
      },
    },

    /** Revokes the session server-side and clears the cookie; without a live session, just clears it. */
    "post /admin/logout": {
      handle: async (req, res) => {
        const session = await adminSessionOf(ctx, req);
        if (session) {
          assertCsrf(session, req);
          await endAdminSession({ ctx, session, ip: req.ip });
        }
        clearAdminCookie(ctx, res);
        res.status(204).end();
      },
    },

    /** The invite page's assertion-url. */
    "get /admin/invite/user-token": {
      handle: async (req, res) => {
        const { code } = parseWith(InviteCodeQuery, req.query);
        const { userToken, claim } = await inviteUserToken({
          ctx,
          code,
          claimToken: inviteClaimOf(ctx, req),
          ip: req.ip,
        });
        if (claim) setInviteClaimCookie(ctx, res, claim);
        noStore(res);
        res.json({ userToken });
      },
    },
  };
}
