// Members: operations of the registry (see registry.ts).
import { listOf, ListQuery } from "../../pagination.ts";
import { pathParams } from "../schemas/common.ts";
import { AddMemberBody, MemberSchema } from "../schemas/members.ts";
import {
  defineOperations,
  DELETE,
  LIST_NOTE,
  READ,
  READ_ERRORS,
  ROLE_NOTE,
  UPDATE,
  WRITE_ERRORS,
} from "./spec.ts";

export const memberOperations = defineOperations({
  list_members: {
    method: "get",
    path: "/projects/{project_id}/members",
    summary: "List members",
    description: `Members of the project with their roles, in the order they joined. ${LIST_NOTE}`,
    group: "members",
    params: pathParams({ project_id: "The project whose members to list." }),
    query: ListQuery,
    response: listOf(MemberSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  add_member: {
    method: "post",
    path: "/projects/{project_id}/members",
    summary: "Change a member's role, or invite someone",
    description:
      "Nobody joins a project without accepting. With `user_id` of a member: sets their role and answers " +
      "the member. With `user_id` of anyone else: invites that user with `role` (default member) and " +
      "answers empty; they see it in list_my_invitations and join with accept_invitation. An unknown " +
      "user_id answers the same and records nothing. Inviting people who share none of your projects is " +
      "rate limited per inviter. With `email` instead: records an invitation for that address and answers " +
      "empty — the same answer whether or not the address has an account or is already a member, so it " +
      "reveals nothing about who has one; the account with that address sees it once the address is verified " +
      "(send_email_verification). To get a link to share, use create_invitation. Inviting the same user or " +
      "address again replaces the role (and the link). Needs admin; only an owner can grant or change the " +
      `owner role (invitations included), and the last owner cannot be demoted (conflict). ${ROLE_NOTE}`,
    group: "members",
    params: pathParams({ project_id: "The project to add the member to." }),
    body: AddMemberBody,
    response: MemberSchema,
    status: 201,
    emptyStatus: 202,
    errors: [...WRITE_ERRORS, "conflict"],
    hints: UPDATE,
  },
  remove_member: {
    method: "delete",
    path: "/projects/{project_id}/members/{user_id}",
    summary: "Remove a member",
    description:
      "Removes the user from the project; they lose access at once, and the invitations they issued " +
      "(links included) are revoked. Needs admin (only an owner removes an " +
      `owner); anyone may remove themselves. The last owner cannot be removed (conflict). ${ROLE_NOTE}`,
    group: "members",
    params: pathParams({
      project_id: "The project to remove the member from.",
      user_id: "The member to remove (their user id).",
    }),
    status: 204,
    errors: [...WRITE_ERRORS, "conflict"],
    hints: DELETE,
  },
});
