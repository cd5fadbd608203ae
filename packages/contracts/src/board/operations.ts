// The one registry of board API operations. The HTTP routes, the OpenAPI document, the MCP tools
// and /llms.txt are all generated from it.
import type { BoardErrorCode } from "../errors.ts";
import type { z } from "../zod.ts";
import * as s from "./schemas.ts";

export type OperationGroup =
  | "me"
  | "tokens"
  | "notifications"
  | "projects"
  | "members"
  | "columns"
  | "cards"
  | "comments"
  | "checklist"
  | "labels"
  | "priorities"
  | "attachments"
  | "claims"
  | "plans"
  | "gates"
  | "rot"
  | "attention"
  | "findings"
  | "activity";

export interface OperationSpec {
  method: "get" | "post" | "patch" | "delete";
  /** Relative to /api/v1, OpenAPI style: `/cards/{id}`. */
  path: string;
  summary: string;
  /** What it does and the rules that apply, for people and agents. */
  description: string;
  group: OperationGroup;
  params?: z.ZodObject;
  /**
   * Each path parameter as an MCP tool input field: named after what it identifies (the `{id}` of
   * `/columns/{id}/cards` is `column_id`) and described for this operation ("The column to create
   * the card in."). HTTP keeps the path's own names; OpenAPI and /llms.txt show both.
   */
  pathIds?: Record<string, PathId>;
  query?: z.ZodObject;
  /** JSON body; for `multipart` operations, the form description. */
  body?: z.ZodType;
  /** multipart/form-data upload instead of JSON. */
  multipart?: boolean;
  /** Response schema; absent for 204. */
  response?: z.ZodType;
  /** Raw bytes response (downloads). */
  binaryResponse?: boolean;
  status: 200 | 201 | 204;
  /**
   * "Nothing to return" answers, such as claim_next_card's when no card is eligible or add_member's
   * invitation: the handler returns an EmptyResult, sent over HTTP as this status with an empty
   * body, and as an MCP tool result `{"result": null, "reason": "…"}`. Absent: a handler always
   * returns its response.
   */
  emptyStatus?: 202 | 204;
  errors: readonly BoardErrorCode[];
  hints: { readOnly: boolean; destructive: boolean; idempotent: boolean };
}

export type BoardOperation = OperationSpec & { name: string };

/** A path parameter as MCP tools name it, and what it is in this operation. */
export interface PathId {
  name: string;
  description: string;
}

const pathId = (name: string, description: string): PathId => ({ name, description });

/**
 * What a handler of an operation with `emptyStatus` returns when there is nothing to return. The
 * reason is worked out only when asked for (over MCP): HTTP sends the bare status.
 */
export class EmptyResult {
  constructor(readonly reason: () => Promise<string>) {}
}

const READ = { readOnly: true, destructive: false, idempotent: true } as const;
const CREATE = { readOnly: false, destructive: false, idempotent: false } as const;
const UPDATE = { readOnly: false, destructive: false, idempotent: true } as const;
const DELETE = { readOnly: false, destructive: true, idempotent: true } as const;

/** Errors any authenticated call can get. */
const BASE = ["unauthenticated", "rate_limited", "internal"] as const;
const READ_ERRORS = [...BASE, "not_found"] as const;
const WRITE_ERRORS = [...BASE, "not_found", "forbidden", "validation_failed"] as const;

function defineOperations<const T extends Record<string, OperationSpec>>(
  specs: T,
): { [K in keyof T]: T[K] & { name: K } } {
  return Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, { ...spec, name }])) as {
    [K in keyof T]: T[K] & { name: K };
  };
}

const ROLE_NOTE = "Non-members get not_found; a member whose role does not allow it gets forbidden.";
const LIST_NOTE =
  "Paginated: `limit` (1..200, default 50; plain base-10 digits, so 1e2, 0x10, +7 are validation_failed) " +
  "and `cursor` (the previous page's next_cursor).";

/** The two multipart uploads (to a card, to a comment) differ only in path, target and summary. */
function uploadOperation(path: string, target: PathId, summary: string) {
  return {
    method: "post",
    path,
    summary,
    description:
      "multipart/form-data with exactly one field named `file` (none, another field or two files: " +
      `validation_failed); over 10 MB is payload_too_large and stores nothing. Needs member. ${ROLE_NOTE}`,
    group: "attachments",
    params: s.IdParams,
    pathIds: { id: target },
    body: s.UploadBody,
    multipart: true,
    response: s.AttachmentSchema,
    status: 201,
    errors: [...WRITE_ERRORS, "payload_too_large"],
    hints: CREATE,
  } as const satisfies OperationSpec;
}

