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
    summary: "Add a member, change a member's role, or invite by email",
    description:
      "With `user_id`: adds that user with `role` (default member), or sets an existing member's role; " +
      "201 with the member. An unknown user_id is validation_failed. With `email` instead: records an " +
      "invitation for that address with `role` and answers 202 with an empty body — the same answer " +
      "whether or not the address has an account or is already a member, so it reveals nothing about " +
      "who has one. The person accepts it with accept_invitation (they find it with " +
      "list_my_invitations); inviting the same address again replaces the role. Needs admin; only an " +
      "owner can grant or change the owner role (invitations included), and the last owner cannot be " +
      `demoted (conflict). ${ROLE_NOTE}`,
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
      "Removes the user from the project; they lose access at once. Needs admin (only an owner removes an " +
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
