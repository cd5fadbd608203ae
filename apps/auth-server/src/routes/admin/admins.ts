// Administrators: list, invite, remove.
import { adminAdminsOperations, keyByOperationId } from "@org/contracts";
import { defineImplementations } from "@org/service-kit";
import type { AuthContext } from "../../context.ts";
import { actorOf } from "../../http/admin-session.ts";
import { inviteAdmin, listAdmins, removeAdmin } from "../../services/admins.ts";

export const adminsImplementations = (ctx: AuthContext) =>
  defineImplementations(keyByOperationId(adminAdminsOperations))({
    listAdmins: ({ query }) => listAdmins({ ctx, query }),
    inviteAdmin: ({ body }, { req }) => inviteAdmin({ ctx, ...body, actor: actorOf(req) }),
    removeAdmin: async ({ params }, { req }) => {
      await removeAdmin({ ctx, idOrEmail: params.admin_id, actor: actorOf(req) });
    },
  });
