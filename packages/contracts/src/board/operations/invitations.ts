// Invitations (group members): operations of the registry (see registry.ts).
import { listOf, ListQuery } from "../../pagination.ts";
import { LinkTokenBody, pathParams } from "../schemas/common.ts";
import {
  CreatedInvitationSchema,
  CreateInvitationBody,
  InvitationPreviewSchema,
  InvitationSchema,
} from "../schemas/invitations.ts";
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
  create_invitation: {
    method: "post",
    path: "/projects/{project_id}/invitations",
    summary: "Create an invitation link to share",
    description:
      "Makes a single-use invitation link (valid 7 days) for `email` with `role` (default member) and " +
      "returns it as `url`, once: the inviter sends it to the invitee by any channel. Whoever opens it " +
      "signed in (or after signing up) can accept it (accept_invitation_link), whatever their address: " +
      "the email is a label, and also lets the account with that address, once verified, see and accept " +
      "it in list_my_invitations. Inviting the same address again replaces the role and the link (the " +
      `old link stops working). Needs admin; only an owner invites an owner. ${ROLE_NOTE}`,
    group: "members",
    params: pathParams({ project_id: "The project to invite to." }),
    body: CreateInvitationBody,
    response: CreatedInvitationSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },
  list_invitations: {
    method: "get",
    path: "/projects/{project_id}/invitations",
    summary: "List a project's pending invitations",
    description: `Invitations not yet accepted, declined or expired, oldest first (never their links). Needs admin. ${LIST_NOTE} ${ROLE_NOTE}`,
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
    description:
      "Pending invitations of the caller by user id, and those sent to the caller's email address once " +
      "that address is verified (an unverified address sees none: whoever signed up with it need not own " +
      `it), oldest first, with the project's name. ${LIST_NOTE}`,
    toolDescription:
      "Pending invitations to you (by user id, or to your verified email address), oldest first, with the project's name; accept_invitation joins.",
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
      "Makes the caller a member of the invitation's project with its role (an existing member gets that " +
      "role; the last owner cannot be demoted: conflict) and deletes the invitation. Only an invitation " +
      "from list_my_invitations: one of the caller by id, or sent to the caller's verified address; " +
      "anything else (another user's, an unverified address's, an expired one) is not_found. With a link, " +
      "use accept_invitation_link.",
    toolDescription:
      "Makes you a member of the invitation's project with its role and deletes the invitation; only one listed by list_my_invitations (anything else is not_found). An invitation link's secret is accepted by the members toolset.",
    group: "members",
    params: pathParams({ invitation_id: "The invitation to accept (from list_my_invitations)." }),
    response: MemberSchema,
    status: 201,
    errors: [...WRITE_ERRORS, "conflict"],
    hints: CREATE,
  },
  preview_invitation_link: {
    method: "post",
    path: "/invitations/preview",
    summary: "What an invitation link offers",
    description:
      "Takes `token`, the secret after `#` in an invitation link (/app/invite#…), and says which project and " +
      "role it offers, who sent it and until when, without accepting it. An unknown, used, revoked or " +
      "expired link is not_found.",
    group: "members",
    body: LinkTokenBody,
    response: InvitationPreviewSchema,
    status: 200,
    errors: [...BASE, "not_found", "validation_failed"],
    hints: READ,
  },
  accept_invitation_link: {
    method: "post",
    path: "/invitations/accept",
    summary: "Accept an invitation link",
    description:
      "Takes `token`, the secret after `#` in an invitation link, and makes the caller a member of its " +
      "project with its role, whatever the caller's email address (the link is what the inviter shared). " +
      "The link works once: it is spent by this call. A member already is conflict (the link stays " +
      "unspent); an unknown, used, revoked or expired link is not_found.",
    group: "members",
    body: LinkTokenBody,
    response: MemberSchema,
    status: 201,
    errors: [...BASE, "not_found", "validation_failed", "conflict"],
    hints: CREATE,
  },
  delete_invitation: {
    method: "delete",
    path: "/invitations/{invitation_id}",
    summary: "Decline or revoke an invitation",
    description: `The invitee declines it (one from list_my_invitations), or an admin of the project revokes it; its link stops working. ${ROLE_NOTE}`,
    group: "members",
    params: pathParams({ invitation_id: "The invitation to decline or revoke." }),
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },
});
