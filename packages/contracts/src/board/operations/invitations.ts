// Invitations (group members): operations of the registry (see registry.ts).
import { listOf, ListQuery } from "../../pagination.ts";
import { pathParams } from "../schemas/common.ts";
import { InvitationSchema } from "../schemas/invitations.ts";
import { MemberSchema } from "../schemas/members.ts";
import {
  BASE,
  CREATE,
  defineOperations,
  DELETE,
  LIST_NOTE,
  READ,
  READ_ERRORS,
  ROLE_NOTE,
  WRITE_ERRORS,
} from "./spec.ts";

export const invitationOperations = defineOperations({
  list_invitations: {
    method: "get",
    path: "/projects/{project_id}/invitations",
    summary: "List a project's pending invitations",
    description: `Invitations not yet accepted or declined, oldest first. Needs admin. ${LIST_NOTE} ${ROLE_NOTE}`,
    group: "members",
    params: pathParams({ project_id: "The project whose invitations to list." }),
    query: ListQuery,
    response: listOf(InvitationSchema),
    status: 200,
    errors: [...READ_ERRORS, "forbidden", "validation_failed"],
    hints: READ,
  },
  list_my_invitations: {
    method: "get",
    path: "/me/invitations",
    summary: "Invitations to you",
    description: `Pending invitations to the caller's email address, oldest first, with the project's name. ${LIST_NOTE}`,
    group: "members",
    query: ListQuery,
    response: listOf(InvitationSchema),
    status: 200,
    errors: [...BASE, "validation_failed"],
    hints: READ,
  },
  accept_invitation: {
    method: "post",
    path: "/invitations/{invitation_id}/accept",
    summary: "Accept an invitation",
    description:
      "Makes the caller, whose email the invitation names, a member of its project with its role (an " +
      "existing member gets that role; the last owner cannot be demoted: conflict) and deletes the " +
      "invitation. Another user's invitation is not_found.",
    group: "members",
    params: pathParams({ invitation_id: "The invitation to accept (from list_my_invitations)." }),
    response: MemberSchema,
    status: 201,
    errors: [...WRITE_ERRORS, "conflict"],
    hints: CREATE,
  },
  delete_invitation: {
    method: "delete",
    path: "/invitations/{invitation_id}",
    summary: "Decline or revoke an invitation",
    description: `The invitee declines it, or an admin of the project revokes it. ${ROLE_NOTE}`,
    group: "members",
    params: pathParams({ invitation_id: "The invitation to decline or revoke." }),
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },
});
