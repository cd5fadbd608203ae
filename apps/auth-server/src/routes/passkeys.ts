// /auth/v1 passkey management: a manage-scoped user token from the tenant's pages
// (`<authkit-passkeys>`), or the session cookie from this server's own pages; and the step-up
// (step-up.ts) a registration-only token may make too. A disabled user manages nothing (user_disabled).
import { authPublicOperationsByGroup } from "@org/contracts";
import { defineImplementations } from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import { authOf } from "../http/auth.ts";
import { deletePasskey, listPasskeys, renamePasskey } from "../services/passkeys.ts";
import { assertSteppedUp, finishStepUp, startStepUp } from "../services/step-up.ts";
import { activeUser } from "../services/users.ts";

export function passkeysImplementations(ctx: AuthContext) {
  return defineImplementations(authPublicOperationsByGroup.passkeys)({
    listPasskeys: async (_input, { req }) => {
      const { tenant, userId } = authOf(req, "user");
      await activeUser({ ctx, tenant, userId });
      return listPasskeys({ ctx, userId });
    },

    renamePasskey: async ({ params, body }, { req }) => {
      const { tenant, userId } = authOf(req, "user");
      await activeUser({ ctx, tenant, userId });
      return renamePasskey({ ctx, userId, passkeyId: params.passkey_id, name: body.name });
    },

    deletePasskey: async ({ params }, { req }) => {
      const { tenant, userId, stepUpSubject } = authOf(req, "user");
      await activeUser({ ctx, tenant, userId });
      // A passkey used in the last 5 minutes by this token or cookie session (step_up_required).
      await assertSteppedUp(ctx, stepUpSubject, userId);
      await deletePasskey({ ctx, tenantId: tenant.id, userId, passkeyId: params.passkey_id, ip: req.ip });
    },

    // Step-up: a passkey of this user, asserted now, counts for this token 5 minutes.
    startStepUp: async (_input, { req }) => {
      const { tenant, userId, page } = authOf(req, "user");
      await activeUser({ ctx, tenant, userId });
      return startStepUp({ ctx, tenant, page });
    },

    finishStepUp: async ({ body: input }, { req }) => {
      const { tenant, userId, stepUpSubject } = authOf(req, "user");
      await activeUser({ ctx, tenant, userId });
      return finishStepUp({ ctx, tenant, userId, subject: stepUpSubject, input, ip: req.ip });
    },
  });
}
