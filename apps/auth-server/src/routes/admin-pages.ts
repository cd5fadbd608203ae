import { InviteCodeQuery } from "@org/contracts";
import { parseWith, sendPage } from "@org/service-kit";
import { Router } from "express";
import type { AuthContext } from "../context.ts";
import { adminSessionOf, inviteClaimOf } from "../http/admin-session.ts";
import { dashboardPage, inviteExpiredPage, invitePage, signInPage } from "../pages/admin.ts";
import { pageText } from "../pages/i18n/index.ts";
import { adminSignInToken } from "../services/admin-sessions.ts";
import { openInvite } from "../services/admins.ts";

/**
 * The admin dashboard's pages: `GET /` (passkey sign-in), `GET /admin`, and the invite link
 * (`GET /admin/invite`). Its session and the invite's user token are operations (admin-session.ts).
 */
export function adminPagesRouter(ctx: AuthContext): Router {
  const router = Router();
  const apiBaseUrl = new URL(ctx.env.PUBLIC_URL).origin;

  router.get("/", async (req, res) => {
    // A session token for the sign-in component, minted for each view (as a tenant's backend would).
    res.setHeader("Vary", "Accept-Language");
    sendPage(res, signInPage({ apiBaseUrl, sessionToken: await adminSignInToken(ctx), text: pageText(req) }));
  });

  router.get("/admin", async (req, res) => {
    const session = await adminSessionOf(ctx, req);
    if (!session) return res.redirect(303, "/");
    res.setHeader("Vary", "Accept-Language");
    sendPage(res, dashboardPage({ admin: session.admin, text: pageText(req) }));
  });

  router.get("/admin/invite", async (req, res) => {
    const { code } = parseWith(InviteCodeQuery, req.query);
    const invitee = await openInvite({ ctx, code, claimToken: inviteClaimOf(ctx, req) });
    res.setHeader("Vary", "Accept-Language");
    if (!invitee) return sendPage(res, inviteExpiredPage(pageText(req)), { status: 410 });
    sendPage(res, invitePage({ apiBaseUrl, code, invitee, text: pageText(req) }));
  });

  return router;
}
