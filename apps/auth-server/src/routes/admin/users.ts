// A tenant's users: list and search, disable/enable, delete, their sessions.
import { adminUserOperations, keyByOperationId } from "@org/contracts";
import { defineImplementations, type HttpCall } from "@org/service-kit";
import type { AuthContext } from "../../context.ts";
import { actorOf } from "../../http/admin-session.ts";
import {
  deleteUserAsAdmin,
  listUserSessions,
  listUsersForAdmin,
  revokeUserSessions,
} from "../../services/admin-users.ts";
import { setUserDisabled } from "../../services/users.ts";
import { tenantOf } from "./tenants.ts";

type UserParams = { params: { tenant_id: string; external_id: string } };

export const userImplementations = (ctx: AuthContext) => {
  const setDisabled =
    (disabled: boolean) =>
    async ({ params }: UserParams, { req }: HttpCall) => {
      const { adminId, ip } = actorOf(req);
      const tenant = await tenantOf(ctx, params);
      return setUserDisabled({ ctx, tenant, externalId: params.external_id, disabled, ip, adminId });
    };
  return defineImplementations(keyByOperationId(adminUserOperations))({
    listTenantUsers: async ({ params, query }) =>
      listUsersForAdmin({ ctx, tenant: await tenantOf(ctx, params), query }),
    disableTenantUser: setDisabled(true),
    enableTenantUser: setDisabled(false),
    deleteTenantUser: async ({ params }, { req }) => {
      const tenant = await tenantOf(ctx, params);
      await deleteUserAsAdmin({ ctx, tenant, externalId: params.external_id, actor: actorOf(req) });
    },
    listTenantUserSessions: async ({ params }) =>
      listUserSessions({ ctx, tenant: await tenantOf(ctx, params), externalId: params.external_id }),
    revokeTenantUserSessions: async ({ params }, { req }) => {
      const tenant = await tenantOf(ctx, params);
      const revoked = await revokeUserSessions({
        ctx,
        tenant,
        externalId: params.external_id,
        actor: actorOf(req),
      });
      return { revoked };
    },
    revokeTenantUserSession: async ({ params }, { req }) => {
      const tenant = await tenantOf(ctx, params);
      await revokeUserSessions({
        ctx,
        tenant,
        externalId: params.external_id,
        sessionId: params.session_id,
        actor: actorOf(req),
      });
    },
  });
};
