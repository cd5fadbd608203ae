import { RegisterFinishRequestSchema, RegisterStartRequestSchema } from "@org/contracts";
import { parseWith } from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import { authOf } from "../http/auth.ts";
import { noStore } from "../http/cookies.ts";
import { assertInvitePasskeyAllowed } from "../services/admins.ts";
import { finishRegistration, startRegistration } from "../services/registration.ts";
import { assertMayAddPasskey } from "../services/step-up.ts";
import type { OperationRoutes } from "./operation-routes.ts";

/**
 * /auth/v1/register: a user token (cross-origin) or the user's session cookie (same origin), which
 * app.ts checks for every path under the prefix (an unknown one included).
 */
export function registrationRoutes(ctx: AuthContext): OperationRoutes {
  return {
    "post /auth/v1/register/start": {
      handle: async (req, res) => {
        const auth = authOf(req, "user");
        const { tenant, userId, page, adminInviteId, rpName } = auth;
        // A second passkey needs a step-up by this token or cookie (step_up_required): checked
        // before the passkey dialog opens, and again at finish.
        await assertMayAddPasskey(ctx, auth);
        // Said before the passkey dialog opens (finish checks again, with the row locked).
        if (adminInviteId) {
          await ctx.db.$transaction((tx) =>
            assertInvitePasskeyAllowed(tx, { inviteId: adminInviteId, userId }),
          );
        }
        const input = parseWith(RegisterStartRequestSchema, req.body ?? {});
        noStore(res);
        res.json(await startRegistration({ ctx, tenant, userId, input, page, rpName }));
      },
    },

    "post /auth/v1/register/finish": {
      handle: async (req, res) => {
        const auth = authOf(req, "user");
        const { tenant, userId, adminInviteId } = auth;
        const input = parseWith(RegisterFinishRequestSchema, req.body);
        await assertMayAddPasskey(ctx, auth);
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
      },
    },
  };
}
