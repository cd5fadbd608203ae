import {
  acceptInvitation,
  acceptInvitationLink,
  createInvitation,
  deleteInvitation,
  listInvitations,
  listMyInvitations,
  previewInvitationLink,
} from "../services/invitations.ts";
import { EmptyResult } from "@org/contracts";
import { addMember, listMembers, removeMember } from "../services/members.ts";
import type { Implementations } from "./types.ts";

export const memberImplementations = {
  list_members: (ctx, { params, query }) => listMembers({ ...ctx, projectId: params.project_id, query }),
  add_member: async (ctx, { params, body }) =>
    (await addMember({ ...ctx, projectId: params.project_id, input: body })) ??
    new EmptyResult(() =>
      Promise.resolve(
        "Invitation recorded: the person becomes a member when they accept it (list_my_invitations, accept_invitation).",
      ),
    ),
  remove_member: (ctx, { params }) =>
    removeMember({ ...ctx, projectId: params.project_id, userId: params.user_id }),
  create_invitation: (ctx, { params, body }) =>
    createInvitation({ ...ctx, projectId: params.project_id, email: body.email, role: body.role }),
  list_invitations: (ctx, { params, query }) =>
    listInvitations({ ...ctx, projectId: params.project_id, query }),
  list_my_invitations: (ctx, { query }) => listMyInvitations({ ...ctx, query }),
  accept_invitation: (ctx, { params }) => acceptInvitation({ ...ctx, invitationId: params.invitation_id }),
  preview_invitation_link: (ctx, { body }) => previewInvitationLink({ ...ctx, token: body.token }),
  accept_invitation_link: (ctx, { body }) => acceptInvitationLink({ ...ctx, token: body.token }),
  delete_invitation: (ctx, { params }) => deleteInvitation({ ...ctx, invitationId: params.invitation_id }),
} satisfies Partial<Implementations>;
