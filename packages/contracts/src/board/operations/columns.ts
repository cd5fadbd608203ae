// Columns and the board: operations of the registry (see registry.ts).
import { listOf } from "../../pagination.ts";
import {
  BoardColumnSchema,
  BoardQuery,
  ColumnSchema,
  ColumnSummarySchema,
  CreateColumnBody,
  UpdateColumnBody,
} from "../schemas/columns.ts";
import { pathParams } from "../schemas/common.ts";
import {
  CREATE,
  defineOperations,
  DELETE,
  READ,
  READ_ERRORS,
  ROLE_NOTE,
  UPDATE,
  WRITE_ERRORS,
} from "./spec.ts";

export const columnOperations = defineOperations({
  get_board: {
    method: "get",
    path: "/projects/{project_id}/columns",
    summary: "Get the board",
    description:
      "Every column in position order, each with its cards in position order, in one call. " +
      "Archived cards are left out unless `include_archived` is true. " +
      "A very large board can be read in parts instead of one big response: `cards_limit` N gives each column " +
      "its first N cards and a `cards_next_cursor`; then `column_id` with `cards_limit` and `cards_cursor` " +
      "(that column's cursor) gives that column's next N cards (and its next cursor), until the cursor is null. Pages follow the board " +
      "as it is at each call: a card moved meanwhile may be missed or seen twice.",
    toolDescription:
      "Every column in position order with its cards in position order (archived cards only with `include_archived`). A large board in parts: `cards_limit` N gives each column its first N cards and a `cards_next_cursor`; `column_id` with `cards_cursor` continues that column.",
    group: "columns",
    params: pathParams({ project_id: "The project whose board to read." }),
    query: BoardQuery,
    response: listOf(BoardColumnSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  list_columns: {
    method: "get",
    path: "/projects/{project_id}/columns/summary",
    summary: "List columns",
    description:
      "The project's columns in position order, without their cards: id, name, position, `done` and how " +
      "many cards each holds (`card_count` unarchived, `archived_card_count`). Where column_id values come from.",
    group: "columns",
    params: pathParams({ project_id: "The project whose columns to list." }),
    response: listOf(ColumnSummarySchema),
    status: 200,
    errors: READ_ERRORS,
    hints: READ,
  },
  create_column: {
    method: "post",
    path: "/projects/{project_id}/columns",
    summary: "Create a column",
    description: `Adds a column named \`name\`, last or at \`position\`; \`done: true\` makes it a done column (its cards are finished: claim_next_card never offers them, the rot report skips them). Needs admin. ${ROLE_NOTE}`,
    group: "columns",
    params: pathParams({ project_id: "The project to add the column to." }),
    body: CreateColumnBody,
    response: ColumnSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },
  update_column: {
    method: "patch",
    path: "/columns/{column_id}",
    summary: "Rename, reorder or mark a column done",
    description: `Sets \`name\`, moves the column to 0-based \`position\` (past the end: last), and/or sets \`done\` (true: its cards are finished; claim_next_card never offers them, the rot report skips them). Needs admin. ${ROLE_NOTE}`,
    group: "columns",
    params: pathParams({ column_id: "The column to change." }),
    body: UpdateColumnBody,
    response: ColumnSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  delete_column: {
    method: "delete",
    path: "/columns/{column_id}",
    summary: "Delete a column",
    description: `Deletes an empty column; a column that still holds cards (archived ones too) is conflict. Its cards in the trash are deleted for good with it. Needs admin. ${ROLE_NOTE}`,
    group: "columns",
    params: pathParams({ column_id: "The column to delete." }),
    status: 204,
    errors: [...WRITE_ERRORS, "conflict"],
    hints: DELETE,
  },
});
