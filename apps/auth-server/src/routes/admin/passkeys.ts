// Passkeys: a tenant user's (list, delete) and the signed-in administrator's own, behind a step-up
// (the session proves a passkey again before adding or removing one: step-up.ts).
import { adminPasskeyOperations, keyByOperationId } from "@org/contracts";
import { defineImplementations } from "@org/service-kit";
import type { AuthContext } from "../../context.ts";
import { actorOf, adminOf } from "../../http/admin-session.ts";
import {
  deleteOwnPasskey,
  finishAdminStepUp,
  finishOwnPasskey,
  listOwnPasskeys,
  startAdminStepUp,
  startOwnPasskey,
} from "../../services/admin-passkeys.ts";
import { deletePasskeyAsAdmin, listPasskeysForAdmin } from "../../services/passkeys.ts";
import { tenantOf } from "./tenants.ts";

export const passkeyImplementations = (ctx: AuthContext) =>
  defineImplementations(keyByOperationId(adminPasskeyOperations))({
    listTenantUserPasskeys: async ({ params }) =>
      listPasskeysForAdmin({ ctx, tenant: await tenantOf(ctx, params), externalId: params.external_id }),
    deleteTenantUserPasskey: ({ params }, { req }) =>
      deletePasskeyAsAdmin({ ctx, passkeyId: params.passkey_id, actor: actorOf(req) }),
    listOwnPasskeys: (_input, { req }) => listOwnPasskeys({ ctx, session: adminOf(req) }),
    startOwnStepUp: () => startAdminStepUp(ctx),
    finishOwnStepUp: ({ body }, { req }) =>
      finishAdminStepUp({ ctx, session: adminOf(req), input: body, ip: req.ip }),
    startOwnPasskeyRegistration: ({ body }, { req }) =>
      startOwnPasskey({ ctx, session: adminOf(req), name: body.name }),
    finishOwnPasskeyRegistration: ({ body }, { req }) =>
      finishOwnPasskey({ ctx, session: adminOf(req), input: body, ip: req.ip }),
    deleteOwnPasskey: ({ params }, { req }) =>
      deleteOwnPasskey({ ctx, session: adminOf(req), passkeyId: params.passkey_id, ip: req.ip }),
  });
