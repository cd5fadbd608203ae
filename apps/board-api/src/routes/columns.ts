import type { Handlers } from "../http/operation.ts";
import { createColumn, deleteColumn, getBoard, updateColumn } from "../services/columns.ts";
import { serviceContext, type RouteDeps } from "./deps.ts";

type ColumnOps = "get_board" | "create_column" | "update_column" | "delete_column";

export const columnHandlers = (deps: RouteDeps): Pick<Handlers, ColumnOps> => ({
  get_board: ({ actor, params, query }) =>
    getBoard({
      ...serviceContext(deps, actor),
      projectId: params.id,
      includeArchived: query.include_archived ?? false,
      columnId: query.column_id,
      cardsLimit: query.cards_limit,
      cardsCursor: query.cards_cursor,
    }),
  create_column: ({ actor, params, body }) =>
    createColumn({ ...serviceContext(deps, actor), projectId: params.id, input: body }),
  update_column: ({ actor, params, body }) =>
    updateColumn({ ...serviceContext(deps, actor), columnId: params.id, input: body }),
  delete_column: ({ actor, params }) => deleteColumn({ ...serviceContext(deps, actor), columnId: params.id }),
});
