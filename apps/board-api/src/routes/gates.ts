import type { Handlers } from "../http/operation.ts";
import {
  ackGateCriterion,
  createGateCriterion,
  deleteGateCriterion,
  getCardGate,
  listGateCriteria,
  removeGateAck,
  updateGateCriterion,
} from "../services/gates.ts";
import { serviceContext, type RouteDeps } from "./deps.ts";

type GateOps =
  | "get_card_gate"
  | "ack_gate_criterion"
  | "remove_gate_ack"
  | "list_gate_criteria"
  | "create_gate_criterion"
  | "update_gate_criterion"
  | "delete_gate_criterion";

export const gateHandlers = (deps: RouteDeps): Pick<Handlers, GateOps> => ({
  get_card_gate: ({ actor, params }) => getCardGate({ ...serviceContext(deps, actor), cardId: params.id }),
  ack_gate_criterion: ({ actor, params, body }) =>
    ackGateCriterion({
      ...serviceContext(deps, actor),
      cardId: params.id,
      criterionId: body.criterion_id,
      note: body.note,
    }),
  remove_gate_ack: ({ actor, params }) =>
    removeGateAck({ ...serviceContext(deps, actor), cardId: params.id, criterionId: params.criterion_id }),
  list_gate_criteria: ({ actor, params, query }) =>
    listGateCriteria({ ...serviceContext(deps, actor), projectId: params.id, query }),
  create_gate_criterion: ({ actor, params, body }) =>
    createGateCriterion({ ...serviceContext(deps, actor), projectId: params.id, input: body }),
  update_gate_criterion: ({ actor, params, body }) =>
    updateGateCriterion({ ...serviceContext(deps, actor), criterionId: params.id, input: body }),
  delete_gate_criterion: ({ actor, params }) =>
    deleteGateCriterion({ ...serviceContext(deps, actor), criterionId: params.id }),
});
