// Comments: operations of the registry (see registry.ts).
import { listOf, ListQuery } from "../../pagination.ts";
import { CommentSchema, CreateCommentBody, UpdateCommentBody } from "../schemas/comments.ts";
import { pathParams } from "../schemas/common.ts";
import {
  CREATE,
  defineOperations,
  DELETE,
  LIST_NOTE,
  READ,
  READ_ERRORS,
  ROLE_NOTE,
  UPDATE,
  WRITE_ERRORS,
} from "./spec.ts";

export const commentOperations = defineOperations({
  list_comments: {
    method: "get",
    path: "/cards/{card_id}/comments",
    summary: "List comments",
    description: `Comments of the card, oldest first; handoff notes are listed too, with \`kind\`: "handoff". ${LIST_NOTE}`,
    group: "comments",
    params: pathParams({ card_id: "The card whose comments to list." }),
    query: ListQuery,
    response: listOf(CommentSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  create_comment: {
    method: "post",
    path: "/cards/{card_id}/comments",
    summary: "Comment on a card",
    description: `Adds a comment with \`body\`. No @mention parsing, notifications or activity. Needs member. ${ROLE_NOTE}`,
    group: "comments",
    params: pathParams({ card_id: "The card to comment on." }),
    body: CreateCommentBody,
    response: CommentSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },
  update_comment: {
    method: "patch",
    path: "/comments/{comment_id}",
    summary: "Edit a comment",
    description:
      "Replaces the comment's `body`; `updated_at` after `created_at` marks it edited. Only its author " +
      `(a member) may. No @mention parsing or notifications. ${ROLE_NOTE}`,
    group: "comments",
    params: pathParams({ comment_id: "The comment to edit." }),
    body: UpdateCommentBody,
    response: CommentSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  delete_comment: {
    method: "delete",
    path: "/comments/{comment_id}",
    summary: "Delete a comment",
    description: `Deletes the comment and its files. Its author (a member) or an admin may. ${ROLE_NOTE}`,
    group: "comments",
    params: pathParams({ comment_id: "The comment to delete." }),
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },
});
