import { RegisterFinishRequestSchema, RegisterStartRequestSchema } from "@org/contracts";
import { parseWith } from "@org/service-kit";
import { Router } from "express";
import type { AuthContext } from "../context.ts";
import { authOf, requireRegistrant } from "../http/auth.ts";
import { noStore } from "../http/cookies.ts";
import { assertInvitePasskeyAllowed } from "../services/admins.ts";
import { finishRegistration, startRegistration } from "../services/registration.ts";

/** /auth/v1/register: a user token (cross-origin) or the user's session cookie (same origin). */
export function registrationRouter(ctx: AuthContext): Router {
  const router = Router();
  router.use(requireRegistrant(ctx));

  router.post("/start", async (req, res) => {
    const { tenant, userId, page } = authOf(req, "user");
    const input = parseWith(RegisterStartRequestSchema, req.body ?? {});
    noStore(res);
    res.json(await startRegistration({ ctx, tenant, userId, input, page }));
  });

  router.post("/finish", async (req, res) => {
    const { tenant, userId, adminInviteId } = authOf(req, "user");
    const input = parseWith(RegisterFinishRequestSchema, req.body);
    res.json(
      await finishRegistration({
        ctx,
        tenant,
        userId,
        input,
        ip: req.ip,
        // An administrator's invite link makes their first passkey, and nothing more.
        ...(adminInviteId
          ? {
              createdVia: "invite" as const,
              beforeStore: (tx) => assertInvitePasskeyAllowed(tx, { inviteId: adminInviteId, userId }),
            }
          : {}),
      }),
    );
  });
  return router;
}
