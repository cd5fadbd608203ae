// The project's trash: operations of the registry (see registry.ts). delete_card (cards.ts) puts a
// card here; these list it, bring it back, or delete it for good.
import { listOf, ListQuery } from "../../pagination.ts";
import { CardSchema } from "../schemas/cards.ts";
import { pathParams } from "../schemas/common.ts";
import { EmptyTrashResultSchema, TRASH_RETENTION_DAYS, TrashedCardSchema } from "../schemas/trash.ts";
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

export const trashOperations = defineOperations({
  list_trash: {
    method: "get",
    path: "/projects/{project_id}/trash",
    summary: "List the trash",
    description:
      `The project's deleted cards, most recently deleted first, with \`deleted_at\` and \`deleted_by\`; each is ` +
      `deleted for good ${TRASH_RETENTION_DAYS} days after deleted_at. No other read shows them: restore_card brings one back. ${LIST_NOTE}`,
    group: "cards",
    params: pathParams({ project_id: "The project whose trash to list." }),
    query: ListQuery,
    response: listOf(TrashedCardSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  restore_card: {
    method: "post",
    path: "/cards/{card_id}/restore",
    summary: "Restore a card from the trash",
    description:
      "Brings a deleted card back from the trash (list_trash has them), last in its column, with its comments, " +
      `checklist, labels and files; a card not in the trash is returned unchanged. Needs member. ${ROLE_NOTE}`,
    group: "cards",
    params: pathParams({ card_id: "The deleted card to bring back (from list_trash)." }),
    response: CardSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  empty_trash: {
    method: "delete",
    path: "/projects/{project_id}/trash",
    summary: "Empty the trash",
    description:
      "Deletes every card in the project's trash for good, with their comments, checklists and files; " +
      `answers how many. Needs admin. ${ROLE_NOTE}`,
    group: "cards",
    params: pathParams({ project_id: "The project whose trash to empty." }),
    response: EmptyTrashResultSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },
});
