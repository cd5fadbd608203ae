import {
  acceptInvitation,
  deleteInvitation,
  listInvitations,
  listMyInvitations,
} from "../services/invitations.ts";
import { EmptyResult } from "@org/contracts";
import { addMember, listMembers, removeMember } from "../services/members.ts";
import type { Implementations } from "./types.ts";

export const memberImplementations = {
  list_members: (ctx, { params, query }) => listMembers({ ...ctx, projectId: params.project_id, query }),
  add_member: async (ctx, { params, body }) =>
    (await addMember({ ...ctx, projectId: params.project_id, input: body })) ??
    new EmptyResult(() =>
      Promise.resolve("Invitation recorded: the person becomes a member when they accept it."),
    ),
  remove_member: (ctx, { params }) =>
    removeMember({ ...ctx, projectId: params.project_id, userId: params.user_id }),
  list_invitations: (ctx, { params, query }) =>
    listInvitations({ ...ctx, projectId: params.project_id, query }),
  list_my_invitations: (ctx, { query }) => listMyInvitations({ ...ctx, query }),
  accept_invitation: (ctx, { params }) => acceptInvitation({ ...ctx, invitationId: params.invitation_id }),
  delete_invitation: (ctx, { params }) => deleteInvitation({ ...ctx, invitationId: params.invitation_id }),
} satisfies Partial<Implementations>;
