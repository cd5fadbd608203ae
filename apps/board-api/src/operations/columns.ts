import { createColumn, deleteColumn, getBoard, listColumns, updateColumn } from "../services/columns.ts";
import type { Implementations } from "./types.ts";

export const columnImplementations = {
  get_board: (ctx, { params, query }) =>
    getBoard({
      ...ctx,
      projectId: params.project_id,
      includeArchived: query.include_archived ?? false,
      columnId: query.column_id,
      cardsLimit: query.cards_limit,
      cardsCursor: query.cards_cursor,
    }),
  list_columns: (ctx, { params }) => listColumns({ ...ctx, projectId: params.project_id }),
  create_column: (ctx, { params, body }) =>
    createColumn({ ...ctx, projectId: params.project_id, input: body }),
  update_column: (ctx, { params, body }) => updateColumn({ ...ctx, columnId: params.column_id, input: body }),
  delete_column: (ctx, { params }) => deleteColumn({ ...ctx, columnId: params.column_id }),
} satisfies Partial<Implementations>;
