import { PasskeyIdParams } from "@org/contracts";
import { parseWith } from "@org/service-kit";
import { Router } from "express";
import type { AuthContext } from "../context.ts";
import { authOf, requireCookieSession } from "../http/auth.ts";
import { assertOwnOrigin } from "../http/cors.ts";
import { clearSessionCookie, sessionCookie } from "../http/cookies.ts";
import { deletePasskey, listPasskeys } from "../services/passkeys.ts";
import { revokeSession } from "../services/sessions.ts";

/** /auth/v1 management with the same-origin session cookie. */
export function passkeysRouter(ctx: AuthContext): Router {
  const router = Router();

  router.get("/passkeys", requireCookieSession(ctx), async (req, res) => {
    const { userId } = authOf(req, "user");
    res.setHeader("Cache-Control", "no-store");
    res.json(await listPasskeys({ ctx, userId }));
  });

  router.delete("/passkeys/:id", requireCookieSession(ctx), async (req, res) => {
    const { tenant, userId } = authOf(req, "user");
    const { id } = parseWith(PasskeyIdParams, req.params);
    await deletePasskey({ ctx, tenantId: tenant.id, userId, passkeyId: id, ip: req.ip });
    res.status(204).end();
  });

  /** Revokes the session server-side and clears the cookie; idempotent. */
  router.post("/logout", async (req, res) => {
    const token = sessionCookie(ctx, req);
    if (token) {
      assertOwnOrigin(ctx, req);
      await revokeSession({ ctx, token });
    }
    clearSessionCookie(ctx, res);
    res.status(204).end();
  });
  return router;
}