export const boardOperations = defineOperations({
  get_me: {
    method: "get",
    path: "/me",
    summary: "The current user",
    description:
      "Returns the user the request acts as (the API token's owner, or the web app's signed-in user), " +
      "with the `handle` that @mentions in the web app name.",
    group: "me",
    response: s.UserSchema,
    status: 200,
    errors: BASE,
    hints: READ,
  },
  update_me: {
    method: "patch",
    path: "/me",
    summary: "Change your name or handle",
    description:
      "Sets `name` and/or `handle` (2..32 lower-case letters, digits, `_` or `-`, starting with a letter or " +
      "digit). A handle someone else has is conflict.",
    group: "me",
    body: s.UpdateMeBody,
    response: s.UserSchema,
    status: 200,
    errors: [...BASE, "validation_failed", "conflict"],
    hints: UPDATE,
  },
  send_email_verification: {
    method: "post",
    path: "/me/email-verification",
    summary: "Mail yourself a link that verifies your email address",
    description:
      "Sends the caller's address a single-use link (24 hours) to /app/verify-email; confirm_email with its " +
      "secret, as this same user, verifies the address (a link opened by anyone else verifies nothing). " +
      "A verified address lets you accept invitations sent to it without their link. At most one mail a " +
      "minute and five a day (rate_limited, with Retry-After); an address verified already is conflict; a " +
      "server without mail (no SMTP_URL) answers service_unavailable.",
    group: "me",
    response: s.EmailVerificationSchema,
    status: 201,
    errors: [...BASE, "conflict", "service_unavailable"],
    hints: CREATE,
  },
  confirm_email: {
    method: "post",
    path: "/me/email-verification/confirm",
    summary: "Verify your email address with the link's secret",
    description:
      "Takes `token`, the secret after `#` in the link send_email_verification mailed, and marks the caller's " +
      "address verified (returns the user, `email_verified: true`). The link works once, for 24 hours, for the " +
      "user it was sent to and the address it was sent to; anything else is not_found.",
    group: "me",
    body: s.LinkTokenBody,
    response: s.UserSchema,
    status: 200,
    errors: [...BASE, "not_found", "validation_failed"],
    hints: UPDATE,
  },

  // ---- API tokens (the account service) ----
  list_tokens: {
    method: "get",
    path: "/tokens",
    summary: "List your API tokens",
    description:
      "The caller's own live (not revoked) API tokens, newest first, with their names and when a request " +
      `last used them; never the secrets. ${LIST_NOTE}`,
    group: "tokens",
    query: s.ListQuery,
    response: s.listOf(s.ApiTokenSchema),
    status: 200,
    errors: [...BASE, "validation_failed"],
    hints: READ,
  },
  create_token: {
    method: "post",
    path: "/tokens",
    summary: "Create an API token",
    description:
      "Creates an API token named `name` (1..100 characters) acting as the caller, with the caller's " +
      "roles. The answer carries the secret `token` once: it is stored only as a hash and never shown " +
      "again. Tokens do not expire; revoke them with delete_token. Only the web app's session creates " +
      "tokens (and `cli token create`): with a bearer token, MCP included, it is forbidden, so a leaked " +
      "token cannot make copies of itself that outlive its revocation.",
    group: "tokens",
    body: s.CreateApiTokenBody,
    response: s.CreatedApiTokenSchema,
    status: 201,
    errors: [...BASE, "forbidden", "validation_failed"],
    hints: CREATE,
  },
  delete_token: {
    method: "delete",
    path: "/tokens/{id}",
    summary: "Revoke an API token",
    description:
      "Revokes one of the caller's tokens: when this answers, every instance of the service refuses it " +
      "(the request that revokes the token it uses still completes; answering may take up to a second " +
      "while other instances' caches expire), and live sockets that authenticated with it are disconnected. " +
      "Another user's token, or one already revoked, is not_found.",
    group: "tokens",
    params: s.IdParams,
    pathIds: { id: pathId("token_id", "The token to revoke (from list_tokens).") },
    status: 204,
    errors: READ_ERRORS,
    hints: DELETE,
  },

  // ---- notifications ----
  list_notifications: {
    method: "get",
    path: "/me/notifications",
    summary: "Your notifications",
    description:
      "Mentions of the caller (`@handle` in a card or comment written in the web app), newest first; " +
      `\`unread=true\` lists unread ones only. API and MCP writes never create any. ${LIST_NOTE}`,
    group: "notifications",
    query: s.NotificationsQuery,
    response: s.listOf(s.NotificationSchema),
    status: 200,
    errors: [...BASE, "validation_failed"],
    hints: READ,
  },
  mark_notification_read: {
    method: "post",
    path: "/me/notifications/{id}/read",
    summary: "Mark a notification read",
    description:
      "Sets read_at (kept when already read) and returns the notification. Another user's is not_found.",
    group: "notifications",
    params: s.IdParams,
    pathIds: { id: pathId("notification_id", "The notification to mark read.") },
    response: s.NotificationSchema,
    status: 200,
    errors: READ_ERRORS,
    hints: UPDATE,
  },
  mark_all_notifications_read: {
    method: "post",
    path: "/me/notifications/read",
    summary: "Mark all your notifications read",
    description: "Marks every unread notification of the caller read.",
    group: "notifications",
    status: 204,
    errors: BASE,
    hints: UPDATE,
  },

  // ---- projects ----
  list_projects: {
    method: "get",
    path: "/projects",
    summary: "List projects",
    description: `Projects the caller is a member of, oldest first, with the caller's role. ${LIST_NOTE}`,
    group: "projects",
    query: s.ListQuery,
    response: s.listOf(s.ProjectSchema),
    status: 200,
    errors: [...BASE, "validation_failed"],
    hints: READ,
  },
  create_project: {
    method: "post",
    path: "/projects",
    summary: "Create a project",
    description:
      "Creates a project with `name` and optional `repo_url` (an http:// or https:// address; anything else is validation_failed); the caller becomes its owner.",
    group: "projects",
    body: s.CreateProjectBody,
    response: s.ProjectSchema,
    status: 201,
    errors: [...BASE, "validation_failed"],
    hints: CREATE,
  },
  get_project: {
    method: "get",
    path: "/projects/{id}",
    summary: "Get a project",
    description: `One project. ${ROLE_NOTE}`,
    group: "projects",
    params: s.IdParams,
    pathIds: { id: pathId("project_id", "The project to read.") },
    response: s.ProjectSchema,
    status: 200,
    errors: READ_ERRORS,
    hints: READ,
  },
  update_project: {
    method: "patch",
    path: "/projects/{id}",
    summary: "Update a project",
    description: `Changes name and/or repo_url (an http:// or https:// address; an empty string clears it). Needs admin. ${ROLE_NOTE}`,
    group: "projects",
    params: s.IdParams,
    pathIds: { id: pathId("project_id", "The project to change.") },
    body: s.UpdateProjectBody,
    response: s.ProjectSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  delete_project: {
    method: "delete",
    path: "/projects/{id}",
    summary: "Delete a project",
    description: `Destroys the project with all its columns, cards and files. Needs owner. ${ROLE_NOTE}`,
    group: "projects",
    params: s.IdParams,
    pathIds: { id: pathId("project_id", "The project to delete, with everything in it.") },
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },

  // ---- members ----
  list_members: {
    method: "get",
    path: "/projects/{id}/members",
    summary: "List members",
    description: `Members of the project with their roles, in the order they joined. ${LIST_NOTE}`,
    group: "members",
    params: s.IdParams,
    pathIds: { id: pathId("project_id", "The project whose members to list.") },
    query: s.ListQuery,
    response: s.listOf(s.MemberSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  add_member: {
    method: "post",
    path: "/projects/{id}/members",
    summary: "Change a member's role, or invite someone",
    description:
      "Nobody joins a project without accepting. With `user_id` of a member: sets their role; 201 with the " +
      "member. With `user_id` of anyone else: invites that user with `role` (default member) and answers 202 " +
      "with an empty body; they see it in list_my_invitations and join with accept_invitation. An unknown " +
      "user_id is validation_failed. With `email` instead: records an invitation for that address and answers " +
      "202 — the same answer whether or not the address has an account or is already a member, so it " +
      "reveals nothing about who has one; the account with that address sees it once the address is verified " +
      "(send_email_verification). To get a link to share, use create_invitation. Inviting the same user or " +
      "address again replaces the role (and the link). Needs admin; only an owner can grant or change the " +
      `owner role (invitations included), and the last owner cannot be demoted (conflict). ${ROLE_NOTE}`,
    group: "members",
    params: s.IdParams,
    pathIds: { id: pathId("project_id", "The project to add the member to.") },
    body: s.AddMemberBody,
    response: s.MemberSchema,
    status: 201,
    emptyStatus: 202,
    errors: [...WRITE_ERRORS, "conflict"],
    hints: UPDATE,
  },
  remove_member: {
    method: "delete",
    path: "/projects/{id}/members/{user_id}",
    summary: "Remove a member",
    description:
      "Removes the user from the project; they lose access at once. Needs admin (only an owner removes an " +
      `owner); anyone may remove themselves. The last owner cannot be removed (conflict). ${ROLE_NOTE}`,
    group: "members",
    params: s.MemberParams,
    pathIds: {
      id: pathId("project_id", "The project to remove the member from."),
      user_id: pathId("user_id", "The member to remove (their user id)."),
    },
    status: 204,
    errors: [...WRITE_ERRORS, "conflict"],
    hints: DELETE,
  },

  create_invitation: {
    method: "post",
    path: "/projects/{id}/invitations",
    summary: "Create an invitation link to share",
    description:
      "Makes a single-use invitation link (valid 7 days) for `email` with `role` (default member) and " +
      "returns it as `url`, once: the inviter sends it to the invitee by any channel. Whoever opens it " +
      "signed in (or after signing up) can accept it (accept_invitation_link), whatever their address: " +
      "the email is a label, and also lets the account with that address, once verified, see and accept " +
      "it in list_my_invitations. Inviting the same address again replaces the role and the link (the " +
      `old link stops working). Needs admin; only an owner invites an owner. ${ROLE_NOTE}`,
    group: "members",
    params: s.IdParams,
    pathIds: { id: pathId("project_id", "The project to invite to.") },
    body: s.CreateInvitationBody,
    response: s.CreatedInvitationSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },
  list_invitations: {
    method: "get",
    path: "/projects/{id}/invitations",
    summary: "List a project's pending invitations",
    description: `Invitations not yet accepted, declined or expired, oldest first (never their links). Needs admin. ${LIST_NOTE} ${ROLE_NOTE}`,
    group: "members",
    params: s.IdParams,
    pathIds: { id: pathId("project_id", "The project whose invitations to list.") },
    query: s.ListQuery,
    response: s.listOf(s.InvitationSchema),
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
    group: "members",
    query: s.ListQuery,
    response: s.listOf(s.InvitationSchema),
    status: 200,
    errors: [...BASE, "validation_failed"],
    hints: READ,
  },
  accept_invitation: {
    method: "post",
    path: "/invitations/{id}/accept",
    summary: "Accept an invitation",
    description:
      "Makes the caller a member of the invitation's project with its role (an existing member gets that " +
      "role; the last owner cannot be demoted: conflict) and deletes the invitation. Only an invitation " +
      "from list_my_invitations: one of the caller by id, or sent to the caller's verified address; " +
      "anything else (another user's, an unverified address's, an expired one) is not_found. With a link, " +
      "use accept_invitation_link.",
    group: "members",
    params: s.IdParams,
    pathIds: { id: pathId("invitation_id", "The invitation to accept (from list_my_invitations).") },
    response: s.MemberSchema,
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
    body: s.LinkTokenBody,
    response: s.InvitationPreviewSchema,
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
    body: s.LinkTokenBody,
    response: s.MemberSchema,
    status: 201,
    errors: [...BASE, "not_found", "validation_failed", "conflict"],
    hints: CREATE,
  },
  delete_invitation: {
    method: "delete",
    path: "/invitations/{id}",
    summary: "Decline or revoke an invitation",
    description: `The invitee declines it (one from list_my_invitations), or an admin of the project revokes it; its link stops working. ${ROLE_NOTE}`,
    group: "members",
    params: s.IdParams,
    pathIds: { id: pathId("invitation_id", "The invitation to decline or revoke.") },
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },

  // ---- columns ----
  get_board: {
    method: "get",
    path: "/projects/{id}/columns",
    summary: "Get the board",
    description:
      "Every column in position order, each with its cards in position order, in one call. " +
      "Archived cards are left out unless `include_archived=true`. " +
      "A very large board can be read in parts instead of one big response: `cards_limit=N` gives each column " +
      "its first N cards and a `cards_next_cursor`; then `column_id=<column>&cards_limit=N&cards_cursor=<cursor>` " +
      "gives that column's next N cards (and its next cursor), until the cursor is null. Pages follow the board " +
      "as it is at each call: a card moved meanwhile may be missed or seen twice.",
    group: "columns",
    params: s.IdParams,
    pathIds: { id: pathId("project_id", "The project whose board to read.") },
    query: s.BoardQuery,
    response: s.listOf(s.BoardColumnSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  create_column: {
    method: "post",
    path: "/projects/{id}/columns",
    summary: "Create a column",
    description: `Adds a column named \`name\`, last or at \`position\`. Needs admin. ${ROLE_NOTE}`,
    group: "columns",
    params: s.IdParams,
    pathIds: { id: pathId("project_id", "The project to add the column to.") },
    body: s.CreateColumnBody,
    response: s.ColumnSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },
  update_column: {
    method: "patch",
    path: "/columns/{id}",
    summary: "Rename or reorder a column",
    description: `Sets \`name\` and/or moves the column to 0-based \`position\` (past the end: last). Needs admin. ${ROLE_NOTE}`,
    group: "columns",
    params: s.IdParams,
    pathIds: { id: pathId("column_id", "The column to rename or move.") },
    body: s.UpdateColumnBody,
    response: s.ColumnSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  delete_column: {
    method: "delete",
    path: "/columns/{id}",
    summary: "Delete a column",
    description: `Deletes an empty column; a column that still holds cards (archived ones too) is conflict. Needs admin. ${ROLE_NOTE}`,
    group: "columns",
    params: s.IdParams,
    pathIds: { id: pathId("column_id", "The column to delete.") },
    status: 204,
    errors: [...WRITE_ERRORS, "conflict"],
    hints: DELETE,
  },

  // ---- cards ----
  create_card: {
    method: "post",
    path: "/columns/{id}/cards",
    summary: "Create a card",
    description:
      "Creates a card in the column (last, or at `position`) with `title` and any card fields. The server " +
      "assigns the next per-project `number` (never reused). assignee_id and shepherds must be project " +
      "members (list_members), priority_id a priority of the project (list_priorities). No @mention " +
      "parsing, notifications or activity. " +
      `Needs member. ${ROLE_NOTE}`,
    group: "cards",
    params: s.IdParams,
    pathIds: { id: pathId("column_id", "The column to create the card in.") },
    body: s.CreateCardBody,
    response: s.CardSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },
  get_card: {
    method: "get",
    path: "/cards/{id}",
    summary: "Get a card",
    description:
      "One card by id (archived cards too), with `plan`: its latest published plan, or null. A card " +
      "number is not an id: /cards/7 is not_found.",
    group: "cards",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card to read.") },
    response: s.CardWithPlanSchema,
    status: 200,
    errors: READ_ERRORS,
    hints: READ,
  },
  update_card: {
    method: "patch",
    path: "/cards/{id}",
    summary: "Update a card",
    description:
      "Changes any of title, body, assignee_id, due_at, priority_id, owner_type, shepherds, work_phase. " +
      "An empty string clears assignee_id, due_at, priority_id and work_phase; shepherds [] clears shepherds; " +
      'shepherds "" and title "" are validation_failed. assignee_id and shepherds must be project members ' +
      `(list_members), priority_id a priority of the same project (list_priorities). Needs member. ${ROLE_NOTE}`,
    group: "cards",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card to change.") },
    body: s.UpdateCardBody,
    response: s.CardSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  delete_card: {
    method: "delete",
    path: "/cards/{id}",
    summary: "Delete a card",
    description: `Destroys the card with its comments, checklist and files; its number is not given again. Prefer archive_card. Needs member. ${ROLE_NOTE}`,
    group: "cards",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card to delete.") },
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },
  move_card: {
    method: "post",
    path: "/cards/{id}/move",
    summary: "Move a card",
    description:
      "Puts the card in `to_column_id` (same project, else validation_failed) at 0-based `position` among " +
      "its non-archived cards; no position, or one past the end, places it last; negative is " +
      `validation_failed. Positions in both columns stay dense. An archived card, or one that other ` +
      `clients keep moving while this request waits, is conflict (retry the latter). Needs member. ${ROLE_NOTE}`,
    group: "cards",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card to move.") },
    body: s.MoveCardBody,
    response: s.CardSchema,
    status: 200,
    errors: [...WRITE_ERRORS, "conflict"],
    hints: UPDATE,
  },
  archive_card: {
    method: "post",
    path: "/cards/{id}/archive",
    summary: "Archive a card",
    description: `Files the card away: it keeps its number, leaves the board listing and stays readable by id. Preferred over delete. Needs member. ${ROLE_NOTE}`,
    group: "cards",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card to archive.") },
    response: s.CardSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  unarchive_card: {
    method: "post",
    path: "/cards/{id}/unarchive",
    summary: "Unarchive a card",
    description: `Brings an archived card back, last in its column. Needs member. ${ROLE_NOTE}`,
    group: "cards",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The archived card to bring back.") },
    response: s.CardSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },

  // ---- comments ----
  list_comments: {
    method: "get",
    path: "/cards/{id}/comments",
    summary: "List comments",
    description: `Comments of the card, oldest first; handoff notes are listed too, with \`kind\`: "handoff". ${LIST_NOTE}`,
    group: "comments",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card whose comments to list.") },
    query: s.ListQuery,
    response: s.listOf(s.CommentSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  create_comment: {
    method: "post",
    path: "/cards/{id}/comments",
    summary: "Comment on a card",
    description: `Adds a comment with \`body\`. No @mention parsing, notifications or activity. Needs member. ${ROLE_NOTE}`,
    group: "comments",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card to comment on.") },
    body: s.CreateCommentBody,
    response: s.CommentSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },
  delete_comment: {
    method: "delete",
    path: "/comments/{id}",
    summary: "Delete a comment",
    description: `Deletes the comment and its files. Its author (a member) or an admin may. ${ROLE_NOTE}`,
    group: "comments",
    params: s.IdParams,
    pathIds: { id: pathId("comment_id", "The comment to delete.") },
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },

  // ---- checklist ----
  list_checklist: {
    method: "get",
    path: "/cards/{id}/checklist",
    summary: "List checklist items",
    description: `Checklist items of the card in position order. ${LIST_NOTE}`,
    group: "checklist",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card whose checklist to list.") },
    query: s.ListQuery,
    response: s.listOf(s.ChecklistItemSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  create_checklist_item: {
    method: "post",
    path: "/cards/{id}/checklist",
    summary: "Add a checklist item",
    description: `Appends an item with \`text\` to the card's checklist. Needs member. ${ROLE_NOTE}`,
    group: "checklist",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card whose checklist gets the item.") },
    body: s.CreateChecklistItemBody,
    response: s.ChecklistItemSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },
  update_checklist_item: {
    method: "patch",
    path: "/checklist/{id}",
    summary: "Update a checklist item",
    description: `Sets text, done and/or the 0-based position (past the end: last; positions stay dense). Needs member. ${ROLE_NOTE}`,
    group: "checklist",
    params: s.IdParams,
    pathIds: { id: pathId("item_id", "The checklist item to change.") },
    body: s.UpdateChecklistItemBody,
    response: s.ChecklistItemSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  delete_checklist_item: {
    method: "delete",
    path: "/checklist/{id}",
    summary: "Delete a checklist item",
    description: `Removes the item; the others close ranks. Needs member. ${ROLE_NOTE}`,
    group: "checklist",
    params: s.IdParams,
    pathIds: { id: pathId("item_id", "The checklist item to delete.") },
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },

  // ---- labels ----
  list_labels: {
    method: "get",
    path: "/projects/{id}/labels",
    summary: "List labels",
    description: `The project's labels, by name. ${LIST_NOTE}`,
    group: "labels",
    params: s.IdParams,
    pathIds: { id: pathId("project_id", "The project whose labels to list.") },
    query: s.ListQuery,
    response: s.listOf(s.LabelSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  create_label: {
    method: "post",
    path: "/projects/{id}/labels",
    summary: "Create a label",
    description: `Adds a label \`name\` with \`color\` (#rrggbb, default #808080); names are unique per project (conflict). Needs admin. ${ROLE_NOTE}`,
    group: "labels",
    params: s.IdParams,
    pathIds: { id: pathId("project_id", "The project to add the label to.") },
    body: s.CreateLabelBody,
    response: s.LabelSchema,
    status: 201,
    errors: [...WRITE_ERRORS, "conflict"],
    hints: CREATE,
  },
  update_label: {
    method: "patch",
    path: "/labels/{id}",
    summary: "Update a label",
    description: `Renames or recolors a label. Needs admin. ${ROLE_NOTE}`,
    group: "labels",
    params: s.IdParams,
    pathIds: { id: pathId("label_id", "The label to change.") },
    body: s.UpdateLabelBody,
    response: s.LabelSchema,
    status: 200,
    errors: [...WRITE_ERRORS, "conflict"],
    hints: UPDATE,
  },
  delete_label: {
    method: "delete",
    path: "/labels/{id}",
    summary: "Delete a label",
    description: `Deletes the label and detaches it from every card. Needs admin. ${ROLE_NOTE}`,
    group: "labels",
    params: s.IdParams,
    pathIds: { id: pathId("label_id", "The label to delete.") },
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },
  list_card_labels: {
    method: "get",
    path: "/cards/{id}/labels",
    summary: "List a card's labels",
    description: `Labels attached to the card, by name. ${LIST_NOTE}`,
    group: "labels",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card whose labels to list.") },
    query: s.ListQuery,
    response: s.listOf(s.LabelSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  attach_label: {
    method: "post",
    path: "/cards/{id}/labels",
    summary: "Attach a label to a card",
    description: `Attaches \`label_id\` (a label of the card's project, else validation_failed); attaching twice is harmless. Needs member. ${ROLE_NOTE}`,
    group: "labels",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card to attach the label to.") },
    body: s.AttachLabelBody,
    response: s.LabelSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  detach_label: {
    method: "delete",
    path: "/cards/{id}/labels/{label_id}",
    summary: "Detach a label from a card",
    description: `Removes the label from the card; not attached is not_found. Needs member. ${ROLE_NOTE}`,
    group: "labels",
    params: s.CardLabelParams,
    pathIds: {
      id: pathId("card_id", "The card to take the label off."),
      label_id: pathId("label_id", "The label to take off."),
    },
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },

  // ---- priorities ----
  list_priorities: {
    method: "get",
    path: "/projects/{id}/priorities",
    summary: "List the priority ladder",
    description: `Priorities most urgent first (position 0). ${LIST_NOTE}`,
    group: "priorities",
    params: s.IdParams,
    pathIds: { id: pathId("project_id", "The project whose priority ladder to list.") },
    query: s.ListQuery,
    response: s.listOf(s.PrioritySchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  create_priority: {
    method: "post",
    path: "/projects/{id}/priorities",
    summary: "Add a priority",
    description: `Appends a priority at the bottom of the ladder (least urgent). Needs admin. ${ROLE_NOTE}`,
    group: "priorities",
    params: s.IdParams,
    pathIds: { id: pathId("project_id", "The project to add the priority to.") },
    body: s.CreatePriorityBody,
    response: s.PrioritySchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },
  update_priority: {
    method: "patch",
    path: "/priorities/{id}",
    summary: "Update a priority",
    description: `Sets name, color and/or the 0-based rung \`position\` (0 = most urgent; past the end: last; rungs stay dense). Needs admin. ${ROLE_NOTE}`,
    group: "priorities",
    params: s.IdParams,
    pathIds: { id: pathId("priority_id", "The priority to change.") },
    body: s.UpdatePriorityBody,
    response: s.PrioritySchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  delete_priority: {
    method: "delete",
    path: "/priorities/{id}",
    summary: "Delete a priority",
    description: `Removes the rung; cards carrying it fall back to no priority (priority_id null). Needs admin. ${ROLE_NOTE}`,
    group: "priorities",
    params: s.IdParams,
    pathIds: { id: pathId("priority_id", "The priority to delete.") },
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },

  // ---- attachments ----
  list_card_attachments: {
    method: "get",
    path: "/cards/{id}/attachments",
    summary: "List a card's attachments",
    description: `Files attached to the card itself (not to its comments), oldest first. ${LIST_NOTE}`,
    group: "attachments",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card whose attachments to list.") },
    query: s.ListQuery,
    response: s.listOf(s.AttachmentSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  upload_card_attachment: uploadOperation(
    "/cards/{id}/attachments",
    pathId("card_id", "The card to attach the file to."),
    "Attach a file to a card",
  ),
  list_comment_attachments: {
    method: "get",
    path: "/comments/{id}/attachments",
    summary: "List a comment's attachments",
    description: `Files attached to the comment, oldest first. ${LIST_NOTE}`,
    group: "attachments",
    params: s.IdParams,
    pathIds: { id: pathId("comment_id", "The comment whose attachments to list.") },
    query: s.ListQuery,
    response: s.listOf(s.AttachmentSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  upload_comment_attachment: uploadOperation(
    "/comments/{id}/attachments",
    pathId("comment_id", "The comment to attach the file to."),
    "Attach a file to a comment",
  ),
  download_attachment: {
    method: "get",
    path: "/attachments/{id}",
    summary: "Download a file",
    description:
      "The exact bytes, always as a download: Content-Disposition attachment, X-Content-Type-Options " +
      "nosniff, Content-Security-Policy sandbox.",
    group: "attachments",
    params: s.IdParams,
    pathIds: { id: pathId("attachment_id", "The file to download.") },
    binaryResponse: true,
    status: 200,
    errors: READ_ERRORS,
    hints: READ,
  },
  delete_attachment: {
    method: "delete",
    path: "/attachments/{id}",
    summary: "Delete a file",
    description: `Deletes the attachment and its stored file. Needs member. ${ROLE_NOTE}`,
    group: "attachments",
    params: s.IdParams,
    pathIds: { id: pathId("attachment_id", "The file to delete.") },
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },

  // ---- claims ----
  claim_card: {
    method: "post",
    path: "/cards/{id}/claim",
    summary: "Claim a card (or renew your claim)",
    description:
      "Takes the card for the caller as a lease of `lease_seconds` (60..86400, default 7200): the card gets " +
      "claimed_by = caller, claimed_at and claim_expires_at. Calling it again as the holder renews the lease " +
      "(heartbeat; claimed_at is kept). A lease that ran out counts as unclaimed everywhere, so anyone may " +
      "claim the card then. Claimed by someone else with a live lease: conflict. The card's entry gate " +
      "not satisfied (see get_card_gate): conflict. Archived: conflict. Any owner_type can be claimed. " +
      `Needs member. ${ROLE_NOTE}`,
    group: "claims",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card to claim (or whose claim to renew).") },
    body: s.ClaimBody,
    response: s.CardSchema,
    status: 200,
    errors: [...WRITE_ERRORS, "conflict"],
    hints: UPDATE,
  },
  unclaim_card: {
    method: "delete",
    path: "/cards/{id}/claim",
    summary: "Release a claim",
    description:
      "Clears claimed_by, claimed_at and claim_expires_at and returns the card. Only the holder or an " +
      "admin/owner may release a live claim (else forbidden); a card that is unclaimed or whose lease ran " +
      `out is simply returned unclaimed. Needs member. ${ROLE_NOTE}`,
    group: "claims",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card whose claim to release.") },
    response: s.CardSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  claim_next_card: {
    method: "post",
    path: "/projects/{id}/claim-next",
    summary: "Claim the next eligible agent card",
    description:
      "Atomically claims the most urgent eligible card of the project for the caller (lease as in claim_card) " +
      "and returns it. When no card is eligible: HTTP 204 with an empty body; the MCP tool answers " +
      '`{"result": null, "reason": "…"}`, the reason saying why (no agent cards, all claimed, or waiting ' +
      "for their entry gate). Eligible: owner_type agent, not archived, unclaimed (or its lease ran out), " +
      "entry gate satisfied. Order: priority rung (most urgent first, cards without a priority last), then " +
      `column position, then card position. Concurrent callers never get the same card. Needs member. ${ROLE_NOTE}`,
    group: "claims",
    params: s.IdParams,
    pathIds: { id: pathId("project_id", "The project to claim the next card of.") },
    body: s.ClaimBody,
    response: s.CardSchema,
    status: 200,
    emptyStatus: 204,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },

  // ---- plans, decomposition, handoff ----
  publish_plan: {
    method: "post",
    path: "/cards/{id}/plan",
    summary: "Publish a plan for a card",
    description:
      "Stores a new plan version (`summary`, ordered `steps`); versions count 1, 2, … per card and get_card " +
      "shows the latest as `plan`. `as_checklist: true` also appends every step to the card's checklist. " +
      `Needs member. ${ROLE_NOTE}`,
    group: "plans",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card the plan is for.") },
    body: s.PublishPlanBody,
    response: s.PlanSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },
  decompose_card: {
    method: "post",
    path: "/cards/{id}/decompose",
    summary: "Split a card into child cards",
    description:
      "Creates 1..50 child cards in one transaction: each gets a new number, parent_id = the card, the " +
      "parent's column, and they are placed right after the parent in the given order. owner_type and " +
      "priority_id default to the parent's. The parent must not be archived (conflict). Returns the parent " +
      `and the children. Needs member. ${ROLE_NOTE}`,
    group: "plans",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card to split.") },
    body: s.DecomposeBody,
    response: s.DecomposeResultSchema,
    status: 201,
    errors: [...WRITE_ERRORS, "conflict"],
    hints: CREATE,
  },
  handoff_card: {
    method: "post",
    path: "/cards/{id}/handoff",
    summary: "Hand a card on",
    description:
      "Releases the claim, sets assignee_id to `to_user_id` (a project member, see list_members), and " +
      "owner_type and work_phase when given; the `note` is kept as a comment with kind handoff " +
      "(list_comments). Not idempotent: every call writes another handoff comment. A card claimed by " +
      "someone else with a live lease can only be handed off by its holder or an admin (forbidden). " +
      `Needs member. ${ROLE_NOTE}`,
    group: "plans",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card to hand on.") },
    body: s.HandoffBody,
    response: s.CardSchema,
    status: 200,
    errors: WRITE_ERRORS,
    // Each call adds a handoff comment: not idempotent.
    hints: CREATE,
  },

  // ---- entry gates ----
  get_card_gate: {
    method: "get",
    path: "/cards/{id}/gate",
    summary: "A card's entry gate",
    description:
      "The criteria that apply to the card (project-wide ones and those of its current column), each with " +
      "whether it is acked for this card. `satisfied` is true when every one is acked (or there are none); " +
      "claim_card refuses and claim_next_card skips a card whose gate is not satisfied.",
    group: "gates",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card whose gate to read.") },
    response: s.GateSchema,
    status: 200,
    errors: READ_ERRORS,
    hints: READ,
  },
  ack_gate_criterion: {
    method: "post",
    path: "/cards/{id}/gate/acks",
    summary: "Acknowledge a gate criterion for a card",
    description:
      "Marks `criterion_id` (one that applies to the card, else validation_failed) as met for this card, " +
      `with an optional note; acking again replaces the note. Needs member. ${ROLE_NOTE}`,
    group: "gates",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card the criterion is met for.") },
    body: s.GateAckBody,
    response: s.GateAckSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  remove_gate_ack: {
    method: "delete",
    path: "/cards/{id}/gate/acks/{criterion_id}",
    summary: "Withdraw a gate acknowledgement",
    description: `Removes the card's ack of the criterion (none: not_found). Needs member. ${ROLE_NOTE}`,
    group: "gates",
    params: s.GateAckParams,
    pathIds: {
      id: pathId("card_id", "The card whose acknowledgement to withdraw."),
      criterion_id: pathId("criterion_id", "The criterion whose acknowledgement to withdraw."),
    },
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },
  list_gate_criteria: {
    method: "get",
    path: "/projects/{id}/gate-criteria",
    summary: "List gate criteria",
    description: `The project's entry-gate criteria, oldest first: column_id null applies to every card, otherwise to the cards of that column. ${LIST_NOTE}`,
    group: "gates",
    params: s.IdParams,
    pathIds: { id: pathId("project_id", "The project whose criteria to list.") },
    query: s.ListQuery,
    response: s.listOf(s.GateCriterionSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  create_gate_criterion: {
    method: "post",
    path: "/projects/{id}/gate-criteria",
    summary: "Add a gate criterion",
    description:
      "Adds a criterion `text`, for every card (no column_id) or for the cards of `column_id` (a column of " +
      `the project, else validation_failed). Cards must ack it before they can be claimed. Needs admin. ${ROLE_NOTE}`,
    group: "gates",
    params: s.IdParams,
    pathIds: { id: pathId("project_id", "The project to add the criterion to.") },
    body: s.CreateGateCriterionBody,
    response: s.GateCriterionSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },
  update_gate_criterion: {
    method: "patch",
    path: "/gate-criteria/{id}",
    summary: "Update a gate criterion",
    description: `Changes text and/or column_id (null: project-wide). Existing acks are kept. Needs admin. ${ROLE_NOTE}`,
    group: "gates",
    params: s.IdParams,
    pathIds: { id: pathId("criterion_id", "The criterion to change.") },
    body: s.UpdateGateCriterionBody,
    response: s.GateCriterionSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  delete_gate_criterion: {
    method: "delete",
    path: "/gate-criteria/{id}",
    summary: "Delete a gate criterion",
    description: `Deletes the criterion and its acks. Needs admin. ${ROLE_NOTE}`,
    group: "gates",
    params: s.IdParams,
    pathIds: { id: pathId("criterion_id", "The criterion to delete.") },
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },

  // ---- rot ----
  get_rot_report: {
    method: "get",
    path: "/projects/{id}/rot",
    summary: "Stale-work report",
    description:
      "Non-archived cards with at least one reason, most idle first (not paginated; next_cursor is null). " +
      "Last activity is the latest of the card's updated_at, claimed_at and its newest comment, plan, " +
      "finding or gate ack; idle_hours is the time since then. Reasons: claimed_idle (live claim, idle ≥ " +
      "stale_hours), claim_expired (the lease ran out), no_activity (not claimed, idle ≥ stale_hours), " +
      "overdue (due_at passed). stale_hours: whole hours in base-10 digits, 1..8760, default 72.",
    group: "rot",
    params: s.IdParams,
    pathIds: { id: pathId("project_id", "The project to report on.") },
    query: s.RotQuery,
    response: s.listOf(s.RotEntrySchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },

  // ---- attention ----
  set_attention: {
    method: "post",
    path: "/cards/{id}/attention",
    summary: "Say you are looking at a card",
    description:
      "Sets the caller's live attention record on the card with an optional `note` for `ttl_seconds` " +
      "(10..3600, default 300). A user has at most one record: a new one replaces the old (on any card). " +
      `Expired records are never listed. Needs member. ${ROLE_NOTE}`,
    group: "attention",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card you are looking at.") },
    body: s.SetAttentionBody,
    response: s.AttentionSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  clear_attention: {
    method: "delete",
    path: "/attention",
    summary: "Clear your attention record",
    description: "Removes the caller's attention record, if any.",
    group: "attention",
    status: 204,
    errors: BASE,
    hints: DELETE,
  },
  list_attention: {
    method: "get",
    path: "/projects/{id}/attention",
    summary: "Who is looking at what",
    description: "Live (unexpired) attention records on the project's cards, oldest first (not paginated).",
    group: "attention",
    params: s.IdParams,
    pathIds: { id: pathId("project_id", "The project whose attention records to list.") },
    response: s.listOf(s.AttentionSchema),
    status: 200,
    errors: READ_ERRORS,
    hints: READ,
  },

  // ---- findings ----
  list_findings: {
    method: "get",
    path: "/cards/{id}/findings",
    summary: "List a card's findings",
    description: `Findings recorded on the card, newest first. ${LIST_NOTE}`,
    group: "findings",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card whose findings to list.") },
    query: s.ListQuery,
    response: s.listOf(s.FindingSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  create_finding: {
    method: "post",
    path: "/cards/{id}/findings",
    summary: "Record a finding on a card",
    description:
      "Records a `kind` (bug, risk, question, note) finding with `title`, optional `body` and optional " +
      `\`severity\` (low, medium, high, critical; null when absent). Needs member. ${ROLE_NOTE}`,
    group: "findings",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card to record the finding on.") },
    body: s.CreateFindingBody,
    response: s.FindingSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },

  // ---- card activity ----
  list_card_activity: {
    method: "get",
    path: "/cards/{id}/activity",
    summary: "A card's activity",
    description:
      "What happened to the card in the web app, newest first: created, edited (which fields, from and " +
      "to), moved, archived, commented, claimed, handed off, … with who (`actor_id`) and when. Changes " +
      `made through the API or MCP write none. ${LIST_NOTE}`,
    group: "activity",
    params: s.IdParams,
    pathIds: { id: pathId("card_id", "The card whose activity to list.") },
    query: s.ListQuery,
    response: s.listOf(s.CardActivitySchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
});

export type BoardOperations = typeof boardOperations;
export type BoardOperationName = keyof BoardOperations;

/** Every operation, in declaration order. */
export const boardOperationList: BoardOperation[] = Object.values(boardOperations);

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
type Field<N extends BoardOperationName, K extends string> = BoardOperations[N] extends { [P in K]: infer S }
  ? Infer<S>
  : undefined;
export type OperationParams<N extends BoardOperationName> = Field<N, "params">;
export type OperationQuery<N extends BoardOperationName> = Field<N, "query">;
export type OperationBody<N extends BoardOperationName> = Field<N, "body">;
/**
 * What a handler returns: the response schema's input (timestamps as ISO strings), or nothing for
 * 204; an EmptyResult too for operations with `emptyStatus`.
 */
export type OperationResult<N extends BoardOperationName> = BoardOperations[N] extends { response: infer R }
  ? R extends z.ZodType
    ? BoardOperations[N] extends { emptyStatus: number }
      ? z.input<R> | EmptyResult
      : z.input<R>
    : void
  : void;
