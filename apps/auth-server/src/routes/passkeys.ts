import { AuthenticateFinishRequestSchema, PasskeyIdParams, RenamePasskeyRequestSchema } from "@org/contracts";
import { parseWith } from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import { authOf, requireManager, requireRegistrant } from "../http/auth.ts";
import { assertOwnOrigin } from "../http/cors.ts";
import { clearSessionCookie, sessionCookie } from "../http/cookies.ts";
import { deletePasskey, listPasskeys, renamePasskey } from "../services/passkeys.ts";
import { activeUser } from "../services/users.ts";
import { revokeSession } from "../services/sessions.ts";
import { assertSteppedUp, finishStepUp, startStepUp } from "../services/step-up.ts";
import type { OperationRoutes } from "./operation-routes.ts";

/**
 * /auth/v1 passkey management: a manage-scoped user token from the tenant's pages
 * (`<authkit-passkeys>`), or the session cookie from this server's own pages. A disabled user
 * manages nothing (user_disabled).
 */
export function passkeysRoutes(ctx: AuthContext): OperationRoutes {
  const manager = requireManager(ctx);
  // A step-up grants nothing by itself: a registration-only token may make one before adding a passkey.
  const registrant = requireRegistrant(ctx);

  return {
    "get /auth/v1/passkeys": {
      guard: [manager],
      handle: async (req, res) => {
        const { tenant, userId } = authOf(req, "user");
        await activeUser({ ctx, tenant, userId });
        res.setHeader("Cache-Control", "no-store");
        res.json(await listPasskeys({ ctx, userId }));
      },
    },

    "patch /auth/v1/passkeys/{passkey_id}": {
      guard: [manager],
      handle: async (req, res) => {
        const { tenant, userId } = authOf(req, "user");
        const { passkey_id } = parseWith(PasskeyIdParams, req.params);
        const { name } = parseWith(RenamePasskeyRequestSchema, req.body);
        await activeUser({ ctx, tenant, userId });
        res.json(await renamePasskey({ ctx, userId, passkeyId: passkey_id, name }));
      },
    },

    // Step-up (step-up.ts): a passkey of this user, asserted now, counts for this token 5 minutes.
    "post /auth/v1/step-up/start": {
      guard: [registrant],
      handle: async (req, res) => {
        const { tenant, userId, page } = authOf(req, "user");
        await activeUser({ ctx, tenant, userId });
        res.setHeader("Cache-Control", "no-store");
        res.json(await startStepUp({ ctx, tenant, page }));
      },
    },

    "post /auth/v1/step-up/finish": {
      guard: [registrant],
      handle: async (req, res) => {
        const { tenant, userId, stepUpSubject } = authOf(req, "user");
        const input = parseWith(AuthenticateFinishRequestSchema, req.body);
        await activeUser({ ctx, tenant, userId });
        res.setHeader("Cache-Control", "no-store");
        res.json(await finishStepUp({ ctx, tenant, userId, subject: stepUpSubject, input, ip: req.ip }));
      },
    },

    "delete /auth/v1/passkeys/{passkey_id}": {
      guard: [manager],
      handle: async (req, res) => {
        const { tenant, userId, stepUpSubject } = authOf(req, "user");
        const { passkey_id } = parseWith(PasskeyIdParams, req.params);
        await activeUser({ ctx, tenant, userId });
        // A passkey used in the last 5 minutes by this token or cookie session (step_up_required).
        await assertSteppedUp(ctx, stepUpSubject, userId);
        await deletePasskey({ ctx, tenantId: tenant.id, userId, passkeyId: passkey_id, ip: req.ip });
        res.status(204).end();
      },
    },

    /** Revokes the session server-side and clears the cookie; idempotent. */
    "post /auth/v1/logout": {
      handle: async (req, res) => {
        const token = sessionCookie(ctx, req);
        if (token) {
          assertOwnOrigin(ctx, req);
          await revokeSession({ ctx, token });
        }
        clearSessionCookie(ctx, res);
        res.status(204).end();
      },
    },
  };
}
