import { createComment, deleteComment, listComments, updateComment } from "../services/comments.ts";
import type { Implementations } from "./types.ts";

export const commentImplementations = {
  list_comments: (ctx, { params, query }) => listComments({ ...ctx, cardId: params.card_id, query }),
  create_comment: (ctx, { params, body }) =>
    createComment({ ...ctx, cardId: params.card_id, body: body.body }),
  update_comment: (ctx, { params, body }) =>
    updateComment({ ...ctx, commentId: params.comment_id, body: body.body }),
  delete_comment: (ctx, { params }) => deleteComment({ ...ctx, commentId: params.comment_id }),
} satisfies Partial<Implementations>;
