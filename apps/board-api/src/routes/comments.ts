import type { Handlers } from "../http/operation.ts";
import { createComment, deleteComment, listComments } from "../services/comments.ts";
import { serviceContext, type RouteDeps } from "./deps.ts";

export const commentHandlers = (
  deps: RouteDeps,
): Pick<Handlers, "list_comments" | "create_comment" | "delete_comment"> => ({
  list_comments: ({ actor, params, query }) =>
    listComments({ ...serviceContext(deps, actor), cardId: params.id, query }),
  create_comment: ({ actor, params, body }) =>
    createComment({ ...serviceContext(deps, actor), cardId: params.id, body: body.body }),
  delete_comment: ({ actor, params }) =>
    deleteComment({ ...serviceContext(deps, actor), commentId: params.id }),
});
