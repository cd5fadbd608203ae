import type { Handlers } from "../http/operation.ts";
import {
  acceptInvitation,
  acceptInvitationLink,
  createInvitation,
  deleteInvitation,
  listInvitations,
  listMyInvitations,
  previewInvitationLink,
} from "../services/invitations.ts";
import { serviceContext, type RouteDeps } from "./deps.ts";

type InvitationOps =
  | "create_invitation"
  | "list_invitations"
  | "list_my_invitations"
  | "accept_invitation"
  | "preview_invitation_link"
  | "accept_invitation_link"
  | "delete_invitation";

export const invitationHandlers = (deps: RouteDeps): Pick<Handlers, InvitationOps> => ({
  create_invitation: ({ actor, params, body }) =>
    createInvitation({
      ...serviceContext(deps, actor),
      projectId: params.id,
      email: body.email,
      role: body.role,
      publicUrl: deps.publicUrl,
    }),
  list_invitations: ({ actor, params, query }) =>
    listInvitations({ ...serviceContext(deps, actor), projectId: params.id, query }),
  list_my_invitations: ({ actor, query }) => listMyInvitations({ ...serviceContext(deps, actor), query }),
  accept_invitation: ({ actor, params }) =>
    acceptInvitation({ ...serviceContext(deps, actor), invitationId: params.id }),
  preview_invitation_link: ({ actor, body }) =>
    previewInvitationLink({ ...serviceContext(deps, actor), token: body.token }),
  accept_invitation_link: ({ actor, body }) =>
    acceptInvitationLink({ ...serviceContext(deps, actor), token: body.token }),
  delete_invitation: ({ actor, params }) =>
    deleteInvitation({ ...serviceContext(deps, actor), invitationId: params.id }),
});
