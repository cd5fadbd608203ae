import type { Handlers } from "../http/operation.ts";
import {
  acceptInvitation,
  deleteInvitation,
  listInvitations,
  listMyInvitations,
} from "../services/invitations.ts";
import { serviceContext, type RouteDeps } from "./deps.ts";

type InvitationOps = "list_invitations" | "list_my_invitations" | "accept_invitation" | "delete_invitation";

export const invitationHandlers = (deps: RouteDeps): Pick<Handlers, InvitationOps> => ({
  list_invitations: ({ actor, params, query }) =>
    listInvitations({ ...serviceContext(deps, actor), projectId: params.id, query }),
  list_my_invitations: ({ actor, query }) => listMyInvitations({ ...serviceContext(deps, actor), query }),
  accept_invitation: ({ actor, params }) =>
    acceptInvitation({ ...serviceContext(deps, actor), invitationId: params.id }),
  delete_invitation: ({ actor, params }) =>
    deleteInvitation({ ...serviceContext(deps, actor), invitationId: params.id }),
});
