import { AdminSessionRequestSchema, InviteCodeQuery } from "@org/contracts";
import { parseWith, sendPage } from "@org/service-kit";
import { Router } from "express";
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
import { dashboardPage, inviteExpiredPage, invitePage, signInPage } from "../pages/admin.ts";
import { adminSignInToken, endAdminSession, startAdminSession } from "../services/admin-sessions.ts";
import { inviteUserToken, openInvite } from "../services/admins.ts";

/**
 * The admin dashboard's pages and session: `GET /` (passkey sign-in), `POST /admin/session`,
 * `POST /admin/logout`, `GET /admin`, and the invite link (`GET /admin/invite`).
 */
export function adminPagesRouter(ctx: AuthContext): Router {
  const router = Router();
  const apiBaseUrl = new URL(ctx.env.PUBLIC_URL).origin;

  router.get("/", async (_req, res) => {
    // A session token for the sign-in component, minted for each view (as a tenant's backend would).
    sendPage(res, signInPage({ apiBaseUrl, sessionToken: await adminSignInToken(ctx) }));
  });

  router.post("/admin/session", async (req, res) => {
    const { challengeId } = parseWith(AdminSessionRequestSchema, req.body);
    const { token, expiresAt, admin } = await startAdminSession({ ctx, challengeId, ip: req.ip });
    setAdminCookie(ctx, res, { token, expiresAt });
    noStore(res);
    res.json({ admin });
  });

  /** Revokes the session server-side and clears the cookie; without a live session, just clears it. */
  router.post("/admin/logout", async (req, res) => {
    const session = await adminSessionOf(ctx, req);
    if (session) {
      assertCsrf(session, req);
      await endAdminSession({ ctx, session, ip: req.ip });
    }
    clearAdminCookie(ctx, res);
    res.status(204).end();
  });

  router.get("/admin", async (req, res) => {
    const session = await adminSessionOf(ctx, req);
    if (!session) return res.redirect(303, "/");
    sendPage(res, dashboardPage({ admin: session.admin }));
  });

  router.get("/admin/invite", async (req, res) => {
    const { code } = parseWith(InviteCodeQuery, req.query);
    const invitee = await openInvite({ ctx, code, claimToken: inviteClaimOf(ctx, req) });
    if (!invitee) return sendPage(res, inviteExpiredPage(), { status: 410 });
    sendPage(res, invitePage({ apiBaseUrl, code, invitee }));
  });

  router.get("/admin/invite/user-token", async (req, res) => {
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
  });

  return router;
}
