// /auth/v1/register: a user token (cross-origin) or the user's session cookie (same origin).
import { authPublicOperationsByGroup } from "@org/contracts";
import { defineImplementations } from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import { authOf } from "../http/auth.ts";
import { assertInvitePasskeyAllowed } from "../services/admins.ts";
import { finishRegistration, startRegistration } from "../services/registration.ts";
import { assertMayAddPasskey } from "../services/step-up.ts";

export function registrationImplementations(ctx: AuthContext) {
  return defineImplementations(authPublicOperationsByGroup.registration)({
    startRegistration: async ({ body: input }, { req }) => {
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
      return startRegistration({ ctx, tenant, userId, input, page, rpName });
    },

    finishRegistration: async ({ body: input }, { req }) => {
      const auth = authOf(req, "user");
      const { tenant, userId, adminInviteId } = auth;
      await assertMayAddPasskey(ctx, auth);
      return finishRegistration({
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
      });
    },
  });
}
