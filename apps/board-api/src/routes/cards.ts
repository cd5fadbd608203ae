import type { Handlers } from "../http/operation.ts";
import {
  archiveCard,
  createCard,
  deleteCard,
  getCard,
  moveCard,
  unarchiveCard,
  updateCard,
} from "../services/cards.ts";
import { serviceContext, type RouteDeps } from "./deps.ts";

type CardOps =
  | "create_card"
  | "get_card"
  | "update_card"
  | "delete_card"
  | "move_card"
  | "archive_card"
  | "unarchive_card";

export const cardHandlers = (deps: RouteDeps): Pick<Handlers, CardOps> => ({
  create_card: ({ actor, params, body }) =>
    createCard({ ...serviceContext(deps, actor), columnId: params.id, input: body }),
  get_card: ({ actor, params }) => getCard({ ...serviceContext(deps, actor), cardId: params.id }),
  update_card: ({ actor, params, body }) =>
    updateCard({ ...serviceContext(deps, actor), cardId: params.id, input: body }),
  delete_card: ({ actor, params }) => deleteCard({ ...serviceContext(deps, actor), cardId: params.id }),
  move_card: ({ actor, params, body }) =>
    moveCard({
      ...serviceContext(deps, actor),
      cardId: params.id,
      toColumnId: body.to_column_id,
      position: body.position,
    }),
  archive_card: ({ actor, params }) => archiveCard({ ...serviceContext(deps, actor), cardId: params.id }),
  unarchive_card: ({ actor, params }) => unarchiveCard({ ...serviceContext(deps, actor), cardId: params.id }),
});
