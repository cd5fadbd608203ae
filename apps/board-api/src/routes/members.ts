import { EmptyResult } from "@org/contracts";
import type { Handlers } from "../http/operation.ts";
import { addMember, listMembers, removeMember } from "../services/members.ts";
import { serviceContext, type RouteDeps } from "./deps.ts";

export const memberHandlers = (
  deps: RouteDeps,
): Pick<Handlers, "list_members" | "add_member" | "remove_member"> => ({
  list_members: ({ actor, params, query }) =>
    listMembers({ ...serviceContext(deps, actor), projectId: params.id, query }),
  add_member: async ({ actor, params, body }) =>
    (await addMember({ ...serviceContext(deps, actor), projectId: params.id, input: body })) ??
    new EmptyResult(() =>
      Promise.resolve(
        "Invitation recorded: the person becomes a member when they accept it (list_my_invitations, accept_invitation).",
      ),
    ),
  remove_member: ({ actor, params }) =>
    removeMember({ ...serviceContext(deps, actor), projectId: params.id, userId: params.user_id }),
});
